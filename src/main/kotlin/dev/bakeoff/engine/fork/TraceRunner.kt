package dev.bakeoff.engine.fork

import dev.bakeoff.engine.link.CellFiles
import dev.bakeoff.engine.link.ForkEntry
import dev.bakeoff.engine.link.ForkTimes
import dev.bakeoff.engine.link.ReportChannel
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.ForkRole
import dev.bakeoff.result.MeasurementPlan
import java.nio.file.Files
import java.nio.file.Path

/**
 * Runs the measured JVM of a cell that cannot win by its floor ([ForkEntry.TRACE]): one traced batch
 * (trace pass and evidence) and the untimed figures, no timed batch. Started like a JMH fork
 * ([ForkJvm], [ForkSettings]: same JDK, options, thread budget, owner watch), killed at the cell's
 * time limit; its files are named like a JMH cell's (`cell-NNN.log`, `cell-NNN.probe.json`).
 *
 * Threading model: called from the race's trace pool ([FloorTraces]), several cells at once; it keeps
 * no state, and each cell's files are its own.
 */
internal class TraceRunner(private val options: RunOptions, private val workDir: Path) {
    /** Cell number [index]'s result: its figures without timed runs, [floorNs] and the traced batch's wall time. */
    fun run(index: Int, spec: CellSpec, plan: MeasurementPlan, floorNs: Long): CellResult {
        val files = CellFiles(workDir, index)
        val probeFile = files.probe.also { Files.deleteIfExists(it) }
        val log = files.log
        // Its one batch is watched as a JMH fork's are: a stalled one ends with its thread dump, not at the limit.
        val dump = files.threads.also { Files.deleteIfExists(it) }
        // The traced batch is at least the floor; the rest is a JVM start, as for a planning probe.
        val limit = options.cellTimeoutSeconds
            ?: (2 * floorNs / NANOS_PER_SECOND + EstimateRunner.PROBE_TIMEOUT_SECONDS)
        val jvm = ForkJvm(options, spec.jdk?.home ?: options.jdk, spec.cpus ?: options.cpus, spec.libs)
        val times = files.forkTimes.also { Files.deleteIfExists(it) }
        val launchUs = ForkTimes.nowUs()
        val exit = jvm.runCell(ForkEntry.TRACE, spec, probeFile, log, limit, traceWarmup = true) {
            it.watched(floorNs, dump.toFile()).copy(timesFile = times.toFile())
        }
        val forks = CellForks.anatomy(ForkRole.TRACE, ForkTimes.read(times), launchUs, ForkTimes.nowUs(), jvm.setUp())
        val base = spec.result(plan = plan).copy(floorNs = floorNs.toDouble(), forks = forks)
        val probe = ReportChannel.PROBE.read(probeFile)
        return when {
            exit == null -> base.copy(status = CellStatus.TIMEOUT, error = ProbeProcess.timeLimitExceeded(limit))

            probe == null -> base.copy(status = CellStatus.FAILED, error = ProbeProcess.exitedEarly(exit, log))

            else -> probe.figuresOf(base)
                .copy(tracedNs = probe.tracedNs, threadDump = files.threadDump(probe.status.stalled, options.out))
        }
    }

    private companion object {
        const val NANOS_PER_SECOND = 1_000_000_000L
    }
}
