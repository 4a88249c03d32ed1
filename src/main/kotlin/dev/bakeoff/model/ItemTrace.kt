package dev.bakeoff.model

/**
 * Raw per-item timestamps and thread identities of one instrumented batch. Only the separate,
 * untimed instrumentation pass records into a trace, so its cost never reaches the timing pass.
 *
 * Threading model: each item writes only its own slots, and the batch's completion (which every
 * strategy awaits) publishes them to the reader.
 */
internal class ItemTrace(val size: Int) {
    /** `System.nanoTime()` when the strategy was handed the batch. */
    var batchStartNs = 0L
    val startNs = LongArray(size)
    val endNs = LongArray(size)
    val threadIds = LongArray(size)
    val virtual = BooleanArray(size)

    /** How each item ended (null: never started, or still running when read). */
    val outcome = arrayOfNulls<ItemOutcome>(size)

    /** `System.nanoTime()` when the strategy returned (or threw); 0 until the engine sets it. */
    var returnNs = 0L

    /**
     * Platform threads started during this batch, alive once its items had all ended and still alive after the
     * strategy closed: a thread a strategy left behind (a pool's own threads, ended by close, are not). Set by the
     * engine when the cell closes, for a batch with a failing item or a deadline only.
     */
    var threadsLeft = 0

    fun begin() {
        batchStartNs = System.nanoTime()
    }

    fun started(index: Int) {
        val t = Thread.currentThread()
        threadIds[index] = t.threadId()
        virtual[index] = t.isVirtual
        startNs[index] = System.nanoTime()
    }

    fun finished(index: Int, how: ItemOutcome = ItemOutcome.COMPLETED) {
        endNs[index] = System.nanoTime()
        outcome[index] = how
    }
}
