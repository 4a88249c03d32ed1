package dev.bakeoff.result

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/** How a cell was measured: JMH mode and iteration counts, chosen from the cell's expected batch time. */
@Serializable
public class MeasurementPlan(
    /** How each run is measured; serialised as JMH's short label. */
    public val mode: PlanMode,
    public val forks: Int,
    public val warmupIterations: Int,
    public val measurementIterations: Int,
    /** Iteration length in ms for `avgt`; 0 for `ss`. */
    public val iterationMillis: Long,
    /** Why this plan: e.g. "expected serial batch 4.95 s > 0.5 s: single-shot". */
    public val reason: String,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::mode,
            ::forks,
            ::warmupIterations,
            ::measurementIterations,
            ::iterationMillis,
            ::reason,
        )

    /** This value with the given properties replaced: the module's own `copy`, not public API. */
    internal fun copy(
        mode: PlanMode = this.mode,
        forks: Int = this.forks,
        warmupIterations: Int = this.warmupIterations,
        measurementIterations: Int = this.measurementIterations,
        iterationMillis: Long = this.iterationMillis,
        reason: String = this.reason,
    ): MeasurementPlan = MeasurementPlan(mode, forks, warmupIterations, measurementIterations, iterationMillis, reason)
}

/** How the runs of a cell are measured, serialised as JMH's short label for the mode. */
@Serializable
public enum class PlanMode(public val id: String) {
    /** Timed iterations: each run is the mean batch time over one iteration (JMH `AverageTime`). */
    @SerialName("avgt")
    AVERAGE_TIME("avgt"),

    /** Single-shot: each run is one batch (JMH `SingleShotTime`). */
    @SerialName("ss")
    SINGLE_SHOT("ss"),
    ;

    override fun toString(): String = id
}

/**
 * A raced cell: [forks] measured JVMs gave [runs] measured runs in all (`timeNs.runs`), then the
 * cell [stop]ped for [reason]. The first fork is the screening fork every cell gets; it took
 * [screeningNs] of wall time (its untimed passes included), each further one [furtherForkNs] on
 * average (null without one): what a fork costs, which the budget pays.
 */
@Serializable
public class RaceInfo(
    public val forks: Int,
    public val runs: Int,
    public val stop: RaceStop,
    public val reason: String,
    public val screeningNs: Long? = null,
    public val furtherForkNs: Long? = null,
) : ResultValue() {
    override val fields get() = listOf(::forks, ::runs, ::stop, ::reason, ::screeningNs, ::furtherForkNs)
}

/** Why a raced cell got no more runs; serialised under [id]. */
@Serializable
public enum class RaceStop(public val id: String) {
    /** Its fastest run was over the racing factor times its group leader's slowest: it cannot win. */
    @SerialName("cannot-win")
    CANNOT_WIN("cannot-win"),

    /**
     * Its floor (the shortest its batch can take by definition) was over the racing factor times its
     * group leader's slowest run: it cannot win, and got its trace pass but no timed batch.
     */
    @SerialName("floor")
    FLOOR("floor"),

    /**
     * The group's test put it behind the leader (at fork level, [PairOutcome.SLOWER]): more forks
     * would only confirm that.
     */
    @SerialName("behind")
    BEHIND("behind"),

    /**
     * The group's test put it within the margin of the leader ([PairOutcome.EQUIVALENT]) while another pair of
     * its group is not settled yet: the rounds go to that pair, and it races again if the leader's further forks
     * take it out of the margin.
     */
    @SerialName("equivalent")
    EQUIVALENT("equivalent"),

    /** Its group was decided: a winner, or a tie within the margin. */
    @SerialName("decided")
    DECIDED("decided"),

    /** The run's time budget could not pay for another fork. */
    @SerialName("budget")
    BUDGET("budget"),

    /**
     * Its group's closest pair could not be told apart nor shown within the margin by the most forks
     * racing gives a cell, judged from their forks' noise: the group stays undecided and the budget
     * goes to other groups.
     */
    @SerialName("too-close")
    TOO_CLOSE("too-close"),

    /** Still undecided after the most forks racing gives a cell: the group's tie is stated. */
    @SerialName("max-forks")
    MAX_FORKS("max-forks"),

    /** The cell did not end ok (its status and error say why). */
    @SerialName("not-ok")
    NOT_OK("not-ok"),
    ;

    override fun toString(): String = id
}
