package dev.bakeoff.engine.load

import dev.bakeoff.engine.plan.LatencyObjective
import dev.bakeoff.metrics.Disturbance
import dev.bakeoff.result.CapacityPoint
import dev.bakeoff.result.LoadResult

/**
 * The forks of one capacity point, [measure]d until as many count as the search asks for. A fork whose window
 * other processes disturbed ([Disturbance], on the host's [cores]) is set aside (kept, flagged
 * `disturbed`) and measured again, at most as many times over the point as the forks it asks for, and only
 * while fewer than half the search's launches so far ([tally], shared by its points) were disturbed
 * ([Disturbance.worthRerun]: past that the machine is busy, not hiccuping): a rule fixed in advance, so a machine
 * that stays busy cannot keep a point going for ever. Once those re-runs are used up, on a busy machine, or when
 * a re-run does not fit in the budget, a disturbed fork counts, and the point says how many of its counted forks
 * were disturbed. Every fork goes to [record] as soon as it is decided, set aside or not.
 *
 * Threading model: the run's thread only; it keeps the point's forks as they come.
 */
internal class PointForks(
    private val cores: Int,
    private val measure: () -> LoadResult,
    private val record: (LoadResult) -> Unit = {},
    private val tally: Disturbance.Tally = Disturbance.Tally(),
) {
    private val forks = mutableListOf<LoadResult>()

    /** The forks that count toward the point's verdict, in the order they ran. */
    val counted: List<LoadResult> get() = forks.filterNot { it.setAside }

    /** The forks set aside so far. */
    val setAside: Int get() = forks.count { it.setAside }

    /**
     * Brings the point to [n] counted forks. [fits] (given the forks still to run) is asked before the first
     * and before every re-run; false, with nothing measured, when the first do not fit.
     */
    fun bringTo(n: Int, fits: (Int) -> Boolean): Boolean {
        if (!fits(n - counted.size)) return false
        while (counted.size < n) {
            val fork = measure()
            val busy = disturbed(fork)
            val again = busy && setAside < n && tally.worthRerun() && fits(n - counted.size)
            tally.add(busy)
            val kept = if (again) fork.copy(disturbed = true) else fork
            forks += kept
            record(kept)
        }
        return true
    }

    /** The point judged on its counted forks ([PointJudge]), with the forks set aside and the disturbed it counted. */
    fun judge(rate: Double, objective: LatencyObjective, confidence: Double): CapacityPoint =
        PointJudge.judge(rate, counted, objective, confidence).copy(
            disturbed = setAside.takeIf { it > 0 },
            disturbedCounted = counted.count(::disturbed).takeIf { it > 0 },
        )

    private fun disturbed(fork: LoadResult) = Disturbance.disturbed(fork.figures?.costs?.otherCores, cores)
}
