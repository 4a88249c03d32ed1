package dev.bakeoff.result

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * What a load window cost the machine per arrival, measured in its JVM at the window's first and last
 * arrival (two clock reads, outside the generator's per-item path): the CPU of every thread of the JVM
 * ([cpuNsPerItem]: the generator's, the strategy's hand-offs and items, GC and JIT), of which the
 * generator's own ([generatorNsPerItem]: its thread and the in-flight sampler's) on the JVM's [cores],
 * and how the arrivals really came: [arrivalScv], the squared coefficient of variation of the gaps
 * between the generator's actual submissions (1 for Poisson, 0 for even arrivals, as declared). Immutable.
 */
@Serializable
public class LoadCosts(
    public val cores: Int,
    public val cpuNsPerItem: Double,
    public val generatorNsPerItem: Double,
    public val arrivalScv: Double,
) : ResultValue() {
    override val fields get() = listOf(::cores, ::cpuNsPerItem, ::generatorNsPerItem, ::arrivalScv)
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

    /** The cores the servers run on were busy with the generator (its measured CPU share). */
    @SerialName("busy-cores")
    BUSY_CORES("busy-cores", "the servers' cores were busy with the generator"),
    ;

    override fun toString(): String = id
}

/**
 * The queueing model that knows the machine (docs/RESULTS.md): the servers' wait of [QueueingCheck] plus
 * the wait for one of the [LoadCosts.cores], busy at rate x CPU per item / cores, of which the generator
 * takes [generatorShare], as M/M/k with the CPU per item as its service ([coreWaitNs]);
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
    /** The servers' wait plus [coreWaitNs] (ns). */
    public val predictedWaitNs: Double,
    /** [predictedWaitNs] over the measured wait; null when that is not positive. */
    public val agreement: Double? = null,
    /** Off by more than 20%: the assumptions the measurements say broke (empty: none did, unexplained). */
    public val broken: List<ModelAssumption> = emptyList(),
) : ResultValue() {
    override val fields
        get() = listOf(::generatorShare, ::coreWaitNs, ::predictedWaitNs, ::agreement, ::broken)
}
