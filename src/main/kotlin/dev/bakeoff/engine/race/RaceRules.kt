package dev.bakeoff.engine.race

import dev.bakeoff.metrics.DecisionReasons
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.metrics.Units
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.PairOutcome
import dev.bakeoff.result.PairTest
import dev.bakeoff.result.PlanMode

/**
 * The documented rules of a race (docs/RESULTS.md, "Racing"). Pure functions; safe from any thread.
 */
internal object RaceRules {
    /** A cell whose fastest run is over this many times the leader's slowest run cannot win. */
    const val CANNOT_WIN_FACTOR = GroupDecision.SEPARATION

    /** Forks a cell gets at most, screening included. */
    const val MAX_FORKS = 4

    /** The screening fork: enough runs to rank, few enough that 130 cells fit in minutes. */
    fun screening(mode: PlanMode, reason: String): MeasurementPlan = when (mode) {
        PlanMode.AVERAGE_TIME -> MeasurementPlan(mode, 1, WARMUPS, 3, ITERATION_MILLIS, "race screening; $reason")

        // The warm-up batch is the traced one: one measured batch is enough to see a clear loser.
        PlanMode.SINGLE_SHOT -> MeasurementPlan(mode, 1, 1, 1, 0, "race screening; $reason")
    }

    /**
     * Each further fork of a contender whose batch took [batchNanos] (its median so far): timed
     * iterations as in screening, or single-shot batches filling about [MORE_SINGLE_SHOT_NANOS]
     * (at least 3, at most [MAX_SINGLE_SHOTS]): a further JVM costs about 0.3 s on top of its batches
     * on 2 cores, more than three short batches are worth.
     */
    fun more(mode: PlanMode, batchNanos: Double): MeasurementPlan = when (mode) {
        PlanMode.AVERAGE_TIME -> MeasurementPlan(mode, 1, WARMUPS, 5, ITERATION_MILLIS, "race: one more fork")

        PlanMode.SINGLE_SHOT -> {
            val batches = (MORE_SINGLE_SHOT_NANOS / batchNanos).toInt().coerceIn(MIN_SINGLE_SHOTS, MAX_SINGLE_SHOTS)
            MeasurementPlan(mode, 1, 1, batches, 0, "race: one more fork")
        }
    }

    /** The ranked (ok, timed) cells of a group, fastest median first. */
    fun ranked(group: List<CellResult>): List<CellResult> =
        group.filter(GroupDecision::rankable).sortedWith(GroupDecision.RANKING)

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

    /**
     * Why a cell whose batch takes at least [floorNs] ([CellFloor]) cannot win against [leader], or
     * null if it still could: the floor is over [CANNOT_WIN_FACTOR] times the leader's slowest run.
     * Known before the cell runs, so it gets its trace pass but no timed batch.
     */
    fun belowFloor(floorNs: Long, leader: CellResult): String? {
        val leaderSlowest = leader.timeNs!!.max
        return if (floorNs > CANNOT_WIN_FACTOR * leaderSlowest) {
            "its floor (${Units.nanos(floorNs.toDouble())}: its items' waits over the items it keeps in flight) is " +
                "${Units.ratio(floorNs / leaderSlowest)}× ${leader.strategy}'s slowest run " +
                "(${Units.nanos(leaderSlowest)}): it cannot win, so it got its trace pass and no timed batch"
        } else {
            null
        }
    }

    /**
     * Why the cell of [test] (against its group's leader) stops as behind it, or null if it could
     * still win: the test says slower ([PairOutcome.SLOWER]). Racing then drops it, as F-Race drops a
     * candidate a test puts behind the best; its runs so far stay in the group's final decision.
     */
    fun behind(test: PairTest, leader: String): String? = if (test.outcome == PairOutcome.SLOWER) {
        "slower than $leader by the group's test, ${DecisionReasons.figures(test)}: it cannot win"
    } else {
        null
    }

    /** The practical-equivalence margin of a group led by [leader]: at least 2%, at least the harness's own cost. */
    fun margin(leader: CellResult, harnessNsPerItem: Double?): Double =
        GroupDecision.margin(leader.timeNs!!.median, leader.items, harnessNsPerItem)

    private const val ITERATION_MILLIS = 100L

    // One 100 ms warm-up left the first timed iteration of the lists cells 2-3x their later ones.
    private const val WARMUPS = 2
    private const val MORE_SINGLE_SHOT_NANOS = 1e9
    private const val MIN_SINGLE_SHOTS = 3
    private const val MAX_SINGLE_SHOTS = 10
}
