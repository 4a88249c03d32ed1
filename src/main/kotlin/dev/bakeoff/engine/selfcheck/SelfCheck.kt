package dev.bakeoff.engine.selfcheck

import dev.bakeoff.engine.fork.JmhCellRunner
import dev.bakeoff.engine.jdk.MachineInfo
import dev.bakeoff.engine.jmh.selfcheck.DirectArithmeticBenchmark
import dev.bakeoff.engine.jmh.selfcheck.FixedPoolArithmeticBenchmark
import dev.bakeoff.engine.jmh.selfcheck.VirtualThreadsStorageBenchmark
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.plan.SerialEstimate
import dev.bakeoff.engine.suite.MachineLock
import dev.bakeoff.engine.suite.SuiteRunner
import dev.bakeoff.metrics.MedianRatio
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.PresetInfo
import dev.bakeoff.result.SelfCheckPair
import dev.bakeoff.result.SelfCheckResults
import org.openjdk.jmh.runner.Runner
import org.openjdk.jmh.runner.RunnerException
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.Paths
import java.time.Instant

/**
 * `bakeoff selfcheck`: Bakeoff's figure for a cell against a plain JMH benchmark of exactly the same
 * loop ([Twin]), pair after pair, each side in its own fork with the same plan, so that any user can
 * see on their machine what the harness adds. Files go to [options]' `out` (`cells/`).
 *
 * Threading model: one measurement at a time, on the calling thread.
 */
internal class SelfCheck(private val options: RunOptions) {
    /** A Bakeoff cell and its plain twin. */
    enum class Twin(val strategy: String, val workload: String, val benchmark: Class<*>) {
        DIRECT_ARITHMETIC("direct", "arithmetic", DirectArithmeticBenchmark::class.java),
        FIXED_POOL_ARITHMETIC("executor-fixed-cpu", "arithmetic", FixedPoolArithmeticBenchmark::class.java),
        VIRTUAL_THREADS_STORAGE("virtual-threads", "storage", VirtualThreadsStorageBenchmark::class.java),
    }

    /** Hears each side start; the CLI prints a progress line. */
    fun interface Listener {
        fun measuring(twin: Twin, plain: Boolean)
    }

    /** Measures every twin holding the machine ([MachineLock]). */
    fun run(listener: Listener = Listener { _, _ -> }): SelfCheckResults = MachineLock.hold { measureAll(listener) }

    private fun measureAll(listener: Listener): SelfCheckResults {
        val work = options.out.resolve("cells")
        Files.createDirectories(work)
        val jdkHome = options.jdk ?: Paths.get(System.getProperty("java.home"))
        val runner = JmhCellRunner(options, work)
        val pairs = Twin.entries.mapIndexed { i, twin ->
            val spec = CellSpec.parse(twin.strategy, twin.workload, ITEMS, WaitForm.BLOCKING.id)
            // Bakeoff's own workloads, so the estimate may run here.
            val serial = SerialEstimate.workloadNanos(checkNotNull(spec.workload), ITEMS, options.context())
            val plan = options.preset.plan(serial)
            listener.measuring(twin, plain = false)
            val cell = runner.run(i + 1, spec, plan, 0).result
            listener.measuring(twin, plain = true)
            val plain = plainRuns(runner, twin, plan, work.resolve("plain-%03d.log".format(i + 1)))
            val base = SelfCheckPair(twin.strategy, twin.workload, ITEMS, twin.benchmark.simpleName, plan)
            val bakeoff = cell.timeNs?.runs
            when {
                cell.status != CellStatus.OK || bakeoff == null ->
                    base.copy(error = "the Bakeoff cell ended ${cell.status}: ${cell.error}")

                plain.isFailure ->
                    base.copy(bakeoffRuns = bakeoff, error = "the plain benchmark failed: ${plain.exceptionOrNull()}")

                else -> {
                    val runs = plain.getOrThrow()
                    val r = MedianRatio.of(runs, bakeoff, SEED)
                    base.copy(
                        bakeoffRuns = bakeoff,
                        plainRuns = runs,
                        ratio = r.ratio,
                        ciLow = r.ciLow,
                        ciHigh = r.ciHigh,
                        pValue = r.pValue,
                    )
                }
            }
        }
        return SelfCheckResults(
            SuiteRunner.VERSION,
            Instant.now().toString(),
            MachineInfo.describe(jdkHome, options.cpus),
            PresetInfo(options.preset.id, options.preset.forks, options.preset.summary),
            pairs,
        )
    }

    private fun plainRuns(runner: JmhCellRunner, twin: Twin, plan: MeasurementPlan, log: Path) =
        runCatching {
            val result = try {
                Runner(runner.plainOptions(twin.benchmark, plan, log)).run().single()
            } catch (e: RunnerException) {
                throw IllegalStateException(e.cause?.message ?: e.message, e)
            }
            result.benchmarkResults.flatMap { br -> br.iterationResults.map { it.primaryResult.score } }
        }

    companion object {
        /** E1's batch size, for every pair. */
        const val ITEMS = 100
        private const val SEED = 7L
    }
}
