package dev.bakeoff.cli

import com.github.ajalt.clikt.core.UsageError
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.writeTo
import dev.bakeoff.result.Results
import java.io.IOException
import java.io.UncheckedIOException
import java.nio.file.Path

/**
 * What a run does with its results after every cell: [write]s every file into [out] (by default
 * [ResultFiles.write]; a test makes it fail, as a full disk would) for the first cell, the last
 * snapshot and at most every [REFRESH_NANOS] in between, and only results.json ([writeJson]) after
 * the other cells: it holds everything, and rebuilding report.html for a long run after every
 * cell kept the run's thread busy between measured forks. Remembers
 * how many cells are on disk, and points `latest` at [out] once a cell measured something (a
 * default directory in [latestRoot] only), so that a run that measured nothing never becomes the
 * latest. Called on the run's thread only.
 */
internal class ResultsSink(
    private val out: Path,
    private val write: (Results, Path) -> Unit = ResultFiles::write,
    private val latestRoot: Path = ResultFiles.DEFAULT_ROOT,
    private val writeJson: (Results, Path) -> Unit = { r, dir -> JsonReportFormat.writeTo(r, dir) },
    private val nanoTime: () -> Long = System::nanoTime,
) : (Results) -> Unit {
    private var written = 0
    private var linked = false
    private var lastFull: Long? = null

    override fun invoke(results: Results) {
        val now = nanoTime()
        val last = lastFull
        if (results.complete || last == null || now - last >= REFRESH_NANOS) {
            write(results, out)
            lastFull = now
        } else {
            writeJson(results, out)
        }
        written = results.cells.size
        if (!linked && results.cells.any { it.timeNs != null }) {
            ResultFiles.linkLatest(out, latestRoot)
            linked = true
        }
    }

    /**
     * Runs [run] (which hands its results to this sink). A write that fails mid-run (a full disk)
     * becomes one line and exit code 2: every file is replaced atomically, so the last complete
     * results.json stays, holding the cells finished before.
     */
    fun <T> guard(run: () -> T): T = try {
        run()
    } catch (e: IOException) {
        throw writeFailed(e)
    } catch (e: UncheckedIOException) {
        throw writeFailed(e.cause ?: e)
    }

    private fun writeFailed(e: Throwable) = UsageError(
        "could not write results to $out (${e.javaClass.simpleName}: ${e.message}); stopped: results.json " +
            "keeps the $written cell(s) written before",
        statusCode = 2,
    )

    companion object {
        /** How often a run refreshes report.html and results.csv while it goes on. */
        const val REFRESH_NANOS = 15_000_000_000L
    }
}
