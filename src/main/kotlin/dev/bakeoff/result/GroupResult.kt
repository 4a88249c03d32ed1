package dev.bakeoff.result

import dev.bakeoff.model.WaitForm
import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * The decision of one group (the cells of one [workload] or scenario spec, [items] and [wait] form):
 * the [winner] (lowest median, then strategy spec), the strategies not told apart from it
 * ([tiedWith], fastest first), and the winner against every other ranked strategy ([tests]), with
 * the practical-equivalence [margin] (a share of the winner's median) the rule used. Immutable.
 */
@Serializable
public data class GroupResult(
    val workload: String,
    val items: Int,
    val wait: WaitForm,
    val winner: String,
    val status: GroupStatus,
    /** Strategies not told apart from the winner, fastest first; empty when the group is decided. */
    val tiedWith: List<String> = emptyList(),
    /** Differences below this share of the winner's median are a tie (0.02: 2%). */
    val margin: Double,
    /** The winner's measured runs. */
    val winnerRuns: Int,
    /** Why, in one line with the figures that decided it. */
    val reason: String,
    /** The winner against each other ranked strategy, in rank order. */
    val tests: List<PairTest> = emptyList(),
    /** The JDK its cells ran on, in a several-JDK run; null otherwise. */
    val jdk: String? = null,
    /** In a merged file, the machine's fingerprint ([CellResult.machine]): groups never mix machines. */
    val machine: String? = null,
)

/**
 * The winner of a group against one other ranked [strategy]: [ratio] = its median / the winner's;
 * [ciLow]–[ciHigh] the 95% bootstrap interval of that ratio, [eqLow]–[eqHigh] its 90% one (the
 * equivalence test's) and [pValue] the two-sided Mann–Whitney U test's, absent when the runs alone
 * decided ([PairOutcome.SEPARATED]); [runs] its measured runs. Immutable.
 */
@Serializable
public data class PairTest(
    val strategy: String,
    val ratio: Double,
    val ciLow: Double? = null,
    val ciHigh: Double? = null,
    val pValue: Double? = null,
    val runs: Int,
    val outcome: PairOutcome,
    val eqLow: Double? = null,
    val eqHigh: Double? = null,
)

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
    /** Mann–Whitney U rejects equality at 0.05 and the whole 95% interval lies above 1 + margin. */
    @SerialName("slower")
    SLOWER("slower"),

    /** Its fastest run is over twice the winner's slowest: slower whatever a test of so few runs says. */
    @SerialName("separated")
    SEPARATED("separated"),

    /** The whole 95% interval lies within 1 ± margin: a tie. */
    @SerialName("equivalent")
    EQUIVALENT("equivalent"),

    /** Neither: not told apart from the winner; more runs could tell. */
    @SerialName("unresolved")
    UNRESOLVED("unresolved"),
    ;

    /** Whether the strategy is told apart from (behind) the winner. */
    public val behind: Boolean get() = this == SLOWER || this == SEPARATED

    override fun toString(): String = id
}
