package dev.bakeoff.engine.load

import dev.bakeoff.engine.plan.LatencyObjective
import dev.bakeoff.metrics.ForkInterval
import dev.bakeoff.result.CapacityPoint
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.LoadResult
import dev.bakeoff.result.ObjectiveVerdict

/**
 * Judges one rate of a capacity search from its forks (each a load JVM of its own: independent, unlike
 * windows of one JVM, which share its JIT, heap and placement). The objective's percentile of the forks
 * that kept the rate, over the limit, is one figure a fork with its interval by the race's own fork
 * statistics ([ForkInterval]: a t interval on the log, with forks − 1 degrees of freedom), so no second
 * set of statistics. Pure.
 */
internal object PointJudge {
    /** [forks] measured at [rate], judged against [objective] at two-sided [confidence]. */
    fun judge(rate: Double, forks: List<LoadResult>, objective: LatencyObjective, confidence: Double): CapacityPoint {
        require(forks.isNotEmpty()) { "a point needs a fork" }
        val kept = forks.filter(::keptUp)
        val behind = forks.size - kept.size
        if (behind * 2 >= forks.size) return CapacityPoint(rate, forks.size, ObjectiveVerdict.MISSES)
        // A 0 ns percentile (a clock's tick) has no log: one nanosecond changes no verdict.
        val tails = kept.map { maxOf(1.0, checkNotNull(it.figures).latencyNs.at(objective.percentile).toDouble()) }
        val limit = objective.limitNs.toDouble()
        val ratio = ForkInterval.of(tails.map { it / limit }, confidence)
            ?: return CapacityPoint(rate, forks.size, ObjectiveVerdict.CANNOT_TELL)
        // The interval of tail / limit: above 1 throughout misses, at most 1 throughout meets.
        val low = ratio.low
        val high = ratio.high
        val verdict = when {
            low > 1.0 -> ObjectiveVerdict.MISSES

            // A fork that fell behind could have met nothing: the others alone cannot say the point meets.
            high <= 1.0 && behind == 0 -> ObjectiveVerdict.MEETS

            else -> ObjectiveVerdict.CANNOT_TELL
        }
        return CapacityPoint(rate, forks.size, verdict, ratio.mean * limit, low * limit, high * limit)
    }

    /** The fork kept the rate: ok, the generator on time, nearly every arrival done, nothing unfinished. */
    fun keptUp(result: LoadResult): Boolean {
        val f = result.figures ?: return false
        return result.status == CellStatus.OK && f.lag.kept && f.unfinished == 0L &&
            f.achievedPerSec >= LoadSuite.KEPT_SHARE * f.offeredPerSec
    }
}
