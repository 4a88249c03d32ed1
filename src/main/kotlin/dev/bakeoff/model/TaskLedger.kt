package dev.bakeoff.model

import java.lang.invoke.MethodHandles
import java.lang.invoke.VarHandle

/**
 * Proves that every item of every batch ran exactly once and produced the right result, at a
 * cost inside the measured batch of one plain addition per item.
 *
 * Each item owns one slot, to which every run of it adds `2^32 + r` (r: its result as an unsigned
 * 32-bit number): no atomic instruction, no fence, no shared counter, so the bookkeeping inside a
 * timed batch stays at about a nanosecond per item. Every check happens in [verify], called when no
 * batch is running (after a measurement iteration, outside the timed section): after `b` batches a
 * slot must hold exactly `b × (2^32 + e)` (e: the direct single-threaded run's result), modulo
 * 2^64. One run more or less, or one wrong result, can never give that value: a missing or extra
 * run changes the slot by `2^32 + e`, whose factor of two is at most 2^32, and a wrong result by
 * less than 2^32 (a skip and a compensating wrong result in the same slot would have to be built
 * on purpose). A strategy that loses, duplicates or corrupts an item is thereby reported as broken
 * instead of being timed.
 *
 * Each slot has [STRIDE] longs (128 bytes) to itself, as the JDK pads `@Contended` fields: items
 * of one batch record from different threads at the same time, and adjacent slots in one cache
 * line (or in the pair of lines the CPU prefetches together) would make every record a coherence
 * miss between cores, a cost of the ledger that would differ by strategy (how it spreads
 * neighbouring items over threads) and that no plain benchmark pays. The price is memory: 128
 * bytes per item (12.5 KiB at 100 items, 122 MiB at a million).
 *
 * Threading model: items record from whatever threads the strategy runs them on, each into its
 * own slot only. A strategy returns from a batch only when every item has finished, and that
 * completion (a join, a latch, a future) orders the items' writes before [verify]'s reads; the
 * next batch's hand-off orders them before the next writes. One case plain writes cannot see:
 * the same item run twice at the same instant on two threads may be counted once. The untimed
 * trace pass records with [recordAtomically], which counts that case too.
 *
 * @param expected the result of each item computed by a direct, single-threaded run.
 */
internal class TaskLedger(private val expected: IntArray) {
    val size: Int get() = expected.size

    private val slots = LongArray(expected.size * STRIDE)

    /** Records that item [index] ran and returned [result]. Allocation-free; one plain write to the item's own slot. */
    fun record(index: Int, result: Int) {
        slots[index * STRIDE] += packed(result)
    }

    /** [record] with an atomic addition: for untimed passes, where even simultaneous duplicates must count. */
    fun recordAtomically(index: Int, result: Int) {
        SLOT.getAndAdd(slots, index * STRIDE, packed(result))
    }

    /**
     * A sum of every slot, which changes whenever any item records: a progress signal for a watcher
     * on another thread, read without synchronisation while items run (a record may show late, never
     * one that did not happen). Costs one read per item, so the watcher calls it sparingly.
     */
    fun fingerprint(): Long {
        var sum = 0L
        for (i in expected.indices) sum += slots[i * STRIDE]
        return sum
    }

    /**
     * How many items have not recorded in the batch that follows [batches] complete ones since the last
     * [verify] (read as [fingerprint] is, for a watcher's message: the items a stalled batch still owes).
     */
    fun pending(batches: Int): Int = expected.indices.count { slots[it * STRIDE] == batches * packed(expected[it]) }

    /** Checks the items recorded since the last call against [batches] complete batches, then resets. */
    fun verify(batches: Int) {
        val wrong = expected.indices.filter { slots[it * STRIDE] != batches * packed(expected[it]) }
        val runs = wrong.associateWith { runsOf(it) }
        slots.fill(0)
        // A slot that is a whole multiple of its item's value ran that many times with the right result.
        val miscounted = wrong.filter { runs[it] != null }
        if (miscounted.isNotEmpty()) {
            val shown = miscounted.take(SHOWN).joinToString { "item $it ran ${runs[it]} time(s)" }
            throw LedgerException(
                "ledger broken: ${miscounted.size} of $size items did not run exactly $batches time(s): $shown",
            )
        }
        if (wrong.isNotEmpty()) {
            throw LedgerException(
                "ledger broken: ${wrong.size} of $size items returned results that differ from the direct run: " +
                    "items ${wrong.take(SHOWN).joinToString()}",
            )
        }
    }

    /**
     * The check of a batch with a failing item ([FailingWorkload]) or a deadline: every item other than [failing]
     * completed at most once per batch, [batches] in all since the ledger was made (counts are never
     * reset, so an item that outlived its batch and recorded after a check is counted at the next),
     * with the direct run's result; [failing] (null: none) never completed. Items that did not complete were
     * cancelled or never started, which the strategy decides; the traced batches show which
     * ([ItemTrace.outcome]). Reads each slot atomically, as leftover items may still be recording.
     */
    fun verifyAtMost(batches: Long, failing: Int?) {
        val runs = expected.indices.associateWith { runsOf(it, SLOT.getVolatile(slots, it * STRIDE) as Long) }
        val corrupt = runs.filterValues { it == null }.keys
        if (corrupt.isNotEmpty()) {
            throw LedgerException(
                "ledger broken: ${corrupt.size} of $size items returned results that differ from the direct run: " +
                    "items ${corrupt.take(SHOWN).joinToString()}",
            )
        }
        val over = runs.filter { (i, n) -> n!! > (if (i == failing) 0 else batches) }
        if (over.isNotEmpty()) {
            val shown = over.entries.take(SHOWN).joinToString { (i, n) -> "item $i completed $n time(s)" }
            throw LedgerException(
                "ledger broken: ${over.size} of $size items completed more often than once per batch " +
                    "($batches batch(es)${failing?.let { ", item $it fails in each" }.orEmpty()}): $shown",
            )
        }
    }

    private fun runsOf(index: Int, slot: Long = slots[index * STRIDE]): Long? {
        val unit = packed(expected[index])
        if (java.lang.Long.remainderUnsigned(slot, unit) != 0L) return null
        return java.lang.Long.divideUnsigned(slot, unit)
    }

    companion object {
        /** Longs per slot: 128 bytes, two cache lines, the JDK's `@Contended` padding. */
        const val STRIDE = 16
        private const val SHOWN = 5
        private val SLOT: VarHandle = MethodHandles.arrayElementVarHandle(LongArray::class.java)

        /** One run's share of a slot: 2^32 plus the result read as unsigned. */
        private fun packed(result: Int): Long = (1L shl Int.SIZE_BITS) + (result.toLong() and 0xFFFF_FFFFL)
    }
}

/** A strategy lost, duplicated or corrupted items: its cell is broken, not slow. */
internal class LedgerException(message: String) : IllegalStateException(message)
