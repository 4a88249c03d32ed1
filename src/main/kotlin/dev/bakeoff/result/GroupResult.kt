package dev.bakeoff.result

import dev.bakeoff.model.WaitForm
import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * The decision of one group (the cells of one [workload] or scenario spec, [items] and [wait] form,
 * and [jdk], [machine] and [cpus] where set: [GroupKey.of]): the [winner] (lowest median, then
 * strategy spec, which names a cell within its group: [CellKey]), the strategies not told apart from it
 * ([tiedWith], fastest first), and the winner against every other ranked strategy ([tests]), with
 * the practical-equivalence [margin] (a share of the winner's median) the rule used. Immutable.
 */
@Serializable
public class GroupResult(
    public val workload: String,
    public val items: Int,
    public val wait: WaitForm,
    public val winner: String,
    public val status: GroupStatus,
    /** Strategies not told apart from the winner, fastest first; empty when the group is decided. */
    public val tiedWith: List<String> = emptyList(),
    /** Differences below this share of the winner's median are a tie (0.05: 5%, `--margin`). */
    public val margin: Double,
    /** The winner's measured runs. */
    public val winnerRuns: Int,
    /** Why, in one line with the figures that decided it. */
    public val reason: String,
    /** The winner against each other ranked strategy, in rank order. */
    public val tests: List<PairTest> = emptyList(),
    /** The JDK its cells ran on, in a several-JDK run; null otherwise. */
    public val jdk: String? = null,
    /** In a merged file, the machine's fingerprint ([CellResult.machine]): groups never mix machines. */
    public val machine: String? = null,
    /** The winner's forks whose runs settled: what its tests counted. Null in files written before. */
    public val winnerForks: Int? = null,
    /** The cores of its cells' `cpus=` sweep point ([GroupKey.cpus]); null without one, and in files written before. */
    public val cpus: Int? = null,
    /** The library versions its cells ran on, in a several-version run (`--lib`, [GroupKey.lib]); null otherwise. */
    public val lib: Map<String, String>? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::workload, ::items, ::wait, ::winner, ::status, ::tiedWith, ::margin, ::winnerRuns, ::reason, ::tests,
            ::jdk, ::machine, ::winnerForks, ::cpus, ::lib,
        )
}

/**
 * The winner of a group against one other ranked [strategy], counted by forks: [ratio] = its
 * geometric-mean fork median / the winner's (its median / the winner's where a side has too few
 * forks to test); [ciLow]–[ciHigh] the interval of that ratio at [confidence] (the one that calls
 * it slower), [eqLow]–[eqHigh] at [eqConfidence] (the equivalence test's) and [pValue] the
 * two-sided Welch t test's on the forks' log medians, absent when the forks alone decided
 * ([PairOutcome.SEPARATED]) or too few to test; [runs] its measured runs, [forks] its forks that
 * counted. Immutable.
 */
@Serializable
public class PairTest(
    public val strategy: String,
    public val ratio: Double,
    public val ciLow: Double? = null,
    public val ciHigh: Double? = null,
    public val pValue: Double? = null,
    public val runs: Int,
    public val outcome: PairOutcome,
    public val eqLow: Double? = null,
    public val eqHigh: Double? = null,
    /** Null in files written before forks were counted. */
    public val forks: Int? = null,
    /** Two-sided confidence of [ciLow]–[ciHigh] (0.95 in files written before it was recorded). */
    public val confidence: Double? = null,
    /** Two-sided confidence of [eqLow]–[eqHigh] (0.90 in files written before it was recorded). */
    public val eqConfidence: Double? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::strategy, ::ratio, ::ciLow, ::ciHigh, ::pValue, ::runs, ::outcome, ::eqLow, ::eqHigh, ::forks,
            ::confidence, ::eqConfidence,
        )
}

/** Whether a group's winner is told apart from every other ranked strategy; serialised under [id]. */
@Serializable
public enum class GroupStatus(public val id: String) {
    /** The winner is ahead of every other ranked strategy (or is the only one). */
    @SerialName("decided")
    DECIDED("decided"),

    /** Every other strategy is slower or equivalent to the winner within the margin, at least one equivalent. */
    @SerialName("tie")
    TIE("tie"),

    /** At least one strategy is neither told apart from the winner nor shown equivalent: more runs could tell. */
    @SerialName("undecided")
    UNDECIDED("undecided"),
    ;

    override fun toString(): String = id
}

/** How one strategy compares with its group's winner (docs/RESULTS.md, "Deciding a group"); serialised under [id]. */
@Serializable
public enum class PairOutcome(public val id: String) {
    /**
     * Behind: with two forks a side or more, the whole interval at its confidence lies above 1, whatever
     * the size (before issue 44, the ratio also had to be over 1 + margin).
     */
    @SerialName("slower")
    SLOWER("slower"),

    /** With two forks a side or more, its fastest fork is over twice the winner's slowest: no test needed. */
    @SerialName("separated")
    SEPARATED("separated"),

    /** With two forks a side or more, the whole equivalence interval lies within 1 ± margin: a tie. */
    @SerialName("equivalent")
    EQUIVALENT("equivalent"),

    /** Neither, or too few forks to test: not told apart from the winner; more forks could tell. */
    @SerialName("unresolved")
    UNRESOLVED("unresolved"),
    ;

    /** Whether the strategy is told apart from (behind) the winner. */
    public val behind: Boolean get() = this == SLOWER || this == SEPARATED

    override fun toString(): String = id
}
