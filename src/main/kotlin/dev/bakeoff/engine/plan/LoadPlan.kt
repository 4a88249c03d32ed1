package dev.bakeoff.engine.plan

import dev.bakeoff.result.Arrival

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

    companion object {
        /**
         * The warm-up runs at the same rate, as long as the window, up to 5 s (the JIT and the pools settle within it).
         */
        const val MAX_WARMUP_NS = 5_000_000_000L

        /** Measured items may take at least this long to finish after the window (a stalled strategy's queue). */
        const val MIN_DRAIN_NS = 5_000_000_000L
    }
}
