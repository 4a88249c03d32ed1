package dev.bakeoff.result

import kotlinx.serialization.Serializable

/**
 * What a strategy did when one item of its batch failed (a cell of a failure workload such as
 * `fail-at`), from the untimed traced batches: per figure the median over those batches, except
 * [threadsLeft], their largest. Times are `System.nanoTime()` differences in the measured JVM.
 */
@Serializable
public data class FailureFigures(
    /** Traced batches these figures cover. */
    val batches: Int,
    /** From the failing item's throw to the strategy's return (or throw), ns. */
    val toReturnNs: Long,
    /** Items that started after the failure: work begun when the answer was already known. */
    val startedAfter: Int,
    /** Items still running when the strategy returned: work it left behind. */
    val runningAtReturn: Int,
    /** How long the last of those ran on after the strategy returned, ns (0 when none did). */
    val ranOnNs: Long,
    /** Items that completed, including those that finished after the failure. */
    val completed: Int,
    /** Items that ended with another exception than the failure: cancelled (interrupted, or a coroutine's cancellation). */
    val cancelled: Int,
    /** Items never started. */
    val notStarted: Int,
    /** Platform threads started during the batch and still alive after the strategy closed: leaks. */
    val threadsLeft: Int,
)
