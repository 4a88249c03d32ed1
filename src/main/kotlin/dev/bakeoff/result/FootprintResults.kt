package dev.bakeoff.result

import dev.bakeoff.model.Family
import kotlinx.serialization.Serializable

/**
 * What one waiting task of a strategy keeps (`bakeoff footprint`), at one stack [depth]: its JVM
 * parked the [points]' task counts one after another (each task [depth] frames deep, then waiting on
 * one gate released at the end), and measured the heap after a full collection and the platform
 * threads' native memory at each. The per-task figures are the slopes of those against the count
 * ([Slope]: least squares with its 95% interval); the JVM's own baseline is the intercept, left out.
 */
@Serializable
public class FootprintResult(
    public val strategy: String,
    public val family: Family,
    /** Frames each task had on its stack when it parked (its own recursive calls, item body included). */
    public val depth: Int,
    public val status: CellStatus,
    public val error: String? = null,
    public val points: List<FootprintPoint> = emptyList(),
    /** Heap bytes kept per parked task: the slope of [FootprintPoint.heapBytes] against the task count. */
    public val heapBytesPerTask: Slope? = null,
    /**
     * Native memory per task of the `Thread` category of native memory tracking (the platform
     * threads' stacks, mostly): the slope of [FootprintPoint.threadReservedBytes], address space a
     * thread's stack takes whether it touches it or not.
     */
    public val threadReservedPerTask: Slope? = null,
    /** The same of [FootprintPoint.threadCommittedBytes]: the pages the stacks really use. */
    public val threadCommittedPerTask: Slope? = null,
    /** The fingerprint of the machine it ran on, in a merged file ([Results.machines]); absent in a run's own. */
    public val machine: String? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::strategy, ::family, ::depth, ::status, ::error, ::points, ::heapBytesPerTask, ::threadReservedPerTask,
            ::threadCommittedPerTask, ::machine,
        )

    /** This value with the given properties replaced: the module's own `copy`, not public API. */
    internal fun copy(
        strategy: String = this.strategy,
        family: Family = this.family,
        depth: Int = this.depth,
        status: CellStatus = this.status,
        error: String? = this.error,
        points: List<FootprintPoint> = this.points,
        heapBytesPerTask: Slope? = this.heapBytesPerTask,
        threadReservedPerTask: Slope? = this.threadReservedPerTask,
        threadCommittedPerTask: Slope? = this.threadCommittedPerTask,
        machine: String? = this.machine,
    ): FootprintResult = FootprintResult(
        strategy, family, depth, status, error, points, heapBytesPerTask, threadReservedPerTask, threadCommittedPerTask,
        machine,
    )
}

/**
 * One count of parked tasks and what the JVM held with them all waiting: [heapBytes] used after a
 * full collection (settled: repeated until it moves less than 1%), [threadReservedBytes] and
 * [threadCommittedBytes] of native memory tracking's `Thread` category (null when the JVM could not
 * say), and the live [platformThreads].
 */
@Serializable
public class FootprintPoint(
    public val tasks: Int,
    public val heapBytes: Long,
    public val threadReservedBytes: Long? = null,
    public val threadCommittedBytes: Long? = null,
    public val platformThreads: Int,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::tasks,
            ::heapBytes,
            ::threadReservedBytes,
            ::threadCommittedBytes,
            ::platformThreads,
        )
}

/**
 * A least-squares slope ([value], per unit of x) with its two-sided 95% interval ([low], [high], from
 * Student's t with n - 2 degrees of freedom); the interval is null with only two points.
 */
@Serializable
public class Slope(
    public val value: Double,
    public val low: Double? = null,
    public val high: Double? = null,
) : ResultValue() {
    override val fields get() = listOf(::value, ::low, ::high)
}
