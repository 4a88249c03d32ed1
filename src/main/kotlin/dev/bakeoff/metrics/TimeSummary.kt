package dev.bakeoff.metrics

import dev.bakeoff.result.TimeStats

/** Order statistics over the measured runs of one cell (each run is one JMH iteration's score, in ns). */
internal object TimeSummary {
    /**
     * [runs] summarised; [forks] says how many runs each fork gave, in order (null: unknown, as in
     * files written before forks were kept), and brings the between- and within-fork variation.
     */
    fun of(runs: List<Double>, error: Double, forks: List<Int>? = null): TimeStats {
        require(runs.isNotEmpty()) { "no measured runs" }
        val sorted = runs.sorted()
        val n = sorted.size
        val median = if (n % 2 == 1) sorted[n / 2] else (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        val (between, within) = forks?.let { ForkSample.variation(runs, it) } ?: (null to null)
        return TimeStats(
            sorted.first(),
            median,
            sorted.last(),
            runs.average(),
            if (error.isFinite()) error else 0.0,
            runs,
            forks,
            between,
            within,
        )
    }
}
