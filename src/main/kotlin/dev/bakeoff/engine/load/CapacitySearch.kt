package dev.bakeoff.engine.load

import dev.bakeoff.result.CapacityPoint
import dev.bakeoff.result.ObjectiveVerdict
import kotlin.math.sqrt

/**
 * Brackets a strategy's capacity at an objective from points that say "meets", "misses" or "cannot tell"
 * ([PointJudge]). A geometric sweep from [from] by [factor] runs until a point misses; each point takes
 * [forks] forks and, while it cannot tell, [forks] more up to [maxForks]. Then it refines: the widest gap
 * between neighbouring points whose verdicts differ (where the answer changes; a run of "cannot tell"
 * points is the objective's own blur and is not split) is halved geometrically, [refine] times at most or
 * until every such gap is within [resolution]. The capacity is the range from the highest rate that met
 * the objective below the lowest that missed it, to that lowest miss.
 *
 * Threading model: one search on one thread; it keeps its points while it runs.
 */
internal class CapacitySearch(
    private val from: Double,
    private val factor: Double,
    private val forks: Int = FORKS,
    private val maxForks: Int = MAX_FORKS,
    private val maxSteps: Int = MAX_STEPS,
    private val refine: Int = REFINE,
    private val resolution: Double = RESOLUTION,
    private val maxRate: Double = MAX_RATE,
) {
    /** Where the points come from: [rate] brought to [forks] forks in all and judged, or null when out of budget. */
    fun interface Points {
        fun measure(rate: Double, forks: Int): CapacityPoint?
    }

    /** The search's answer: every point by rate, the range (either end null when not found), the budget's end. */
    class Outcome(val judged: List<CapacityPoint>, val low: Double?, val high: Double?, val outOfBudget: Boolean)

    fun run(points: Points): Outcome {
        val judged = sortedMapOf<Double, CapacityPoint>()
        var outOfBudget = false

        fun judge(rate: Double): CapacityPoint? {
            var point = points.measure(rate, forks)
            while (point != null && point.verdict == ObjectiveVerdict.CANNOT_TELL && point.forks < maxForks) {
                judged[rate] = point
                point = points.measure(rate, minOf(point.forks + forks, maxForks))
            }
            if (point == null) outOfBudget = true else judged[rate] = point
            return point
        }

        var rate = from
        var steps = 0
        while (steps < maxSteps && rate <= maxRate) {
            val point = judge(rate) ?: break
            steps++
            if (point.verdict == ObjectiveVerdict.MISSES) break
            rate *= factor
        }
        repeat(refine) {
            if (outOfBudget) return@repeat
            val (a, b) = widestChange(judged.values.toList()) ?: return@repeat
            judge(sqrt(a * b))
        }
        val high = judged.values.firstOrNull { it.verdict == ObjectiveVerdict.MISSES }?.ratePerSec
        val low = judged.values.lastOrNull {
            it.verdict == ObjectiveVerdict.MEETS &&
                (high == null || it.ratePerSec < high)
        }
        return Outcome(judged.values.toList(), low?.ratePerSec, high, outOfBudget)
    }

    /** The widest neighbouring pair, wider than [resolution], whose verdicts differ below the first miss; or null. */
    private fun widestChange(points: List<CapacityPoint>): Pair<Double, Double>? {
        val end = points.indexOfFirst { it.verdict == ObjectiveVerdict.MISSES }.let {
            if (it <
                0
            ) {
                points.size
            } else {
                it + 1
            }
        }
        return points.subList(0, end).zipWithNext()
            .filter { (a, b) -> a.verdict != b.verdict && b.ratePerSec / a.ratePerSec > resolution }
            .maxByOrNull { (a, b) -> b.ratePerSec / a.ratePerSec }
            ?.let { (a, b) -> a.ratePerSec to b.ratePerSec }
    }

    companion object {
        /** Forks a point starts with: the fewest that give a percentile an interval worth reading. */
        const val FORKS = 3

        /** Forks a point may take while it cannot tell. */
        const val MAX_FORKS = 6

        /** Refinements after the sweep. */
        const val REFINE = 4

        /** A gap within this ratio (5%) is not split further: below that the points' own intervals overlap. */
        const val RESOLUTION = 1.05

        /** The two-sided confidence of every point's interval. */
        const val CONFIDENCE = 0.95
        const val MAX_STEPS = 40
        const val MAX_RATE = 1e6
    }
}
