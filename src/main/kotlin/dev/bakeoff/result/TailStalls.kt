package dev.bakeoff.result

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/** A stall with a time and a duration in a load window, which can delay the items in flight during it. */
@Serializable
public enum class StallKind(public val id: String, public val noun: String) {
    /** A collector's stop-the-world pause (JFR `jdk.GCPhasePause`). */
    @SerialName("gc-pause")
    GC_PAUSE("gc-pause", "GC pause"),

    /**
     * A safepoint that held no GC pause (JFR `jdk.SafepointBegin` to `jdk.SafepointEnd`): deoptimisation,
     * revocation.
     */
    @SerialName("safepoint")
    SAFEPOINT("safepoint", "safepoint"),

    /** The generator submitting the item after its intended start (its own lag, measured per item). */
    @SerialName("generator-lag")
    GENERATOR_LAG("generator-lag", "generator lag"),
    ;

    override fun toString(): String = id
}

/**
 * What stalled the slowest items of one percentile of a load window ([percentile], e.g. `p99`, whose
 * value is [valueNs]): of its [items] slow items (latency at least that value), the [cause] that
 * covers the most ([covered]), with the [stalls] of that cause that overlapped them and their shortest
 * and longest durations; [cause] is null when no cause covers at least half of them (the rule is in
 * docs/RESULTS.md). Immutable.
 */
@Serializable
public class TailCause(
    public val percentile: String,
    public val valueNs: Long,
    public val items: Long,
    public val cause: StallKind? = null,
    public val covered: Long = 0,
    public val stalls: Int = 0,
    public val shortestNs: Long? = null,
    public val longestNs: Long? = null,
) : ResultValue() {
    override val fields
        get() = listOf(::percentile, ::valueNs, ::items, ::cause, ::covered, ::stalls, ::shortestNs, ::longestNs)
}

/** How many stalls of one kind a load window held, and their summed duration (ns). Immutable. */
@Serializable
public class StallTally(public val count: Int, public val totalNs: Long) : ResultValue() {
    override val fields get() = listOf(::count, ::totalNs)
}

/**
 * What could have stalled a load window's items, recorded in its JVM outside the generator's timed
 * path: the window's [gcPauses] and other [safepoints] (null without JFR), involuntary context
 * switches of its threads (null without `/proc`) and platform threads started, both from before the
 * first arrival to after the drain, and for each tail percentile the dominant cause ([tails]).
 * [unavailable] says what could not be recorded. Immutable.
 */
@Serializable
public class TailStalls(
    public val gcPauses: StallTally? = null,
    public val safepoints: StallTally? = null,
    public val involuntarySwitches: Long? = null,
    public val threadsStarted: Long? = null,
    public val tails: List<TailCause> = emptyList(),
    public val unavailable: String? = null,
) : ResultValue() {
    override val fields
        get() = listOf(::gcPauses, ::safepoints, ::involuntarySwitches, ::threadsStarted, ::tails, ::unavailable)
}
