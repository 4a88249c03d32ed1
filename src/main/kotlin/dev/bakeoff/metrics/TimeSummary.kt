package dev.bakeoff.metrics

import dev.bakeoff.result.TimeStats

/** Order statistics over the measured runs of one cell (each run is one JMH iteration's score, in ns). */
internal object TimeSummary {
    fun of(runs: List<Double>, error: Double): TimeStats {
        require(runs.isNotEmpty()) { "no measured runs" }
        val sorted = runs.sorted()
        val n = sorted.size
        val median = if (n % 2 == 1) sorted[n / 2] else (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        return TimeStats(
            sorted.first(),
            median,
            sorted.last(),
            runs.average(),
            if (error.isFinite()) error else 0.0,
            runs,
        )
    }
}
