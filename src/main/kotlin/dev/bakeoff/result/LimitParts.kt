package dev.bakeoff.result

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * What a cell's physical limit (`limitNs`) is made of, per batch (ns): the longest wait of one item
 * from the definition, the CPU its items cost before and after their waits on this machine's
 * [cores], the serial part, which bound [binds] (sets the limit), and [calibratedBy]: the strategy in whose
 * fork the CPU was calibrated, when the cells of a group share the lowest limit any of them calibrated.
 * Immutable.
 */
@Serializable
public class LimitParts(
    /** The longest wait of one item, as the run's wait form waits it (a scenario's critical path). */
    public val waitNs: Double,
    /** CPU of every item's work before its wait, summed over the batch; a workload's whole CPU (not split). */
    public val cpuBeforeNs: Double,
    /** CPU of every item's work after its wait, summed over the batch; absent where the split is not measured. */
    public val cpuAfterNs: Double? = null,
    /** What the items force through one bottleneck in a row (a shared lock); 0 when nothing does. */
    public val serialNs: Double = 0.0,
    /** The usable cores of the measured JVM, over which the CPU is spread. */
    public val cores: Int,
    public val binds: LimitBound,
    /** The strategy whose fork calibrated these parts for every cell of its group; absent for a cell's own. */
    public val calibratedBy: String? = null,
) : ResultValue() {
    override val fields
        get() = listOf(::waitNs, ::cpuBeforeNs, ::cpuAfterNs, ::serialNs, ::cores, ::binds, ::calibratedBy)

    internal fun calibratedIn(strategy: String): LimitParts =
        LimitParts(waitNs, cpuBeforeNs, cpuAfterNs, serialNs, cores, binds, strategy)
}

/** The bound that sets a physical limit; serialised under [id]. */
@Serializable
public enum class LimitBound(public val id: String) {
    /** One item's own CPU and wait: it cannot finish sooner, whatever runs around it. */
    @SerialName("longest-item")
    LONGEST_ITEM("longest-item"),

    /** All the CPU work spread over every usable core. */
    @SerialName("cpu-over-cores")
    CPU_OVER_CORES("cpu-over-cores"),

    /** The shortest wait, then all the CPU after the waits over every usable core: that work cannot start sooner. */
    @SerialName("cpu-after-wait")
    CPU_AFTER_WAIT("cpu-after-wait"),

    /** The serial part. */
    @SerialName("serial")
    SERIAL("serial"),
    ;

    /** Whether the machine's CPU, rather than a wait or a bottleneck, sets the limit. */
    public val cpu: Boolean get() = this == CPU_OVER_CORES || this == CPU_AFTER_WAIT

    override fun toString(): String = id
}
