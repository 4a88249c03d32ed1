package dev.bakeoff.engine.selfcheck

import dev.bakeoff.engine.fork.JmhCellRunner
import dev.bakeoff.engine.jdk.MachineInfo
import dev.bakeoff.engine.jmh.selfcheck.DirectArithmeticBenchmark
import dev.bakeoff.engine.jmh.selfcheck.FixedPool100ArithmeticBenchmark
import dev.bakeoff.engine.jmh.selfcheck.FixedPoolArithmeticBenchmark
import dev.bakeoff.engine.jmh.selfcheck.VirtualThreadsArithmeticBenchmark
import dev.bakeoff.engine.jmh.selfcheck.VirtualThreadsStorageBenchmark
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.plan.SerialEstimate
import dev.bakeoff.engine.suite.SuiteRunner
import dev.bakeoff.metrics.ForkSample
import dev.bakeoff.metrics.MedianRatio
import dev.bakeoff.metrics.TimeSummary
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
 * loop ([Twin]), pair after pair. The fork is the unit: each side gets one JVM at a time with the
 * same plan, alternating (which side goes first swaps every fork, so a drift of the machine or the
 * host's own work after a fork hits both alike), until the 95% interval of the ratio of their fork
 * medians lies within ±[TOLERANCE] or each side had [maxForks]; the forks a side it took are recorded. Each twin then
 * runs once more as a plain JVM with JMH's defaults ([BareJmh]): none of Bakeoff's JVM options, no
 * Bakeoff JVM as its host, so what the forks' options and companions cost shows too. Files go to
 * [options]' `out` (`cells/`).
 *
 * Threading model: one measurement at a time, on the calling thread.
 */
internal class SelfCheck(
    private val options: RunOptions,
    private val maxForks: Int = DEFAULT_MAX_FORKS,
    private val twins: List<Twin> = Twin.entries,
) {
    /** A Bakeoff cell and its plain twin. */
    enum class Twin(val strategy: String, val workload: String, val benchmark: Class<*>) {
        DIRECT_ARITHMETIC("direct", "arithmetic", DirectArithmeticBenchmark::class.java),
        FIXED_POOL_ARITHMETIC("executor-fixed-cpu", "arithmetic", FixedPoolArithmeticBenchmark::class.java),
        FIXED_POOL_100_ARITHMETIC("executor-fixed-100", "arithmetic", FixedPool100ArithmeticBenchmark::class.java),
        VIRTUAL_THREADS_ARITHMETIC("virtual-threads", "arithmetic", VirtualThreadsArithmeticBenchmark::class.java),
        VIRTUAL_THREADS_STORAGE("virtual-threads", "storage", VirtualThreadsStorageBenchmark::class.java),
    }

    /** Which JVM a progress line is about. */
    enum class Side(val label: String) {
        BAKEOFF("Bakeoff  "),
        PLAIN("plain JMH"),
        BARE("bare JMH "),
    }

    /** Hears each JVM start; the CLI prints a progress line. */
    fun interface Listener {
        fun measuring(twin: Twin, side: Side, fork: Int)
    }

    /** Measures every twin, inside the run's session (which holds the machine). */
    fun run(listener: Listener = Listener { _, _, _ -> }): SelfCheckResults {
        val work = options.out.resolve("cells")
        Files.createDirectories(work)
        val jdkHome = options.jdk ?: Paths.get(System.getProperty("java.home"))
        val runner = JmhCellRunner(options, work)
        var jvms = 0
        val pairs = twins.map { twin ->
            val spec = CellSpec.parse(twin.strategy, twin.workload, ITEMS, WaitForm.BLOCKING.id)
            // Bakeoff's own workloads, so the estimate may run here.
            val serial = SerialEstimate.workloadNanos(checkNotNull(spec.workload), ITEMS, options.context())
            val plan = options.preset.plan(serial)
            // One fork per JMH run: the loop below decides how many.
            val fork = plan.copy(forks = 1)
            val base = SelfCheckPair(twin.strategy, twin.workload, ITEMS, twin.benchmark.simpleName, plan)
            val bakeoff = mutableListOf<List<Double>>()
            val plain = mutableListOf<List<Double>>()
            var ratio: MedianRatio? = null

            /** One more JVM of [side], its runs added to that side's; why it failed, or null. */
            fun measure(side: Side): String? {
                listener.measuring(twin, side, (if (side == Side.BAKEOFF) bakeoff else plain).size + 1)
                if (side == Side.PLAIN) {
                    val runs = plainRuns(runner, twin, fork, work.resolve("plain-%03d.log".format(++jvms)))
                    plain += runs.getOrElse { return "the plain benchmark failed: $it" }
                    return null
                }
                val cell = runner.run(++jvms, spec, fork, 0, figures = false).result
                val runs = cell.timeNs?.runs
                if (cell.status != CellStatus.OK || runs == null) {
                    return "the Bakeoff cell ended ${cell.status}: ${cell.error}"
                }
                bakeoff += runs
                return null
            }
            while (bakeoff.size < maxForks && ratio?.let(::within) != true) {
                // Which side goes first swaps every fork.
                val order = if (bakeoff.size % 2 == 0) BAKEOFF_FIRST else BAKEOFF_FIRST.reversed()
                order.firstNotNullOfOrNull(::measure)?.let { return@map base.copy(error = it) }
                if (bakeoff.size >= MIN_FORKS) ratio = MedianRatio.of(plain.map(::median), bakeoff.map(::median), SEED)
            }
            listener.measuring(twin, Side.BARE, 1)
            val bareDir = work.resolve("bare-%03d".format(++jvms))
            val bare = BareJmh.run(twin.benchmark, fork, bareDir, runner.timeoutSeconds(fork))
            val r = checkNotNull(ratio)
            base.copy(
                bakeoffForks = bakeoff,
                plainForks = plain,
                forks = bakeoff.size,
                ratio = r.ratio,
                ciLow = r.ciLow,
                ciHigh = r.ciHigh,
                pValue = r.pValue,
                bareRuns = bare.getOrDefault(emptyList()),
                bareError = bare.exceptionOrNull()?.message,
            )
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
        /** The two sides of a fork as the first fork of a pair measures them. */
        private val BAKEOFF_FIRST = listOf(Side.BAKEOFF, Side.PLAIN)

        /** E1's batch size, for every pair. */
        const val ITEMS = 100

        /** An interval within 1 ± this is a match: the harness adds or hides at most 10%. */
        const val TOLERANCE = 0.1

        /** Forks a side before the first interval: a bootstrap over one fork a side has nothing to resample. */
        const val MIN_FORKS = 2

        /** Forks a side at most, unless `--max-forks` says otherwise. */
        const val DEFAULT_MAX_FORKS = 8
        private const val SEED = 7L

        /** Whether [r]'s whole interval lies within 1 ± [TOLERANCE]. */
        fun within(r: MedianRatio): Boolean = r.ciLow > 1 - TOLERANCE && r.ciHigh < 1 + TOLERANCE

        /**
         * A fork's figure: the median of its steady runs ([ForkSample.steadyTail], as a run's decisions count
         * them), so that a side that settles later is not compared on runs that were still warming up.
         */
        fun median(runs: List<Double>): Double = TimeSummary.of(ForkSample.steadyTail(runs), 0.0).median
    }
}
