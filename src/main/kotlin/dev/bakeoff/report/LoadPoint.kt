package dev.bakeoff.report

import dev.bakeoff.metrics.ForkInterval
import dev.bakeoff.result.LoadFigures
import dev.bakeoff.result.LoadResult
import kotlin.math.exp
import kotlin.math.ln

/**
 * One strategy at one offered rate of a load or capacity run, as the charts draw it: its [forks] (each a
 * load JVM of its own; `bakeoff load` has one, a capacity point several), every latency percentile as the
 * forks' geometric mean with its interval ([ForkInterval], the one the capacity search's verdicts read), and
 * what was measured beside it, averaged over the forks. Immutable.
 */
internal class LoadPoint(val strategy: String, val ratePerSec: Double, val forks: List<LoadResult>) {
    /** The forks that ran, in the order they ran. */
    val measured: List<LoadFigures> = forks.mapNotNull { it.figures }

    /** A latency over the forks: the geometric [mean], with [low]–[high] when two forks or more give an interval. */
    class Band(val mean: Double, val low: Double?, val high: Double?)

    /** The latency at [percentile] (`p50`, `p99`, `p99.9`) at two-sided [confidence]; null when no fork ran. */
    fun latency(percentile: String, confidence: Double): Band? {
        // A 0 ns percentile (a clock's tick) has no log: one nanosecond changes no line.
        val values = measured.map { maxOf(1.0, it.latencyNs.at(percentile).toDouble()) }.ifEmpty { return null }
        val interval = ForkInterval.of(values, confidence)
            ?: return Band(exp(values.sumOf { ln(it) } / values.size), null, null)
        return Band(interval.mean, interval.low, interval.high)
    }

    /** The mean over the forks of what [of] measured, or null when none did. */
    fun mean(of: (LoadFigures) -> Number?): Double? =
        measured.mapNotNull { of(it)?.toDouble() }.takeIf { it.isNotEmpty() }?.average()

    companion object {
        /** The points of [cells] (one kind of work): by strategy in the order they first appear, then by rate. */
        fun of(cells: List<LoadResult>): Map<String, List<LoadPoint>> = cells.groupBy { it.strategy }
            .mapValues { (strategy, own) ->
                own.groupBy { it.ratePerSec }.toSortedMap().map { (rate, forks) -> LoadPoint(strategy, rate, forks) }
                    .filter { it.measured.isNotEmpty() }
            }
            .filterValues { it.isNotEmpty() }
    }
}
