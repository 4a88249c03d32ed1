package dev.bakeoff.engine.cell

import dev.bakeoff.result.HandoffGroup
import dev.bakeoff.result.LoadHandoff
import kotlin.math.sqrt

/**
 * A load window's hand-offs, derived after the drain from what the generator recorded per item anyway (its
 * submission, its end, its service time), so nothing is added to the timed path: each measured item's wait
 * from submission to start (end minus service time), grouped by how many other items were in flight when
 * it was submitted. Which groups found a server idle is the queueing model's to say (it knows the servers).
 * Pure: synthetic windows test it.
 */
internal object Handoffs {
    /** Items submitted with this many others in flight or more are left out: they queued behind any pool here. */
    const val MAX_IN_FLIGHT = 64

    /**
     * Items `0 until count` submitted at [submitted] (in order: one thread submits), ending at [ended]
     * ([Long.MAX_VALUE] for one that never ended), of service time [held] (0: unknown, left out), the measured
     * ones from [from] on, each [lag] after its intended start; null when no measured item has a service time.
     */
    fun of(
        submitted: LongArray,
        ended: LongArray,
        held: LongArray,
        lag: LongArray,
        from: Int,
        count: Int,
    ): LoadHandoff? {
        val ends = ended.copyOf(count).apply { sort() }
        val n = LongArray(MAX_IN_FLIGHT)
        val sum = DoubleArray(MAX_IN_FLIGHT)
        val squares = DoubleArray(MAX_IN_FLIGHT)
        var over = 0
        for (i in 0 until count) {
            // Ends at or before this submission: those items are out of flight; the rest before it are in.
            while (over < count && ends[over] <= submitted[i]) over++
            // Its own end counts when it ended at its submission's instant (a clock that did not move): none is -1.
            val inFlight = (i - over).coerceAtLeast(0)
            if (i < from || held[i] <= 0 || inFlight >= MAX_IN_FLIGHT) continue
            val wait = maxOf(0L, ended[i] - held[i] - submitted[i]).toDouble()
            n[inFlight]++
            sum[inFlight] += wait
            squares[inFlight] += wait * wait
        }
        val last = n.indexOfLast { it > 0 }
        if (last < 0) return null
        val groups = (0..last).map { k ->
            if (n[k] == 0L) {
                HandoffGroup(0, 0.0, 0.0)
            } else {
                val mean = sum[k] / n[k]
                HandoffGroup(n[k], mean, sqrt(maxOf(0.0, squares[k] / n[k] - mean * mean)))
            }
        }
        val measured = count - from
        return LoadHandoff(
            if (measured >
                0
            ) {
                (from until count).sumOf { lag[it] }.toDouble() / measured
            } else {
                0.0
            },
            groups,
        )
    }
}
