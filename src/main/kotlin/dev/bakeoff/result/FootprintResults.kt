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
public data class FootprintResult(
    val strategy: String,
    val family: Family,
    /** Frames each task had on its stack when it parked (its own recursive calls, item body included). */
    val depth: Int,
    val status: CellStatus,
    val error: String? = null,
    val points: List<FootprintPoint> = emptyList(),
    /** Heap bytes kept per parked task: the slope of [FootprintPoint.heapBytes] against the task count. */
    val heapBytesPerTask: Slope? = null,
    /**
     * Native memory per task of the `Thread` category of native memory tracking (the platform
     * threads' stacks, mostly): the slope of [FootprintPoint.threadReservedBytes], address space a
     * thread's stack takes whether it touches it or not.
     */
    val threadReservedPerTask: Slope? = null,
    /** The same of [FootprintPoint.threadCommittedBytes]: the pages the stacks really use. */
    val threadCommittedPerTask: Slope? = null,
    /** The fingerprint of the machine it ran on, in a merged file ([Results.machines]); absent in a run's own. */
    val machine: String? = null,
)

/**
 * One count of parked tasks and what the JVM held with them all waiting: [heapBytes] used after a
 * full collection (settled: repeated until it moves less than 1%), [threadReservedBytes] and
 * [threadCommittedBytes] of native memory tracking's `Thread` category (null when the JVM could not
 * say), and the live [platformThreads].
 */
@Serializable
public data class FootprintPoint(
    val tasks: Int,
    val heapBytes: Long,
    val threadReservedBytes: Long? = null,
    val threadCommittedBytes: Long? = null,
    val platformThreads: Int,
)

/**
 * A least-squares slope ([value], per unit of x) with its two-sided 95% interval ([low], [high], from
 * Student's t with n - 2 degrees of freedom); the interval is null with only two points.
 */
@Serializable
public data class Slope(val value: Double, val low: Double? = null, val high: Double? = null)
