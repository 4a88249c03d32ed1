package dev.bakeoff.result

import kotlinx.serialization.Serializable

/**
 * What a strategy did when the batch deadline (`--deadline`) passed, from the untimed traced batches: lateness
 * as percentiles over those batches, counts as their medians, [threadsLeft] their largest. Times are
 * `System.nanoTime()` differences in the measured JVM.
 */
@Serializable
public data class DeadlineFigures(
    /** The deadline of every batch, from the strategy's call, ns. */
    val deadlineNs: Long,
    /** How the strategy honours it: its own form (`withTimeout`, `invokeAll` with a timeout...) or the harness's. */
    val form: String,
    /** Traced batches these figures cover. */
    val batches: Int,
    /** Of those, the batches whose deadline passed before every item had finished (the strategy said so). */
    val missed: Int,
    /** How late the strategy returned past the deadline (0 when in time), ns: median over the batches. */
    val lateP50Ns: Long,
    /** The same, 90th percentile (nearest rank). */
    val lateP90Ns: Long,
    /** The same, the latest batch. */
    val lateMaxNs: Long,
    /** Items that started after the deadline had passed. */
    val startedAfter: Int,
    /** Items still running when the strategy returned: work it left behind. */
    val runningAtReturn: Int,
    /** How long the last of those ran on after the strategy returned, ns (0 when none did). */
    val ranOnNs: Long,
    /** Items that completed, including those that finished after the return. */
    val completed: Int,
    /** Items that ended with an exception: cancelled (interrupted, or a coroutine's cancellation). */
    val cancelled: Int,
    /** Items never started. */
    val notStarted: Int,
    /** Platform threads started during the batch and still alive after the strategy closed: leaks. */
    val threadsLeft: Int,
)
