package dev.bakeoff.result

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * What a load window cost the machine per arrival, measured in its JVM at the window's first and last
 * arrival (two clock reads, outside the generator's per-item path): the CPU of every thread of the JVM
 * ([cpuNsPerItem]: the generator's, the strategy's hand-offs and items, GC and JIT), of which the
 * generator's own ([generatorNsPerItem]: its thread and the in-flight sampler's) on the JVM's [cores],
 * and how the arrivals really came: [arrivalScv], the squared coefficient of variation of the gaps
 * between the generator's actual submissions (1 for Poisson, 0 for even arrivals, as declared); the cores
 * busy outside this JVM over the window ([otherCores]), the hand-offs item by item ([handoff]) and how the
 * service times followed one another ([serviceCorrelation]), absent in older files. Immutable.
 */
@Serializable
public class LoadCosts(
    public val cores: Int,
    public val cpuNsPerItem: Double,
    public val generatorNsPerItem: Double,
    public val arrivalScv: Double,
    /** The machine's busy CPU (`/proc/stat`) minus this JVM's over the window, in cores; absent without `/proc`. */
    public val otherCores: Double? = null,
    public val handoff: LoadHandoff? = null,
    /**
     * The lag-1 autocorrelation of the measured items' service times in arrival order, derived after the drain:
     * about 0 for independent ones, as M/G/c has them; near 1 when neighbours take alike (a workload that cycles
     * its seeds in order), which queues longer than M/G/c says. Absent with fewer than 3 service times.
     */
    public val serviceCorrelation: Double? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::cores,
            ::cpuNsPerItem,
            ::generatorNsPerItem,
            ::arrivalScv,
            ::otherCores,
            ::handoff,
            ::serviceCorrelation,
        )
}

/**
 * How long a load window's items waited to start, derived after the window from their recorded times: the
 * generator's mean lag ([lagNs]: actual submission minus intended start) and, by how many other items were in
 * flight when each was submitted (`byInFlight[n]`: n others, up to the last count any item saw below 64), the
 * time from its submission to its start (its end minus its service time). An item submitted while fewer items
 * were in flight than the strategy's servers found one idle: its wait is the hand-off alone. Immutable.
 */
@Serializable
public class LoadHandoff(
    public val lagNs: Double,
    public val byInFlight: List<HandoffGroup>,
) : ResultValue() {
    override val fields get() = listOf(::lagNs, ::byInFlight)
}

/** The [items] submitted with the same number of others in flight: their waits' mean and standard deviation (ns). */
@Serializable
public class HandoffGroup(
    public val items: Long,
    public val meanNs: Double,
    public val sdNs: Double,
) : ResultValue() {
    override val fields get() = listOf(::items, ::meanNs, ::sdNs)
}

/** An assumption of the queueing model that a load window's measurements say broke. */
@Serializable
public enum class ModelAssumption(public val id: String, public val sentence: String) {
    /** The submissions' gaps are not as the declared arrival process's (measured inter-arrival SCV). */
    @SerialName("arrivals")
    ARRIVALS("arrivals", "the arrivals were not as declared"),

    /** The service times vary more than an exponential's, beyond where Allen–Cunneen's scaling holds. */
    @SerialName("service-time")
    SERVICE_TIME("service-time", "the service times vary more than an exponential's"),

    /** The cores the servers run on were busy with the generator and other processes (their measured CPU share). */
    @SerialName("busy-cores")
    BUSY_CORES("busy-cores", "the servers' cores were busy with something else"),

    /** Consecutive items' service times correlate ([LoadCosts.serviceCorrelation]): M/G/c has them independent. */
    @SerialName("service-order")
    SERVICE_ORDER("service-order", "the service times came in a correlated order"),
    ;

    override fun toString(): String = id
}

/**
 * The queueing model that knows the machine (docs/RESULTS.md): the hand-off an item pays when it finds a server
 * idle ([handoffNs]: the generator's lag, paid by every item, plus the measured wait of the items that found one
 * idle, paid by those), the servers' wait (M/G/c with each woken server held through its hand-off) and the wait
 * for one of the [LoadCosts.cores], busy at rate x CPU per
 * item / cores, of which the generator takes [generatorShare], and other processes [otherShare], as M/M/k
 * with the CPU per item as its service and the other processes' busy cores as load beside it ([coreWaitNs]);
 * [predictedWaitNs] is the sum, [agreement] it over the measured wait (null when that is not positive).
 * Where the agreement is off by more than 20%, [broken] lists the assumptions the measurements say broke
 * (empty: none did, the difference is unexplained). Immutable.
 */
@Serializable
public class MachineFit(
    /** Rate x the generator's CPU per item / cores. */
    public val generatorShare: Double,
    /** The wait for a core (ns), Erlang C over the cores. */
    public val coreWaitNs: Double,
    /** The lag, the hand-off of the items that found a server idle, the servers' wait and [coreWaitNs] (ns). */
    public val predictedWaitNs: Double,
    /** [predictedWaitNs] over the measured wait; null when that is not positive. */
    public val agreement: Double? = null,
    /** Off by more than 20%: the assumptions the measurements say broke (empty: none did, unexplained). */
    public val broken: List<ModelAssumption> = emptyList(),
    /** The cores' share busy outside this JVM ([LoadCosts.otherCores] / cores); absent when not measured. */
    public val otherShare: Double? = null,
    /** The hand-off term (ns): mean lag plus the mean wait of the items that found a server idle; absent unmeasured. */
    public val handoffNs: Double? = null,
    /** The squared coefficient of variation of those items' waits. */
    public val handoffScv: Double? = null,
    /** How many items found a server idle (the hand-off's sample). */
    public val handoffItems: Long? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::generatorShare, ::coreWaitNs, ::predictedWaitNs, ::agreement, ::broken, ::otherShare, ::handoffNs,
            ::handoffScv, ::handoffItems,
        )
}
