package dev.bakeoff.engine.fork

import dev.bakeoff.engine.link.CellFiles
import dev.bakeoff.engine.link.ForkEntry
import dev.bakeoff.engine.link.ReportChannel
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.LoadPlan
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.metrics.Queueing
import dev.bakeoff.model.ConcurrencyModel
import dev.bakeoff.model.ModelInput
import dev.bakeoff.model.RunContext
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.ErrorText
import dev.bakeoff.result.LoadResult
import java.nio.file.Files
import java.nio.file.Path

/**
 * Runs one load cell in a JVM of its own ([ForkEntry.LOAD]), never in Bakeoff's: started like a trace-only
 * JVM ([ForkJvm], [ForkSettings]: the run's JDK, options, thread budget, owner watch), killed at its
 * time limit ([ProbeProcess]); its files are named like a JMH cell's (`cell-NNN.log`,
 * `cell-NNN.probe.json`). Adds the theory's checks to what the JVM measured: Little's law, and the
 * queueing model of the strategy's concurrency ([model]).
 *
 * Threading model: called on the run's thread, one cell at a time; it keeps no state.
 */
internal class LoadRunner(private val options: RunOptions, private val workDir: Path) {
    /** Cell number [index]: [spec]'s strategy taking [spec]'s workload at [plan]'s rate. */
    fun run(index: Int, spec: CellSpec, plan: LoadPlan): LoadResult {
        val files = CellFiles(workDir, index)
        val reportFile = files.probe.also { Files.deleteIfExists(it) }
        val jvm = ForkJvm(options, spec.jdk?.home ?: options.jdk)
        val limit = options.cellTimeoutSeconds ?: timeLimitSeconds(plan)
        val kind = if (spec.scenario != null) ForkEntry.LOAD_SCENARIO else ForkEntry.LOAD_WORKLOAD
        val load = listOf(kind, plan.ratePerSec, plan.arrival.id, plan.warmupNs, plan.durationNs, plan.drainNs)
        val exit = jvm.runCell(ForkEntry.LOAD, spec, reportFile, files.log, limit, false, load.map { "$it" })
        val base = LoadResult(
            strategy = spec.strategy.spec,
            family = spec.strategy.entry.family.family,
            workload = spec.subject,
            items = spec.items,
            wait = spec.wait,
            arrival = plan.arrival,
            ratePerSec = plan.ratePerSec,
            durationSeconds = plan.durationNs / NANOS_PER_SECOND.toDouble(),
            status = CellStatus.OK,
        )
        val report = ReportChannel.LOAD.read(reportFile)
        return when {
            exit == null -> base.copy(status = CellStatus.TIMEOUT, error = ProbeProcess.timeLimitExceeded(limit))

            report == null -> base.copy(status = CellStatus.FAILED, error = ProbeProcess.exitedEarly(exit, files.log))

            else -> {
                val figures = report.figures
                val servers = model(spec).inFlight.takeIf { it < UNBOUNDED }
                base.copy(
                    status = report.status,
                    // Capped here too: the report was written by a JVM that ran the user's code.
                    error = report.error?.let(ErrorText::cap),
                    figures = figures,
                    little = figures?.let(Queueing::little),
                    queueing = figures?.let { f -> servers?.let { Queueing.check(f, it, plan.arrival) } },
                )
            }
        }
    }

    /** [spec]'s strategy's concurrency model for an open loop: as many items as ever arrive at once. */
    fun model(spec: CellSpec): ConcurrencyModel {
        val cores = options.cpus ?: Runtime.getRuntime().availableProcessors()
        val params = spec.strategy.params(RunContext(cpus = cores))
        return spec.strategy.entry.model(ModelInput(params, spec.wait, cores, UNBOUNDED))
            ?: ConcurrencyModel(UNBOUNDED, cores, 0.0, "not modelled")
    }

    companion object {
        /** An open loop's "batch" size for a concurrency model: a strategy keeping this many in flight has no bound. */
        const val UNBOUNDED = 1_000_000
        private const val NANOS_PER_SECOND = 1_000_000_000L

        /** The warm-up, window and drain, plus a JVM start and close (as a planning probe's limit). */
        fun timeLimitSeconds(plan: LoadPlan): Long =
            (plan.warmupNs + plan.durationNs + plan.drainNs) / NANOS_PER_SECOND + EstimateRunner.PROBE_TIMEOUT_SECONDS
    }
}
