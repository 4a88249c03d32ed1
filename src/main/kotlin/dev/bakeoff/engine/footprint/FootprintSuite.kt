package dev.bakeoff.engine.footprint

import dev.bakeoff.engine.fork.FootprintRunner
import dev.bakeoff.engine.jdk.MachineInfo
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.session.RunSink
import dev.bakeoff.engine.suite.SuiteRunner
import dev.bakeoff.result.FootprintResult
import dev.bakeoff.result.PresetInfo
import dev.bakeoff.result.Results
import java.nio.file.Files
import java.nio.file.Paths
import java.time.Instant

/**
 * `bakeoff footprint` over [options]' strategies x [depths]: each row a [FootprintRunner] JVM, one
 * after another, inside the run's session, which holds the machine for the whole run, since a full
 * collection and thousands of threads would disturb any other measurement. [counts] are the task counts of every
 * row, or null for the probe's own choice per strategy. The results (the `footprint` section of
 * [Results]) go to [sink] after every row; [progress] hears a line per row.
 *
 * Threading model: the run's thread only.
 */
internal class FootprintSuite(
    private val options: RunOptions,
    private val depths: List<Int>,
    private val counts: List<Int>?,
    private val progress: (String) -> Unit = {},
    private val sink: RunSink = RunSink {},
) {
    private val machine = MachineInfo.describe(options.jdk ?: Paths.get(System.getProperty("java.home")), options.cpus)
    private val created = Instant.now().toString()

    /** Every strategy at every depth. */
    fun run(): Results {
        val runner = FootprintRunner(options, options.out.resolve("cells").also { Files.createDirectories(it) })
        val done = mutableListOf<FootprintResult>()
        for (strategy in options.strategies) {
            for (depth in depths) {
                progress("${strategy.spec} at depth $depth ...")
                done += runner.run(done.size + 1, strategy, depth, counts)
                sink.results(results(done, complete = false))
            }
        }
        // The last snapshot is complete: the writer rewrites every file for it.
        return results(done, complete = true).also(sink::results)
    }

    private fun results(rows: List<FootprintResult>, complete: Boolean) = Results(
        bakeoffVersion = SuiteRunner.VERSION,
        createdAt = created,
        complete = complete,
        machine = machine,
        preset = PresetInfo(PRESET_ID, 1, "tasks parked on one gate; heap after a full GC, NMT's Thread category"),
        cells = emptyList(),
        footprint = rows.toList(),
    )

    companion object {
        /** The preset a footprint run's results name. */
        const val PRESET_ID = "footprint"

        /**
         * The most tasks a row parks: what a measured JVM can hold. A parked task keeps at least about
         * 1 KiB of heap (a virtual thread's stack chunk at depth 1; a platform thread far more, off the
         * heap), and a JVM's default heap is a quarter of the machine's memory, so a million tasks ask
         * a GiB at the least and ten times the default's largest count (200k); more would run for
         * minutes into an OutOfMemoryError instead of a figure.
         */
        const val MAX_TASKS = 1_000_000

        /** The stack depths a row is measured at unless the run says. */
        val DEFAULT_DEPTHS = listOf(1, 10, 50)
    }
}
