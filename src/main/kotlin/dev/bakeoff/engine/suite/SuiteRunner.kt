package dev.bakeoff.engine.suite

import dev.bakeoff.engine.fork.EstimateRunner
import dev.bakeoff.engine.fork.HarnessCost
import dev.bakeoff.engine.fork.JmhCellRunner
import dev.bakeoff.engine.fork.RunListener
import dev.bakeoff.engine.fork.TraceRunner
import dev.bakeoff.engine.jdk.MachineInfo
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.Estimate
import dev.bakeoff.engine.plan.RaceOptions
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.race.CellBook
import dev.bakeoff.engine.race.CellMeasurer
import dev.bakeoff.engine.race.ForkMerge
import dev.bakeoff.engine.race.RaceRules
import dev.bakeoff.engine.race.RaceRunner
import dev.bakeoff.engine.session.RunSession
import dev.bakeoff.engine.session.RunSink
import dev.bakeoff.metrics.GroupDecisionCache
import dev.bakeoff.metrics.RankedCell
import dev.bakeoff.metrics.Trend
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.JdkInfo
import dev.bakeoff.result.PresetInfo
import dev.bakeoff.result.Results
import org.openjdk.jmh.results.RunResult
import java.lang.management.ManagementFactory
import java.nio.file.Files
import java.nio.file.Paths
import java.time.Instant

/**
 * Runs every cell of [options] one after another (measurements never overlap), and after every
 * cell hands the results so far and JMH's raw runs to [sink] (a run's [RunSession], which writes
 * them), so a crash or Ctrl-C keeps every finished cell. The session holds the machine.
 */
