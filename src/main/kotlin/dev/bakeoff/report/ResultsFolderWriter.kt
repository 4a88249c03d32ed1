package dev.bakeoff.report

import dev.bakeoff.model.Family
import dev.bakeoff.result.Results
import dev.bakeoff.result.ResultsManifest
import java.nio.file.Files
import java.nio.file.Path

/**
 * The writer of a results folder's report files, for the CLI's measuring commands and the library API
 * alike, so that both leave the same folder under the same rules; the engine's run session claims the
 * folder first and hands this writer the results:
 *
 * - The writer is the run's report sink, handed the results after every cell ([invoke]): every
 *   [reportFormats] file (results.json, results.csv, report.html) for the first cell, the last
 *   (complete) snapshot and at most every [REFRESH_NANOS] in between, and only results.json after
 *   the other cells: it holds everything, and rebuilding report.html for a long run after every
 *   cell kept the run's thread busy between measured forks. The session adds `jmh.json` and
 *   the engine `cells/` beside them. Every file is replaced atomically, so a failed write (a full disk)
 *   leaves the last complete one.
 * - Once a cell measured something, `<latestRoot>/latest` points at the folder when it is one of
 *   the default folders made in [latestRoot], so a run that measured nothing never becomes the latest.
 *
 * report.html draws each strategy family in its colour from [colours] (the front end takes them from
 * the catalog). [write] and [writeJson] are seams for tests (a full disk, counting writes), as is [nanoTime].
 * Not thread-safe: one run's thread calls [invoke].
 */
internal class ResultsFolderWriter(
    val dir: Path,
    private val colours: Map<Family, String>,
    private val latestRoot: Path? = null,
    private val write: (Results, Path) -> Unit = { r, d -> writeAll(r, d, colours) },
    private val writeJson: (Results, Path) -> Unit = { r, d -> JsonReportFormat.writeTo(r, d) },
    private val nanoTime: () -> Long = System::nanoTime,
) : (Results) -> Unit {
    private var linked = false
    private var lastFull: Long? = null

    override fun invoke(results: Results) {
        val now = nanoTime()
        val last = lastFull
        if (results.complete || last == null || now - last >= REFRESH_NANOS) {
            write(results, dir)
            lastFull = now
        } else {
            writeJson(results, dir)
        }
        if (!linked && results.cells.any { it.timeNs != null }) {
            latestRoot?.let { linkLatest(dir, it) }
            linked = true
        }
    }

    companion object {
        /** How often a run refreshes report.html and results.csv while it goes on. */
        const val REFRESH_NANOS = 15_000_000_000L

        /**
         * The file Bakeoff writes first into every results folder it makes: the proof that the folder
         * is Bakeoff's and the list of what it wrote there ([ResultsManifest]), without which nothing
         * in it is ever cleared.
         */
        const val MARKER = ResultsManifest.FILE

        /** Writes every [reportFormats] file of [results] into [dir], drawing families in [colours]. */
        fun writeAll(results: Results, dir: Path, colours: Map<Family, String>) {
            reportFormats(colours).forEach { it.writeTo(results, dir) }
        }

        /**
         * Points `<root>/latest` at [dir] if it is a folder made in [root]: called once the run has
         * measured something. Best effort: a file system without symbolic links has no `latest`.
         */
        fun linkLatest(dir: Path, root: Path) {
            if (dir.parent != root) return
            val latest = dir.resolveSibling("latest")
            runCatching {
                Files.deleteIfExists(latest)
                Files.createSymbolicLink(latest, dir.fileName)
            }
        }
    }
}
