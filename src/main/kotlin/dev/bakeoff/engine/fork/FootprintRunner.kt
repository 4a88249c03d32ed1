package dev.bakeoff.engine.fork

import dev.bakeoff.engine.link.CellFiles
import dev.bakeoff.engine.link.ForkEntry
import dev.bakeoff.engine.link.ReportChannel
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.metrics.LinearFit
import dev.bakeoff.model.Resolved
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.ErrorText
import dev.bakeoff.result.FootprintPoint
import dev.bakeoff.result.FootprintResult
import java.nio.file.Files
import java.nio.file.Path

/**
 * Runs one `bakeoff footprint` row (a strategy at one stack depth) in a JVM of its own
 * ([ForkEntry.FOOTPRINT]), never in Bakeoff's: started like a load JVM ([ForkJvm]: the run's JDK, options,
 * thread budget, owner watch) with native memory tracking on, killed at its time limit
 * ([ProbeProcess]); its files are named like a cell's (`cell-NNN.log`, `cell-NNN.probe.json`). Fits
 * what the JVM measured against the task count ([LinearFit]): the bytes one waiting task keeps.
 *
 * Threading model: called on the run's thread, one row at a time; it keeps no state.
 */
internal class FootprintRunner(options: RunOptions, private val workDir: Path) {
    // The fork's summary is read in-process through the diagnostic command MBean; "summary" costs little.
    private val jvm = ForkJvm(options.copy(jvmArgs = options.jvmArgs + NATIVE_MEMORY_TRACKING))
    private val limit = options.cellTimeoutSeconds ?: TIME_LIMIT_SECONDS

    /** Row number [index]: [strategy] parking [counts] tasks (null: the probe chooses) at [depth] frames. */
    fun run(index: Int, strategy: Resolved<StrategyEntry>, depth: Int, counts: List<Int>?): FootprintResult {
        val files = CellFiles(workDir, index)
        val reportFile = files.probe.also { Files.deleteIfExists(it) }
        val arguments = listOf(strategy.spec, "$depth", counts?.joinToString(",") ?: ForkEntry.FOOTPRINT_AUTO)
        val exit = jvm.runMain(ForkEntry.FOOTPRINT, arguments, reportFile, files.log, limit)
        val base = FootprintResult(strategy.spec, strategy.entry.family.family, depth, CellStatus.OK)
        val report = ReportChannel.FOOTPRINT.read(reportFile)
        return when {
            exit == null -> base.copy(status = CellStatus.TIMEOUT, error = ProbeProcess.timeLimitExceeded(limit))

            report == null -> base.copy(status = CellStatus.FAILED, error = ProbeProcess.exitedEarly(exit, files.log))

            else -> base.copy(
                status = report.status,
                error = report.error?.let(ErrorText::cap),
                points = report.points,
                heapBytesPerTask = fit(report.points) { it.heapBytes },
                threadReservedPerTask = fit(report.points) { it.threadReservedBytes },
                threadCommittedPerTask = fit(report.points) { it.threadCommittedBytes },
            )
        }
    }

    private fun fit(points: List<FootprintPoint>, y: (FootprintPoint) -> Long?) =
        LinearFit.slope(points.mapNotNull { p -> y(p)?.let { p.tasks.toDouble() to it.toDouble() } })

    companion object {
        const val NATIVE_MEMORY_TRACKING = "-XX:NativeMemoryTracking=summary"

        /** A row's JVM: tens of full collections of a few GiB at most, on 2 cores. */
        const val TIME_LIMIT_SECONDS = 300L
    }
}
