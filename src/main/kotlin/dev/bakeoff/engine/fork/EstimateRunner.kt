package dev.bakeoff.engine.fork

import dev.bakeoff.engine.link.CellFiles
import dev.bakeoff.engine.link.ForkEntry
import dev.bakeoff.engine.link.ReportChannel
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.Estimate
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.plan.SerialEstimate
import dev.bakeoff.model.Resolved
import dev.bakeoff.model.WorkloadEntry
import dev.bakeoff.result.CellStatus
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.exists
import kotlin.io.path.readLines

/**
 * Estimates a cell's serial batch time for its plan ([SerialEstimate]) without running any of a
 * workload's code in this JVM: a workload's items are timed by a planning probe ([ForkEntry.ESTIMATE]),
 * a JVM of its own started as a cell's ([ForkJvm], [ForkSettings]: same JDK, options, classpath,
 * thread budget, owner watch) and killed at the cell's time limit (`--cell-timeout`, else
 * [PROBE_TIMEOUT_SECONDS]). A probe that throws, exits, halts, hangs or exceeds the thread budget
 * becomes an [Estimate.Failed], which the suite records as the cell's status. A scenario's estimate
 * comes from Bakeoff's own definition, here; an in-process run times its workload here too, as it
 * runs everything here.
 *
 * Threading model: called on the thread running the suite, one probe at a time.
 */
internal class EstimateRunner(private val options: RunOptions, private val workDir: Path) {

    /** The estimate for [spec]; a probe's files are named after cell number [index]. */
    fun estimate(index: Int, spec: CellSpec): Estimate {
        val context = options.context()
        spec.createScenario(context)?.let { return Estimate.Serial(SerialEstimate.scenarioNanos(it, spec.items)) }
        val workload = checkNotNull(spec.workload)
        if (!options.inProcess) {
            return probe(
                CellFiles(workDir, index),
                workload,
                spec.items,
                ForkJvm(options, spec.jdk?.home ?: options.jdk, libs = spec.libs),
            )
        }
        return try {
            Estimate.Serial(SerialEstimate.workloadNanos(workload, spec.items, context))
        } catch (e: Exception) {
            Estimate.Failed(CellStatus.FAILED, "planning: ${e.javaClass.simpleName}: ${e.message}")
        }
    }

    private fun probe(files: CellFiles, workload: Resolved<WorkloadEntry>, items: Int, jvm: ForkJvm): Estimate {
        val report = files.estimate.also { Files.deleteIfExists(it) }
        val log = files.estimateLog
        val what = "the planning probe (cells/${log.fileName})"
        // A planning probe times items only: no scenario settings, no trace.
        val fork = jvm.forkSettings(report, traceWarmup = false, settings = emptyMap())
        val command = jvm.launcher + jvm.args(fork.toProperties(null)) +
            listOf("-cp", jvm.classpath, ForkEntry.ESTIMATE.className, workload.spec, items.toString())
        val limit = options.cellTimeoutSeconds ?: PROBE_TIMEOUT_SECONDS
        val exit = ProbeProcess.run(command, log, limit)
            ?: return Estimate.Failed(CellStatus.TIMEOUT, "$what ${ProbeProcess.timeLimitExceeded(limit)}")
        val result = ReportChannel.ESTIMATE.read(report)
        return when {
            result?.nanos != null -> Estimate.Serial(result.nanos)

            result?.error != null -> Estimate.Failed(CellStatus.FAILED, "$what failed: ${result.error}")

            else -> Estimate.Failed(
                CellStatus.FAILED,
                "$what ${ReportChannel.unreported(exit)} (something in it ended its JVM: " +
                    "System.exit or Runtime.halt in the task, or a JVM option)" + printed(log),
            )
        }
    }

    /** The first line the probe's JVM printed (a JVM option's error, the task's own output), if any. */
    private fun printed(log: Path): String {
        val first = if (log.exists()) log.readLines().firstOrNull { it.isNotBlank() }?.trim() else null
        return first?.let { "; it printed: ${it.take(PRINTED_CHARS)}" }.orEmpty()
    }

    companion object {
        /**
         * A planning probe's time limit when `--cell-timeout` is not given: a JVM start and the
         * first item, however slow the machine (the probe stops timing items after 0.2 s).
         */
        const val PROBE_TIMEOUT_SECONDS = 120L

        private const val PRINTED_CHARS = 200
    }
}
