package dev.bakeoff.report

import dev.bakeoff.model.Family
import dev.bakeoff.result.Results
import dev.bakeoff.result.ResultsManifest
import java.io.IOException
import java.nio.file.Files
import java.nio.file.Path
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
         * is Bakeoff's and the list of what it wrote there ([ResultsManifest]), without which nothing
         * in it is ever cleared.
         */
        const val MARKER = ResultsManifest.FILE

        /** Names that mark a folder as some run's results (an older Bakeoff wrote no [MARKER]). */
        private val RESULTS = setOf("results.json", "selfcheck.json", "jmh.json", "cells")

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
                // Writing the marker, new, is the write check: a folder it cannot be made in is refused here.
                ResultsManifest.create(dir)
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
         * provably Bakeoff's: its [MARKER] lists everything in it ([ResultsManifest.clearing]). Only
         * then are the listed entries removed; a user's file anywhere in it stops the run instead,
         * before anything is removed.
         */
        private fun claim(dir: Path, force: Boolean, naming: Naming) {
            if (!dir.exists()) return
            val out = "${naming.out} $dir"
            if (!dir.isDirectory()) throw ResultsFolderException("$out is a file, not a directory")
            val names = dir.listDirectoryEntries().map { it.fileName.toString() }
            if (names.isEmpty()) return
            val results = names.any { it in RESULTS }
            if (MARKER !in names) {
                throw ResultsFolderException(
                    "$out is not empty" +
                        (if (results) " and has no $MARKER file, so Bakeoff cannot tell that it wrote it" else "") +
                        "; give a new or empty directory" +
                        (if (force) " (${naming.force} clears only Bakeoff's own)" else ""),
                )
            }
            if (!force) {
                throw ResultsFolderException(
                    "$out already holds a run's results; give a new directory, or add ${naming.force} to clear it " +
                        "first",
                )
            }
            val clearing = ResultsManifest.clearing(dir) ?: throw ResultsFolderException(
                "$out was written by an older Bakeoff, which kept no list of its files, so ${naming.force} " +
                    "clears nothing there: clear it yourself or give another directory",
            )
            if (clearing.foreign.isNotEmpty()) {
                throw ResultsFolderException(
                    "$out holds ${clearing.foreign.joinToString(limit = 5)} beside a run's results, which " +
                        "Bakeoff did not write; ${naming.force} clears nothing: move them or give another directory",
                )
            }
            clearing.owned.forEach { Files.deleteIfExists(it) }
            ResultsManifest.forget(dir)
        }
    }
}

/**
 * A results folder Bakeoff will not use: a file, a folder it cannot prove it wrote, an earlier
 * run's results not asked to be cleared, or a folder it cannot write. One line, naming the folder.
 */
internal class ResultsFolderException(message: String, cause: Throwable? = null) :
    IllegalArgumentException(message, cause)
