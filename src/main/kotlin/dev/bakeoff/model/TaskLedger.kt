package dev.bakeoff.model

import java.util.concurrent.atomic.AtomicIntegerArray
import java.util.concurrent.atomic.LongAdder

/**
 * Proves that every item of every batch ran exactly once and produced the right result.
 *
 * Items record themselves ([record]) from whatever thread runs them; [verify] is called when no
 * batch is running (between measurement iterations, outside the timed section) and checks that
 * each item ran exactly `batches` times and that the order-independent checksum of all results
 * equals `batches` times the checksum of the single-threaded reference results. A strategy that
 * loses, duplicates or corrupts an item is thereby reported as broken instead of being timed.
 *
 * @param expected the result of each item computed by a direct, single-threaded run.
 */
internal class TaskLedger(private val expected: IntArray) {
    val size: Int get() = expected.size
    private val runs = AtomicIntegerArray(expected.size)
    private val checksum = LongAdder()
    private val expectedChecksum = expected.indices.sumOf { mix(it, expected[it]) }

    /** Records that item [index] ran and returned [result]. Thread-safe; allocation-free. */
    fun record(index: Int, result: Int) {
        runs.incrementAndGet(index)
        checksum.add(mix(index, result))
    }

    /** Checks the items recorded since the last call against [batches] complete batches, then resets. */
    fun verify(batches: Int) {
        val counts = IntArray(size) { runs[it] }
        val sum = checksum.sum()
        for (i in 0 until size) runs.set(i, 0)
        checksum.reset()
        val wrong = expected.indices.filter { counts[it] != batches }
        if (wrong.isNotEmpty()) {
            val shown = wrong.take(5).joinToString { "item $it ran ${counts[it]} time(s)" }
            throw LedgerException(
                "ledger broken: ${wrong.size} of $size items did not run exactly $batches time(s): $shown",
            )
        }
        if (sum != expectedChecksum * batches) {
            throw LedgerException(
                "ledger broken: every item ran $batches time(s) " +
                    "but the checksum of results differs from the direct run",
            )
        }
    }

    private companion object {
        /** Order-independent but position-sensitive: a wrong result or a swapped index changes the sum. */
        fun mix(index: Int, result: Int): Long {
            var h = index.toLong() * -0x61c8864680b583ebL + result
            h = (h xor (h ushr 31)) * -0x4b47d5b1ab6fa0e3L
            return h xor (h ushr 29)
        }
    }
}

/** A strategy lost, duplicated or corrupted items: its cell is broken, not slow. */
internal class LedgerException(message: String) : IllegalStateException(message)
