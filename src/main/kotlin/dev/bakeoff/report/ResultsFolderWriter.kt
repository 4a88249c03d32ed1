package dev.bakeoff.report

import dev.bakeoff.model.Family
import dev.bakeoff.result.Results
import java.io.IOException
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.deleteRecursively
import kotlin.io.path.exists
import kotlin.io.path.isDirectory
import kotlin.io.path.listDirectoryEntries

/**
 * The one writer of a results folder, for the CLI's measuring commands and the library API alike,
 * so that both leave the same folder under the same rules:
 *
 * - [prepare], before anything is measured, claims the folder: it must be new or empty, or, when
 *   the caller asks to clear it, provably Bakeoff's (the [MARKER], and nothing but what Bakeoff
 *   writes); then it proves the folder writable and writes the [MARKER] first.
 * - The writer itself is the run's sink, handed the results after every cell ([invoke]): every
 *   [reportFormats] file (results.json, results.csv, report.html) for the first cell, the last
 *   (complete) snapshot and at most every [REFRESH_NANOS] in between, and only results.json after
 *   the other cells: it holds everything, and rebuilding report.html for a long run after every
 *   cell kept the run's thread busy between measured forks. The engine adds `jmh.json` and
 *   `cells/` beside them. Every file is replaced atomically, so a failed write (a full disk)
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
    /** How many cells results.json holds: what a run stopped by a failed write still has on disk. */
    var cellsWritten: Int = 0
        private set
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
        cellsWritten = results.cells.size
        if (!linked && results.cells.any { it.timeNs != null }) {
            latestRoot?.let { linkLatest(dir, it) }
            linked = true
        }
    }

    /** How a front end names the folder and the switch that clears it, in [prepare]'s one-line refusals. */
    data class Naming(val out: String, val force: String)

    companion object {
        /** How often a run refreshes report.html and results.csv while it goes on. */
        const val REFRESH_NANOS = 15_000_000_000L

        /**
         * The file Bakeoff writes first into every results folder it makes: the proof that the folder
         * is Bakeoff's, without which nothing in it is ever cleared.
         */
        const val MARKER = ".bakeoff-results"

        /**
         * What Bakeoff writes at the top of a results folder: clearing removes these and nothing else,
         * and refuses a folder that holds anything more. `.write-check` and `.tmp` names are the
         * leftovers of a write cut short (the write check, [dev.bakeoff.result.replaceAtomically]).
         */
        private val WRITTEN = setOf(
            MARKER,
            "results.json",
            "results.csv",
            "report.html",
            "jmh.json",
            "selfcheck.json",
            "compare.html",
            "cells",
        )

        /** Names that mark a folder as some run's results (an older Bakeoff wrote no [MARKER]). */
        private val RESULTS = setOf("results.json", "selfcheck.json", "jmh.json", "cells")

        private const val MARKER_TEXT =
            "This folder holds the results of a Bakeoff run. Bakeoff may clear what it wrote here, nothing else.\n"

        /** Writes every [reportFormats] file of [results] into [dir], drawing families in [colours]. */
        fun writeAll(results: Results, dir: Path, colours: Map<Family, String>) {
            reportFormats(colours).forEach { it.writeTo(results, dir) }
        }

        /**
         * Makes [dir] a results folder and returns it: creates it, proves it writable and writes the
         * [MARKER]. A [dir] that exists must be an empty directory, or hold an earlier run's results
         * that [force] clears first (only when the [MARKER] proves them Bakeoff's and nothing else is
         * beside them). Anything else throws [ResultsFolderException], worded with [naming], before
         * anything in [dir] is touched.
         */
        fun prepare(dir: Path, force: Boolean, naming: Naming): Path {
            claim(dir, force, naming)
            try {
                Files.createDirectories(dir)
                Files.deleteIfExists(Files.createTempFile(dir, ".write-check", ""))
                Files.writeString(dir.resolve(MARKER), MARKER_TEXT)
            } catch (e: IOException) {
                throw ResultsFolderException(
                    "cannot write results to ${naming.out} $dir: ${e.javaClass.simpleName} ${e.message}",
                    e,
                )
            }
            return dir
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

        /**
         * Refuses a [dir] that is a file or holds anything, unless [force] is given and the folder is
         * provably Bakeoff's: it holds the [MARKER] and nothing but what Bakeoff writes ([WRITTEN]).
         * Only then are those entries removed; a user's file beside them stops the run instead.
         */
        private fun claim(dir: Path, force: Boolean, naming: Naming) {
            if (!dir.exists()) return
            val out = "${naming.out} $dir"
            if (!dir.isDirectory()) throw ResultsFolderException("$out is a file, not a directory")
            val entries = dir.listDirectoryEntries()
            if (entries.isEmpty()) return
            val names = entries.map { it.fileName.toString() }
            val foreign = names.filterNot { it in WRITTEN || it.startsWith(".write-check") || leftover(it) }
            val results = names.any { it in RESULTS }
            when {
                MARKER !in names -> throw ResultsFolderException(
                    "$out is not empty" +
                        (if (results) " and has no $MARKER file, so Bakeoff cannot tell that it wrote it" else "") +
                        "; give a new or empty directory" +
                        (if (force) " (${naming.force} clears only Bakeoff's own)" else ""),
                )

                !force -> throw ResultsFolderException(
                    "$out already holds a run's results; give a new directory, or add ${naming.force} to clear it " +
                        "first",
                )

                foreign.isNotEmpty() -> throw ResultsFolderException(
                    "$out holds ${foreign.sorted().joinToString(limit = 5)} beside a run's results, which " +
                        "Bakeoff did not write; ${naming.force} clears nothing: move them or give another directory",
                )

                else ->
                    @OptIn(kotlin.io.path.ExperimentalPathApi::class)
                    entries.forEach { it.deleteRecursively() }
            }
        }

        /** A temporary file of [dev.bakeoff.result.replaceAtomically] a cut-short write left: `.results.json.tmp`. */
        private fun leftover(name: String) = name.startsWith(".") && name.endsWith(".tmp") &&
            name.removePrefix(".").removeSuffix(".tmp") in WRITTEN
    }
}

/**
 * A results folder Bakeoff will not use: a file, a folder it cannot prove it wrote, an earlier
 * run's results not asked to be cleared, or a folder it cannot write. One line, naming the folder.
 */
internal class ResultsFolderException(message: String, cause: Throwable? = null) :
    IllegalArgumentException(message, cause)