internal class SuiteRunner(
    private val options: RunOptions,
    private val listener: RunListener = object : RunListener {},
    private val sink: RunSink = RunSink {},
) {
    /** Measures every cell. */
    fun run(): Results {
        val out = options.out
        val work = out.resolve("cells")
        Files.createDirectories(work)
        val jdkHome = options.jdk ?: Paths.get(System.getProperty("java.home"))
        val described = MachineInfo.describe(jdkHome, options.cpus)
        val created = Instant.now().toString()
        val cells = options.cells()
        val runner = JmhCellRunner(options, work)
        listener.harnessStarted()
        val harness = HarnessCost.measure(runner)
        listener.harnessMeasured(harness.nsPerItem, harness.error)
        val machine = described.copy(harnessNsPerItem = harness.nsPerItem)
        val looks = looks(options.race)
        val preset = options.race?.let {
            val budget = it.budgetNanos / 1_000_000_000
            val summary = "racing within $budget s: $RACE_SUMMARY, up to ${it.maxForks} a cell"
            PresetInfo(RACE_PRESET_ID, 1, summary, options.margin, looks)
        } ?: PresetInfo(options.preset.id, options.preset.forks, options.preset.summary, options.margin, looks)
        val decisions = GroupDecisionCache()
        val book = Book(cells.size) { complete, results ->
            Results(
                bakeoffVersion = VERSION,
                createdAt = created,
                complete = complete,
                machine = machine,
                preset = preset,
                cells = results,
                groups = decisions.all(results, machine.harnessNsPerItem, options.margin, looks),
                jdks = options.jdks.takeIf {
                    it.size > 1
                }?.map { JdkInfo(it.version, it.vendor, it.home.toString(), it.runtimeVersion) },
            )
        }
        // Ctrl-C ends this JVM; its JMH fork would otherwise run on. Finished cells are already on disk.
        val killForks = Thread { ProcessHandle.current().descendants().forEach { it.destroyForcibly() } }
        Runtime.getRuntime().addShutdownHook(killForks)
        try {
            val measure = JmhCellMeasurer(options, runner, EstimateRunner(options, work), TraceRunner(options, work))
            val race = options.race
            if (race == null && options.preset.forks > 1) {
                runInterleaved(cells, measure, book)
            } else if (race == null) {
                runFixed(cells, measure, book)
            } else {
                // The budget is the whole run's wall time: it began when this JVM started.
                val jvmStart = System.nanoTime() - ManagementFactory.getRuntimeMXBean().uptime * MILLIS
                RaceRunner(race, machine.harnessNsPerItem, listener, measure, book, options.margin, jvmStart).run(cells)
            }
        } finally {
            Runtime.getRuntime().removeShutdownHook(killForks)
        }
        return book.snapshot(complete = true).also(sink::results)
    }

    private fun runFixed(cells: List<CellSpec>, measure: CellMeasurer, book: Book) {
        val start = System.nanoTime()
        cells.forEachIndexed { i, spec ->
            val plan = (measure.estimate(i + 1, spec) as? Estimate.Serial)?.let { options.preset.plan(it.nanos) }
            val elapsed = System.nanoTime() - start
            val eta = if (i == 0) null else elapsed / i * (cells.size - i)
            listener.cellStarted(i + 1, cells.size, spec, plan, elapsed, eta)
            var outcome = measure.fork(i + 1, spec, plan)
            val drift = outcome.result.firstToLast
            if (plan != null && outcome.result.steady == false && drift != null) {
                // Still warming up (or slowing down): once more with twice the warm-up plus one.
                val more = plan.copy(
                    warmupIterations = plan.warmupIterations * 2 + 1,
                    reason = plan.reason + "; re-measured with ${plan.warmupIterations * 2 + 1} warm-up iterations: " +
                        "in the first measurement ${Trend.told(drift)}",
                )
                listener.cellStarted(i + 1, cells.size, spec, more, System.nanoTime() - start, null)
                outcome = measure.fork(i + 1, spec, more)
            }
            book.record(i, outcome)
            listener.cellFinished(i + 1, cells.size, outcome.result)
        }
    }

    /**
     * A preset of several forks, one fork at a time: round r gives every cell its r-th fork, each
     * group's cells in the race's order for that round ([RaceRules.interleaved]), so a drift of the
     * machine falls on a group's contenders alike instead of on whichever cell ran last. The first
     * fork runs the untimed passes; a cell that did not end ok gets no further fork.
     */
    private fun runInterleaved(cells: List<CellSpec>, measure: CellMeasurer, book: Book) {
        val start = System.nanoTime()
        val forks = options.preset.forks
        val results = arrayOfNulls<CellResult>(cells.size)
        var done = 0
        for ((round, i) in RaceRules.forkOrder(cells, forks, { it.group }, { it.strategy.spec })) {
            val spec = cells[i]
            val previous = results[i]
            if (previous != null && previous.status != CellStatus.OK) continue
            val plan = (measure.estimate(i + 1, spec) as? Estimate.Serial)?.let {
                options.preset.plan(it.nanos).copy(forks = 1)
            }
            val elapsed = System.nanoTime() - start
            val eta = if (done == 0) null else elapsed / done * (cells.size * forks - done)
            listener.cellStarted(i + 1, cells.size, spec, plan, elapsed, eta)
            val outcome = measure.fork(i + 1, spec, plan, figures = previous == null)
            val merged = previous?.let(RankedCell::of)?.let { ForkMerge.merged(it, outcome.result) } ?: outcome.result
            val result = merged.copy(plan = merged.plan?.copy(forks = round))
            results[i] = result
            book.record(i, JmhCellRunner.Outcome(result, outcome.jmh))
            listener.cellFinished(i + 1, cells.size, result)
            done++
        }
    }

    /**
     * The results so far, in cell order, and JMH's own results of every fork: [record] replaces a
     * cell's result (a race adds forks to it) and hands JMH's runs and a snapshot to [sink].
     */
    inner class Book(size: Int, private val make: (Boolean, List<CellResult>) -> Results) : CellBook {
        private val results = arrayOfNulls<CellResult>(size)
        private val jmh = mutableListOf<RunResult>()

        override fun record(index: Int, outcome: JmhCellRunner.Outcome) {
            results[index] = outcome.result
            outcome.jmh?.let { jmh += it }
            sink.jmh(jmh)
            sink.results(snapshot(complete = false))
        }

        /** Replaces a cell's result without a new fork (a race's closing note); the final snapshot writes it. */
        override fun replace(index: Int, result: CellResult) {
            results[index] = result
        }

        fun snapshot(complete: Boolean): Results = make(complete, results.filterNotNull())
    }

    companion object {
        /** The preset id results carry when the run raced instead of following a preset's plan. */
        const val RACE_PRESET_ID = "race"
        private const val MILLIS = 1_000_000L
        const val RACE_SUMMARY = "a screening fork per cell, more forks for the cells that could still win"

        val VERSION: String = SuiteRunner::class.java.`package`?.implementationVersion ?: "0.1.0-SNAPSHOT"

        /** The looks a run took at its groups: a [race]'s after every round ([RaceOptions.looks]); a preset's one. */
        fun looks(race: RaceOptions?): Int = race?.looks ?: 1
    }
}
