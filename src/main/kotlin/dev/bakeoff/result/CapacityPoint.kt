package dev.bakeoff.result

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/** What one rate point of a capacity search says of the objective, from its forks' interval. */
@Serializable
public enum class ObjectiveVerdict(public val id: String) {
    /** The whole interval of the point's tail is within the objective, and every fork kept the rate. */
    @SerialName("meets")
    MEETS("meets"),

    /** The whole interval is beyond the objective, or half the forks or more fell behind the rate. */
    @SerialName("misses")
    MISSES("misses"),

    /** The interval straddles the objective (or too few forks kept the rate to draw one). */
    @SerialName("cannot-tell")
    CANNOT_TELL("cannot tell"),
    ;

    override fun toString(): String = id
}

/**
 * One rate of a capacity search judged against its objective: [forks] load JVMs at [ratePerSec], the
 * geometric mean of their tail percentile ([tailNs]) with its interval ([tailLowNs]–[tailHighNs], at the
 * search's confidence; all three null when fewer than two forks kept the rate), and the [verdict]. [disturbed]
 * forks more were set aside, their windows disturbed by other processes, and measured again; [disturbedCounted]
 * of the [forks] were disturbed too but counted, the point's re-runs used up (both absent when none). Immutable.
 */
@Serializable
public class CapacityPoint(
    public val ratePerSec: Double,
    public val forks: Int,
    public val verdict: ObjectiveVerdict,
    public val tailNs: Double? = null,
    public val tailLowNs: Double? = null,
    public val tailHighNs: Double? = null,
    public val disturbed: Int? = null,
    public val disturbedCounted: Int? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::ratePerSec,
            ::forks,
            ::verdict,
            ::tailNs,
            ::tailLowNs,
            ::tailHighNs,
            ::disturbed,
            ::disturbedCounted,
        )

    /** This value with the given properties replaced: the module's own `copy`, not public API. */
    internal fun copy(disturbed: Int? = this.disturbed, disturbedCounted: Int? = this.disturbedCounted): CapacityPoint =
        CapacityPoint(ratePerSec, forks, verdict, tailNs, tailLowNs, tailHighNs, disturbed, disturbedCounted)
}
