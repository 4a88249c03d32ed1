package dev.bakeoff.engine.link

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.DeadlineFigures
import dev.bakeoff.result.Evidence
import dev.bakeoff.result.FailureFigures
import dev.bakeoff.result.Latency
import dev.bakeoff.result.LimitParts
import dev.bakeoff.result.MemoryStats
import dev.bakeoff.result.PerThread
import dev.bakeoff.result.TaskStats
import dev.bakeoff.result.ThreadStats
import kotlinx.serialization.Serializable

/**
 * What a measured JVM of a cell (a JMH fork or a trace-only JVM) learned about its cell besides time: written
 * by `CellProbe` through [ReportChannel.PROBE] to [ForkSettings.probeFile], read by the host's runners.
 * Immutable.
 */
@Serializable
internal data class ProbeReport(
    val status: CellStatus,
    val error: String? = null,
    val threads: ThreadStats? = null,
    val latencyNs: Latency? = null,
    val perThread: PerThread? = null,
    val cpuNsPerOp: Double? = null,
    val leaked: List<String> = emptyList(),
    val overBound: List<String> = emptyList(),
    /** Batches the trace pass covered: 1 when it was the first warm-up batch of a single-shot cell. */
    val tracedBatches: Int = 0,
    val tasks: TaskStats? = null,
    val memory: MemoryStats? = null,
    /**
     * The physical limit of the cell's batch in ns, from the CPU calibration after the measured iterations (the
     * items', or a scenario's components').
     */
    val limitNs: Double? = null,
    /** JFR events, context switches and CPU use over the trace pass, per batch. */
    val evidence: Evidence? = null,
    /**
     * Wall time of the traced batch when a warm-up batch was the trace pass (ns): an upper bound of an untraced one.
     */
    val tracedNs: Double? = null,
    /** What [limitNs] is made of. */
    val limitParts: LimitParts? = null,
    /** A failure cell's figures: what the strategy did when its item failed. */
    val failure: FailureFigures? = null,
    /** A deadline cell's figures: how late the strategy returned past the deadline, and what ran on. */
    val deadline: DeadlineFigures? = null,
    /** Bytes the batch's own threads allocated per measured batch (`MemoryProbe`): never the JVM's or the harness's. */
    val allocBytesPerOp: Double? = null,
) {
    /**
     * [base] with what the fork measured besides time: its status and error, threads, latency,
     * spread, tasks, memory, limit and its parts (else [base]'s), evidence, failure and deadline figures. One
     * mapping for every runner.
     */
    fun figuresOf(base: CellResult): CellResult = base.copy(
        status = status,
        error = error,
        threads = threads,
        latencyNs = latencyNs,
        perThread = perThread,
        tasks = tasks,
        memory = memory,
        limitNs = limitNs ?: base.limitNs,
        limitParts = limitParts ?: base.limitParts,
        evidence = evidence,
        failure = failure,
        deadline = deadline,
    )
}
