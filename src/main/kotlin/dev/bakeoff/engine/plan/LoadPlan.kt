package dev.bakeoff.engine.plan

import dev.bakeoff.result.Arrival
import java.util.Locale

/**
 * How one load cell offers its items: [ratePerSec] arrivals a second, spaced as [arrival] says, for a
 * warm-up of [warmupNs] then the measured window of [durationNs]; the measured items may then take
 * [drainNs] more to finish. Immutable.
 */
internal data class LoadPlan(
    val ratePerSec: Double,
    val arrival: Arrival,
    val durationNs: Long,
    val warmupNs: Long = minOf(durationNs, MAX_WARMUP_NS),
    val drainNs: Long = maxOf(durationNs, MIN_DRAIN_NS),
) {
    init {
        require(ratePerSec > 0 && durationNs > 0) { "a load plan needs a rate and a duration" }
    }

    /** The same plan at [rate]: a point of a capacity sweep. */
    fun at(rate: Double) = copy(ratePerSec = rate)

    /**
     * The room the generator takes for this plan's arrivals (warm-up and window, with a margin for Poisson's
     * variation), at most [MAX_ARRIVALS].
     */
    val arrivals: Int get() = minOf(MAX_ARRIVALS.toDouble(), needed()).toInt()

    private fun needed(): Double = ratePerSec * (warmupNs + durationNs) / 1e9 * ARRIVAL_MARGIN + ARRIVAL_SLACK

    /**
     * Why this plan cannot be measured as asked, in one line naming the options, or null: its arrivals would
     * not fit one load JVM (the window would be cut short without a word), or its window expects fewer than
     * [MIN_WINDOW_ARRIVALS] arrivals (no latency or rate could be read from it).
     */
    fun problem(): String? {
        val rate = "--rate ${"%.0f".format(Locale.ROOT, ratePerSec)}/s"
        val seconds = durationNs / 1e9
        val expected = ratePerSec * seconds
        return when {
            needed() > MAX_ARRIVALS -> {
                // For windows of 5 s or more the warm-up is 5 s: the longest window that fits at this rate.
                val longest = (MAX_ARRIVALS - ARRIVAL_SLACK) / (ratePerSec * ARRIVAL_MARGIN) - MAX_WARMUP_NS / 1e9
                val fits = if (longest >= 1) "--duration ${longest.toLong()}s or less" else "a lower rate"
                "$rate for --duration ${"%.3g".format(
                    Locale.ROOT,
                    seconds,
                )}s needs more arrivals than one load JVM holds " +
                    "($MAX_ARRIVALS with its warm-up): give $fits"
            }

            expected < MIN_WINDOW_ARRIVALS ->
                "$rate for --duration ${"%.3g".format(
                    Locale.ROOT,
                    seconds,
                )}s expects ${"%.3g".format(Locale.ROOT, expected)} arrivals in " +
                    "the window; give a window or rate that brings at least $MIN_WINDOW_ARRIVALS"

            else -> null
        }
    }

    companion object {
        /**
         * The warm-up runs at the same rate, as long as the window, up to 5 s (the JIT and the pools settle within it).
         */
        const val MAX_WARMUP_NS = 5_000_000_000L

        /** Measured items may take at least this long to finish after the window (a stalled strategy's queue). */
        const val MIN_DRAIN_NS = 5_000_000_000L

        /** Arrivals one load JVM can take at most: 32 MB of intended starts, 16 MB of counts. */
        const val MAX_ARRIVALS = 1 shl 22

        /** The fewest arrivals a measured window may expect: below that no percentile or rate means anything. */
        const val MIN_WINDOW_ARRIVALS = 10

        private const val ARRIVAL_MARGIN = 1.2
        private const val ARRIVAL_SLACK = 1_000
    }
}
