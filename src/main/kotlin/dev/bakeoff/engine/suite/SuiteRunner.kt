package dev.bakeoff.engine.suite

import dev.bakeoff.engine.fork.EstimateRunner
import dev.bakeoff.engine.fork.HarnessCost
import dev.bakeoff.engine.fork.JmhCellRunner
import dev.bakeoff.engine.fork.RunListener
import dev.bakeoff.engine.fork.TraceRunner
import dev.bakeoff.engine.jdk.MachineInfo
import dev.bakeoff.engine.plan.RaceOptions
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.race.CellBook
import dev.bakeoff.engine.race.FixedRace
import dev.bakeoff.engine.race.RaceRunner
import dev.bakeoff.engine.session.RunSession
import dev.bakeoff.engine.session.RunSink
import dev.bakeoff.metrics.GroupDecisionCache
import dev.bakeoff.metrics.GroupLimit
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.JarInfo
import dev.bakeoff.result.JdkInfo
import dev.bakeoff.result.LibInfo
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
                cells = GroupLimit.shared(results),
                groups = decisions.all(results, machine.harnessNsPerItem, options.margin, looks),
                jdks = options.jdks.takeIf {
                    it.size > 1
                }?.map { JdkInfo(it.version, it.vendor, it.home.toString(), it.runtimeVersion) },
                libs = options.libs.flatMap { it.versions }.map { v ->
                    LibInfo(v.name, v.version, v.jars.map { JarInfo(it.coordinates, it.sha256) })
                }.ifEmpty { null },
            )
        }
        // Ctrl-C ends this JVM; its JMH fork would otherwise run on. Finished cells are already on disk.
        val killForks = Thread { ProcessHandle.current().descendants().forEach { it.destroyForcibly() } }
        Runtime.getRuntime().addShutdownHook(killForks)
        try {
            val measure = JmhCellMeasurer(options, runner, EstimateRunner(options, work), TraceRunner(options, work))
            val race = options.race
            if (race == null) {
                FixedRace(options.preset, listener, measure, book).run(cells)
            } else {
                // The budget is the whole run's wall time: it began when this JVM started.
                val jvmStart = System.nanoTime() - ManagementFactory.getRuntimeMXBean().uptime * MILLIS
                // The host's cores, over which /proc/stat reads other processes' CPU: the disturbance rule's.
                val cores = machine.hostCores
                RaceRunner(race, machine.harnessNsPerItem, listener, measure, book, options.margin, jvmStart, cores)
                    .run(cells)
            }
        } finally {
            Runtime.getRuntime().removeShutdownHook(killForks)
        }
        return book.snapshot(complete = true).also(sink::results)
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
