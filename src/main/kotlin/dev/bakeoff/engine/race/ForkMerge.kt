package dev.bakeoff.engine.race

import dev.bakeoff.metrics.ForkSample
import dev.bakeoff.metrics.LimitFormula
import dev.bakeoff.metrics.RankedCell
import dev.bakeoff.metrics.TimeSummary
import dev.bakeoff.metrics.Trend
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.ForkAnatomy
import org.openjdk.jmh.util.ListStatistics

/**
 * One cell's forks, run one at a time (a race's rounds, a preset's interleaved forks), as one
 * result: each fork's runs kept apart ([dev.bakeoff.result.TimeStats.forks]) for the fork-level
 * decision. Pure; safe from any thread.
 */
internal object ForkMerge {
    /**
     * [ranked] with [next]'s runs added, its other figures (threads, trace, limit, evidence) kept;
     * a fork that did not end ok makes the cell what that fork was.
     */
    fun merged(ranked: RankedCell, next: CellResult): CellResult {
        if (next.status != CellStatus.OK || next.timeNs == null) return next
        val previous = ranked.cell
        val runs = ranked.time.runs + next.timeNs.runs
        val forks = ForkSample.split(ranked.time.runs, ranked.time.forks) +
            ForkSample.split(next.timeNs.runs, next.timeNs.forks)
        val error = ListStatistics(runs.toDoubleArray()).getMeanErrorAt(CONFIDENCE)
        val time = TimeSummary.of(runs, error, forks.map { it.size })
        val trend = listOf(previous, next).filter { it.drift != null }.maxByOrNull { kotlin.math.abs(it.drift!!) }
        return previous.copy(
            timeNs = time,
            steady = Trend.all(listOf(previous.steady, next.steady)),
            drift = trend?.drift,
            firstToLast = trend?.firstToLast,
            throughputPerSec = previous.items / (time.median / NANOS_PER_SECOND),
            efficiency = previous.limitNs?.let { LimitFormula.efficiency(it, time.median) },
            forks = previous.forks.orEmpty() + next.forks.orEmpty(),
        )
    }

    /**
     * [screened] (a race's screening fork alone) with its time figures replaced by [next]'s, the race's first
     * timing fork of the cell, its other figures (threads, trace, limit, evidence) kept and its screening fork
     * marked [ForkAnatomy.replaced]; a fork that did not end ok makes the cell what that fork was. For a screening
     * fork that does not count ([RaceRules.screeningCounts]): a single-shot one's one batch, timed after a single
     * warm-up batch, runs slower than the cell's timing forks, which all warm up alike.
     */
    fun confirmed(screened: CellResult, next: CellResult): CellResult {
        val time = next.timeNs
        if (next.status != CellStatus.OK || time == null) return next
        return screened.copy(
            timeNs = time,
            steady = next.steady,
            drift = next.drift,
            firstToLast = next.firstToLast,
            throughputPerSec = screened.items / (time.median / NANOS_PER_SECOND),
            efficiency = screened.limitNs?.let { LimitFormula.efficiency(it, time.median) },
            forks = screened.forks.orEmpty().map { it.runsReplaced() } + next.forks.orEmpty(),
        )
    }

    private const val NANOS_PER_SECOND = 1e9

    /** As JMH's own score error: the half-width of the 99.9% interval of the mean. */
    private const val CONFIDENCE = 0.999
}
