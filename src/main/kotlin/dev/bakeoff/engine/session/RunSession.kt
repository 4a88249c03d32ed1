package dev.bakeoff.engine.session

import dev.bakeoff.result.Results
import dev.bakeoff.result.replaceAtomically
import org.openjdk.jmh.results.RunResult
import org.openjdk.jmh.results.format.ResultFormatFactory
import org.openjdk.jmh.results.format.ResultFormatType
import java.io.OutputStream
import java.io.PrintStream
import java.nio.file.Path

/**
 * Where a suite hands what it measured, after every cell: the [results] so far and, for JMH cells,
 * JMH's own [jmh] runs. A [RunSession] writes them into its folder; a test may keep them.
 */
internal fun interface RunSink {
    fun results(results: Results)

    fun jmh(runs: List<RunResult>) {}
}

/**
 * One measuring run of any front end (`run`, `sweep`, `scenario`, `load`, `capacity`, `footprint`,
 * `recommend`, `selfcheck` and the library API): [open] holds the machine ([MachineLock], its one
 * caller) from before the results folder is claimed until the run ends, claims the folder under the
 * one policy ([ResultsFolder.prepare]), and the session is then the one writer of that folder: the
 * report files through the front end's [reports] sink, `jmh.json` and any other file through [write];
 * every file is recorded in the folder's manifest before it is written ([replaceAtomically]), the
 * measured JVMs' files under `cells/` as they are named (`CellFiles`).
 *
 * Not thread-safe: one run's thread uses it.
 */
internal class RunSession private constructor(val dir: Path, private val reports: (Results) -> Unit) : RunSink {
    /** How many cells the last results handed on hold: what a run stopped by a failed write still has on disk. */
    var cellsWritten: Int = 0
        private set

    override fun results(results: Results) {
        reports(results)
        cellsWritten = results.cells.size
    }

    /** JMH's own JSON for every successful cell so far, as `jmh.json`. */
    override fun jmh(runs: List<RunResult>) = write(JMH_JSON) { out ->
        PrintStream(out, true, Charsets.UTF_8).let {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, it).writeOut(runs)
        }
    }

    /** Replaces the folder's file [name] atomically with what [content] writes, recorded in the manifest first. */
    fun write(name: String, content: (OutputStream) -> Unit) = replaceAtomically(dir.resolve(name), content)

    companion object {
        const val JMH_JSON = "jmh.json"

        /**
         * Runs [block] as a session: holds the machine (a busy one throws [MachineBusyException] before
         * anything is created or cleared), claims the folder [folder] names (called only then, so a
         * default folder is made only by a run that goes ahead), clearing Bakeoff's own with [force]
         * ([ResultsFolderException], worded with [naming], when refused), and hands the report files to
         * the sink [reports] makes for it.
         */
        fun <T> open(
            folder: () -> Path,
            force: Boolean,
            naming: ResultsFolder.Naming,
            reports: (Path) -> (Results) -> Unit,
            block: (RunSession) -> T,
        ): T = MachineLock.hold {
            val dir = ResultsFolder.prepare(folder(), force, naming)
            block(RunSession(dir, reports(dir)))
        }
    }
}
