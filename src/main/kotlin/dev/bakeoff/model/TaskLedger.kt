package dev.bakeoff.model

import java.lang.invoke.MethodHandles
import java.lang.invoke.VarHandle

/**
 * Proves that every item of every batch ran exactly once and produced the right result, at a
 * cost inside the measured batch of two plain additions per item.
 *
 * Each item owns two adjacent slots: how many times it ran and the sum of its results. [record]
 * adds to them with plain writes: no atomic instruction, no fence, no shared counter, so the
 * bookkeeping inside a timed batch stays at about a nanosecond per item. Every check happens in
 * [verify], called when no batch is running (after a measurement iteration, outside the timed
 * section): each item must have run exactly `batches` times and its results must add up to
 * `batches` times the result of the direct single-threaded run. A strategy that loses, duplicates
 * or corrupts an item is thereby reported as broken instead of being timed.
 *
 * Threading model: items record from whatever threads the strategy runs them on, each into its
 * own slots only. A strategy returns from a batch only when every item has finished, and that
 * completion (a join, a latch, a future) orders the items' writes before [verify]'s reads; the
 * next batch's hand-off orders them before the next writes. One case plain writes cannot see:
 * the same item run twice at the same instant on two threads may be counted once. The untimed
 * trace pass records with [recordAtomically], which counts that case too.
 *
 * @param expected the result of each item computed by a direct, single-threaded run.
 */
internal class TaskLedger(private val expected: IntArray) {
    val size: Int get() = expected.size

    /** `[2i]`: runs of item i; `[2i + 1]`: the sum of its results. Adjacent, so one cache line per item's update. */
    private val slots = LongArray(2 * expected.size)

    /** Records that item [index] ran and returned [result]. Allocation-free; plain writes to the item's own slots. */
    fun record(index: Int, result: Int) {
        val at = index shl 1
        slots[at]++
        slots[at + 1] += result.toLong()
    }

    /** [record] with atomic additions: for untimed passes, where even simultaneous duplicates must count. */
    fun recordAtomically(index: Int, result: Int) {
        val at = index shl 1
        SLOT.getAndAdd(slots, at, 1L)
        SLOT.getAndAdd(slots, at + 1, result.toLong())
    }

    /** Checks the items recorded since the last call against [batches] complete batches, then resets. */
    fun verify(batches: Int) {
        val counts = LongArray(size) { slots[2 * it] }
        val wrongResult = expected.indices.filter {
            counts[it] == batches.toLong() && slots[2 * it + 1] != expected[it].toLong() * batches
        }
        slots.fill(0)
        val wrong = expected.indices.filter { counts[it] != batches.toLong() }
        if (wrong.isNotEmpty()) {
            val shown = wrong.take(SHOWN).joinToString { "item $it ran ${counts[it]} time(s)" }
            throw LedgerException(
                "ledger broken: ${wrong.size} of $size items did not run exactly $batches time(s): $shown",
            )
        }
        if (wrongResult.isNotEmpty()) {
            throw LedgerException(
                "ledger broken: every item ran $batches time(s) but ${wrongResult.size} of $size returned " +
                    "results that differ from the direct run: items ${wrongResult.take(SHOWN).joinToString()}",
            )
        }
    }

    private companion object {
        const val SHOWN = 5
        val SLOT: VarHandle = MethodHandles.arrayElementVarHandle(LongArray::class.java)
    }
}

/** A strategy lost, duplicated or corrupted items: its cell is broken, not slow. */
internal class LedgerException(message: String) : IllegalStateException(message)
