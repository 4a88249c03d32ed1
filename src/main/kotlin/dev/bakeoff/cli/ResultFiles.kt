package dev.bakeoff.cli

import com.github.ajalt.clikt.core.ParameterHolder
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.parameters.options.flag
import com.github.ajalt.clikt.parameters.options.option
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.report.reportFormats
import dev.bakeoff.report.writeTo
import dev.bakeoff.result.Results
import java.io.IOException
import java.nio.file.FileAlreadyExistsException
import java.nio.file.Files
import java.nio.file.InvalidPathException
import java.nio.file.Path
import java.nio.file.Paths
import java.time.LocalDateTime
import java.time.format.DateTimeFormatter
import kotlin.io.path.deleteRecursively
import kotlin.io.path.exists
import kotlin.io.path.isDirectory
import kotlin.io.path.listDirectoryEntries

/**
 * Where a run's files go and how they are written: every result file after every cell (each
 * replaced atomically, so a failed write leaves the previous complete one), in a directory that
 * is new, empty, or an earlier run's cleared on request. Used by the command thread only.
 */
internal object ResultFiles {
    /** The folder default output directories are made in, relative to the checkout the launcher runs in. */
    val DEFAULT_ROOT: Path = Paths.get("results")

    /**
     * The file Bakeoff writes first into every results folder it makes: the proof that the folder
     * is Bakeoff's, without which `--force` clears nothing.
     */
    const val MARKER = ".bakeoff-results"

    /**
     * What Bakeoff writes at the top of a results folder: `--force` removes these and nothing else,
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

    fun write(results: Results, dir: Path) {
        reportFormats(Strategies.colours).forEach { it.writeTo(results, dir) }
    }

    /**
     * A path the user typed, resolved against the directory the command was run in: the launcher
     * works from the checkout and passes the user's directory as `bakeoff.cwd`. One line and exit
     * code 2 for an empty or malformed path.
     */
    fun userPath(text: String, what: String): Path {
        if (text.isBlank()) throw UsageError("$what is empty; give a path", statusCode = 2)
        val cwd = System.getProperty("bakeoff.cwd")?.let { Paths.get(it) } ?: Paths.get("").toAbsolutePath()
        return try {
            cwd.resolve(text).normalize()
        } catch (e: InvalidPathException) {
            throw UsageError("$what '$text' is not a valid path: ${e.reason}", statusCode = 2)
        }
    }

    /**
     * An `--out` the user typed ([userPath]), refused in one line with exit code 2 inside the
     * checkout's [BUILD_FOLDERS] (`bakeoff.home`, which the launcher passes): the launcher rebuilds
     * whenever a file under `src` changes, the build packs `src/main/resources` into its jar, and
     * `target` is the build's to clear. Symbolic links are followed, so none leads there unseen.
     */
    fun outPath(text: String): Path {
        val dir = userPath(text, "--out")
        val home = System.getProperty("bakeoff.home")?.let { Paths.get(it) } ?: return dir
        val inside = BUILD_FOLDERS.firstOrNull { realPath(dir).startsWith(realPath(home.resolve(it))) } ?: return dir
        throw UsageError(
            "--out $dir is inside Bakeoff's own '$inside' folder (${home.resolve(inside)}), which its build reads " +
                "and rewrites; give a directory outside ${BUILD_FOLDERS.joinToString(" and ")}",
            statusCode = 2,
        )
    }

    /** [path] with its symbolic links resolved as far as it exists, the rest appended as it is. */
    private fun realPath(path: Path): Path {
        val absolute = path.toAbsolutePath().normalize()
        val existing = generateSequence(absolute) { it.parent }.firstOrNull { Files.exists(it) } ?: return absolute
        return existing.toRealPath().resolve(existing.relativize(absolute))
    }

