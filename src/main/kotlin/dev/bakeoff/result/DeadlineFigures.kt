package dev.bakeoff.result

import kotlinx.serialization.Serializable

/**
 * What a strategy did when the batch deadline (`--deadline`) passed, from the untimed traced batches: lateness
 * as percentiles over those batches, counts as their medians, [threadsLeft] their largest; the outcome of
 * [StopFigures] is the deadline. Times are `System.nanoTime()` differences in the measured JVM.
 */
@Serializable
public class DeadlineFigures(
    /** The deadline of every batch, from the strategy's call, ns. */
    public val deadlineNs: Long,
    /** How the strategy honours it: its own form (`withTimeout`, `invokeAll` with a timeout...) or the harness's. */
    public val form: String,
    override val batches: Int,
    /** Of those, the batches whose deadline passed before every item had finished (the strategy said so). */
    public val missed: Int,
    /** How late the strategy returned past the deadline (0 when in time), ns: median over the batches. */
    public val lateP50Ns: Long,
    /** The same, 90th percentile (nearest rank). */
    public val lateP90Ns: Long,
    /** The same, the latest batch. */
    public val lateMaxNs: Long,
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
            ::deadlineNs, ::form, ::batches, ::missed, ::lateP50Ns, ::lateP90Ns, ::lateMaxNs, ::startedAfter,
            ::runningAtReturn, ::ranOnNs, ::completed, ::cancelled, ::notStarted, ::threadsLeft,
        )
}
