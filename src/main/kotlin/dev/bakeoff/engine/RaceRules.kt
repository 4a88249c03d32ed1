package dev.bakeoff.engine

import dev.bakeoff.metrics.MedianRatio
import dev.bakeoff.metrics.Units
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.PlanMode

/**
 * Racing instead of a fixed plan: every cell gets a short screening fork, then the cells that could
 * still win their group get more forks until the group is decided or [budgetNanos] is spent.
 *
 * @property budgetNanos wall time for the whole run; screening always runs every cell, later forks
 *   start only while their estimated cost fits in what is left.
 */
internal data class RaceOptions(val budgetNanos: Long = DEFAULT_BUDGET_NANOS) {
    companion object {
        const val DEFAULT_BUDGET_NANOS = 240_000_000_000L
    }
}

/**
 * The documented rules of a race (docs/RESULTS.md, "Racing"). Pure functions; safe from any thread.
 */
internal object RaceRules {
    /** A cell whose fastest run is over this many times the leader's slowest run cannot win. */
    const val CANNOT_WIN_FACTOR = 2.0

    /** Forks a cell gets at most, screening included. */
    const val MAX_FORKS = 4

    /** Differences below this share of the winner's median are a tie, whatever the test says. */
    const val MIN_MARGIN = 0.02

    /** The screening fork: enough runs to rank, few enough that 130 cells fit in minutes. */
    fun screening(mode: PlanMode, reason: String): MeasurementPlan = when (mode) {
        PlanMode.AVERAGE_TIME -> MeasurementPlan(mode, 1, 1, 3, ITERATION_MILLIS, "race screening; $reason")

        // The warm-up batch is the traced one: one measured batch is enough to see a clear loser.
        PlanMode.SINGLE_SHOT -> MeasurementPlan(mode, 1, 1, 1, 0, "race screening; $reason")
    }

    /** Each further fork of a contender. */
    fun more(mode: PlanMode): MeasurementPlan = when (mode) {
        PlanMode.AVERAGE_TIME -> MeasurementPlan(mode, 1, 1, 5, ITERATION_MILLIS, "race: one more fork")
        PlanMode.SINGLE_SHOT -> MeasurementPlan(mode, 1, 1, 3, 0, "race: one more fork")
    }

    /** The ranked (ok, timed) cells of a group, fastest median first. */
    fun ranked(group: List<CellResult>): List<CellResult> =
        group.filter { it.status == CellStatus.OK && it.timeNs != null }
            .sortedWith(compareBy<CellResult> { it.timeNs!!.median }.thenBy { it.strategy })

    /**
     * Why [cell] cannot win against [leader], or null if it still could: its fastest run is over
     * [CANNOT_WIN_FACTOR] times the leader's slowest. A race that kept it would only confirm that.
     */
    fun cannotWin(cell: CellResult, leader: CellResult): String? {
        val fastest = cell.timeNs!!.min
        val leaderSlowest = leader.timeNs!!.max
        return if (cell !== leader && fastest > CANNOT_WIN_FACTOR * leaderSlowest) {
            "its fastest run (${Units.nanos(fastest)}) is ${Units.ratio(fastest / leaderSlowest)}× " +
                "${leader.strategy}'s slowest (${Units.nanos(leaderSlowest)}): it cannot win"
        } else {
            null
        }
    }

    /** The practical-equivalence margin of a group led by [leader]: at least 2%, at least the harness's own cost. */
    fun margin(leader: CellResult, harnessNsPerItem: Double?): Double =
        maxOf(MIN_MARGIN, (harnessNsPerItem ?: 0.0) * leader.items / leader.timeNs!!.median)

    /**
     * Whether the leader ([contenders] first) is told apart from every other contender: each is
     * either slower (Mann–Whitney U at 0.05 and a bootstrap interval of the median ratio above
     * 1 + [margin]) or equivalent (the whole interval within 1 ± [margin]).
     */
    fun decided(contenders: List<CellResult>, margin: Double): Boolean {
        val leader = contenders.first().timeNs!!.runs
        return contenders.drop(1).all { other ->
            val r = MedianRatio.of(leader, other.timeNs!!.runs, SEED)
            val slower = r.verdict() == MedianRatio.Verdict.SLOWER && r.ciLow > 1 + margin
            val same = r.ciLow >= 1 - margin && r.ciHigh <= 1 + margin
            slower || same
        }
    }

    private const val ITERATION_MILLIS = 100L
    private const val SEED = 12L
}