    /**
     * Creates the output directory and proves it writable; one line and exit code 2 if it is not.
     * By default a new `<root>/<prefix><timestamp>` (with `-2`, `-3`... when a run started in the
     * same second already has it). A [requested] directory must be new or empty; an earlier run's
     * output is refused unless [force] clears it first; any other non-empty directory is refused.
     */
    fun prepareOut(requested: Path?, prefix: String = "", force: Boolean = false, root: Path = DEFAULT_ROOT): Path {
        val dir = requested ?: newDefault(root, prefix)
        try {
            if (requested != null) claim(requested, force)
            Files.createDirectories(dir)
            Files.deleteIfExists(Files.createTempFile(dir, ".write-check", ""))
            Files.writeString(dir.resolve(MARKER), MARKER_TEXT)
        } catch (e: IOException) {
            val why = "${e.javaClass.simpleName} ${e.message}"
            throw UsageError("cannot write results to --out $dir: $why", statusCode = 2)
        }
        return dir
    }

    /**
     * Points `<root>/latest` at [dir] if it is a default output directory: called once the run
     * has measured something, so a run that measured nothing (refused by JMH's lock, failed in
     * every cell) never becomes the latest.
     */
    fun linkLatest(dir: Path, root: Path = DEFAULT_ROOT) {
        if (dir.parent != root) return
        val latest = dir.resolveSibling("latest")
        runCatching {
            Files.deleteIfExists(latest)
            Files.createSymbolicLink(latest, dir.fileName)
        }
    }

    private fun newDefault(root: Path, prefix: String): Path {
        val stamp = prefix + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
        Files.createDirectories(root)
        // createDirectory fails when the name is taken, so two runs started in the same second never share one.
        for (n in 1..MAX_SAME_SECOND) {
            val dir = root.resolve(if (n == 1) stamp else "$stamp-$n")
            try {
                return Files.createDirectory(dir)
            } catch (_: FileAlreadyExistsException) {
                continue
            }
        }
        throw UsageError("more than $MAX_SAME_SECOND runs started in the same second; give --out", statusCode = 2)
    }

    /**
     * Refuses a [dir] that is a file or holds anything, unless [force] is given and the folder is
     * provably Bakeoff's: it holds the [MARKER] and nothing but what Bakeoff writes ([WRITTEN]).
     * Only then are those entries removed; a user's file beside them stops the run instead.
     */
    private fun claim(dir: Path, force: Boolean) {
        if (!dir.exists()) return
        if (!dir.isDirectory()) throw UsageError("--out $dir is a file, not a directory", statusCode = 2)
        val entries = dir.listDirectoryEntries()
        if (entries.isEmpty()) return
        val names = entries.map { it.fileName.toString() }
        val foreign = names.filterNot { it in WRITTEN || it.startsWith(".write-check") || leftover(it) }
        val results = names.any { it in RESULTS }
        when {
            MARKER !in names -> throw UsageError(
                "--out $dir is not empty" +
                    (if (results) " and has no $MARKER file, so Bakeoff cannot tell that it wrote it" else "") +
                    "; give a new or empty directory" + (if (force) " (--force clears only Bakeoff's own)" else ""),
                statusCode = 2,
            )

            !force -> throw UsageError(
                "--out $dir already holds a run's results; give a new directory, or add --force to clear it first",
                statusCode = 2,
            )

            foreign.isNotEmpty() -> throw UsageError(
                "--out $dir holds ${foreign.sorted().joinToString(limit = 5)} beside a run's results, which " +
                    "Bakeoff did not write; --force clears nothing: move them or give another directory",
                statusCode = 2,
            )

            else ->
                @OptIn(kotlin.io.path.ExperimentalPathApi::class)
                entries.forEach { it.deleteRecursively() }
        }
    }

    /** A temporary file of [dev.bakeoff.result.replaceAtomically] that a cut-short write left: `.results.json.tmp`. */
    private fun leftover(name: String) = name.startsWith(".") && name.endsWith(".tmp") &&
        name.removePrefix(".").removeSuffix(".tmp") in WRITTEN

    private const val MARKER_TEXT =
        "This folder holds the results of a Bakeoff run. `--force` may clear what Bakeoff wrote here, nothing else.\n"
    private const val MAX_SAME_SECOND = 1000

    /** The checkout's folders the build reads or writes, where no results may go. */
    private val BUILD_FOLDERS = listOf("src", "target")
}

/** `--force`: the same option on every command that writes an output directory. */
internal fun ParameterHolder.forceOption() =
    option("--force", help = "Clear an --out directory that holds an earlier run's results, then write there").flag()
