package dev.bakeoff.result

import kotlinx.serialization.Serializable

/**
 * What a strategy did when one item of its batch failed (a cell of a failure workload such as
 * `fail-at`), from the untimed traced batches: per figure the median over those batches, except
 * [threadsLeft], their largest; the outcome of [StopFigures] is the failure. Times are `System.nanoTime()`
 * differences in the measured JVM.
 */
@Serializable
public class FailureFigures(
    override val batches: Int,
    /** From the failing item's throw to the strategy's return (or throw), ns. */
    public val toReturnNs: Long,
    override val startedAfter: Int,
    override val runningAtReturn: Int,
    override val ranOnNs: Long,
    override val completed: Int,
    override val cancelled: Int,
    override val notStarted: Int,
    override val threadsLeft: Int,
) : ResultValue(), StopFigures {
    override val fields
        get() = listOf(
            ::batches, ::toReturnNs, ::startedAfter, ::runningAtReturn, ::ranOnNs, ::completed, ::cancelled,
            ::notStarted, ::threadsLeft,
        )
}
