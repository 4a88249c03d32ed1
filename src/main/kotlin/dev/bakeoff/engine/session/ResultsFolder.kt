package dev.bakeoff.engine.session

import dev.bakeoff.result.ResultsManifest
import java.io.IOException
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.exists
import kotlin.io.path.isDirectory
import kotlin.io.path.listDirectoryEntries

/**
 * The one policy by which a results folder is claimed, for every front end alike ([RunSession], and
 * `merge`, which writes a folder without measuring): it must be new or empty, or, when the caller asks
 * to clear it, provably Bakeoff's (the [MARKER], and nothing but what its list names); then it is
 * proved writable and gets the [MARKER] first. Stateless; the [ResultsManifest] serialises its records.
 */
internal object ResultsFolder {
    /** The marker and list of what Bakeoff wrote ([ResultsManifest]), without which nothing in a folder is cleared. */
    private const val MARKER = ResultsManifest.FILE

    /** Names that mark a folder as some run's results (an older Bakeoff wrote no [MARKER]). */
    private val RESULTS = setOf("results.json", "selfcheck.json", "jmh.json", "cells")

    /** How a front end names the folder and the switch that clears it, in [prepare]'s one-line refusals. */
    data class Naming(val out: String, val force: String)

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

/**
 * A results folder Bakeoff will not use: a file, a folder it cannot prove it wrote, an earlier
 * run's results not asked to be cleared, or a folder it cannot write. One line, naming the folder.
 */
internal class ResultsFolderException(message: String, cause: Throwable? = null) :
    IllegalArgumentException(message, cause)
