package dev.bakeoff.model

/**
 * The items a [Strategy] runs in one call of [Strategy.run].
 *
 * Threading model: [run] and [runSuspending] may be called from any thread or coroutine,
 * concurrently. The run's [WaitForm] decides how an item waits, not the entry point: a thread
 * pool calls [run] and, in the suspending form, the item bridges with `runBlocking { delay }`
 * (its thread stays held, which is the honest cost of mixing the two); a coroutine calls
 * [runSuspending] and, in the blocking form, the item blocks its dispatcher thread, exactly as
 * a blocking callback would.
 */
internal interface Batch {
    /** Number of items; their indices are `0 until size`. */
    val size: Int

    /** Runs item [index] on the calling thread. */
    fun run(index: Int)

    /** Runs item [index] in the calling coroutine. */
    suspend fun runSuspending(index: Int)
}
