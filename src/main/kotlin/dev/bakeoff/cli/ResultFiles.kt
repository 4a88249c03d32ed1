package dev.bakeoff.cli

import com.github.ajalt.clikt.core.ParameterHolder
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.parameters.options.flag
import com.github.ajalt.clikt.parameters.options.option
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.engine.session.ResultsFolder
import dev.bakeoff.engine.session.ResultsFolderException
import dev.bakeoff.engine.session.RunSession
import dev.bakeoff.report.HtmlAssets
import dev.bakeoff.report.ResultsFolderWriter
import dev.bakeoff.result.ResultsManifest
import java.io.IOException
import java.io.UncheckedIOException
import java.nio.file.FileAlreadyExistsException
import java.nio.file.Files
import java.nio.file.InvalidPathException
import java.nio.file.Path
import java.nio.file.Paths
import java.time.LocalDateTime
import java.time.format.DateTimeFormatter

/**
 * The CLI's side of a results folder: paths the user typed, the default folder
 * (`results/<timestamp>`, linked as `results/latest`), and the refusals of [ResultsFolder]'s policy as
 * one line with exit code 2. A measuring command's folder is claimed and written by its [RunSession]
 * ([session]), as the library API's is. Used by the command thread only.
 */
internal object ResultFiles {
    /** The folder default output directories are made in, relative to the checkout the launcher runs in. */
    val DEFAULT_ROOT: Path = Paths.get("results")

    /** How the CLI's refusals name the folder and the switch that clears it. */
    private val NAMING = ResultsFolder.Naming(out = "--out", force = "--force")

    /**
     * A path the user typed, resolved against the directory the command was run in: the launcher
     * works from the checkout and passes the user's directory as `bakeoff.cwd`. One line and exit
     * code 2 for an empty or malformed path.
     */
    fun userPath(text: String, what: String): Path {
        if (text.isBlank()) throw UsageError("$what is empty; give a path", statusCode = 2)
        return try {
            userDir().resolve(text).normalize()
        } catch (e: InvalidPathException) {
            throw UsageError("$what '$text' is not a valid path: ${e.reason}", statusCode = 2)
        }
    }

    /**
     * [path] as the CLI prints it: relative to the directory the command was run in when it lies below
     * it, absolute otherwise. Default results folders are made in the checkout (the JVM's directory), so
     * a `results/...` printed to a user standing elsewhere would name a folder that is not there.
     */
    fun shown(path: Path): String {
        val absolute = path.toAbsolutePath().normalize()
        val cwd = userDir()
        return if (absolute != cwd && absolute.startsWith(cwd)) "${cwd.relativize(absolute)}" else "$absolute"
    }

    /** The directory the command was run in: the launcher works from the checkout and passes it as `bakeoff.cwd`. */
    private fun userDir(): Path =
        (System.getProperty("bakeoff.cwd")?.let { Paths.get(it) } ?: Paths.get("")).toAbsolutePath().normalize()

    /**
     * An `--out` (or another output path, the option named [what]) the user typed ([userPath]),
     * refused in one line with exit code 2 inside the checkout's [BUILD_FOLDERS] (`bakeoff.home`,
     * which the launcher passes): the launcher rebuilds whenever a file under `src` changes, the build
     * packs `src/main/resources` into its jar, and `target` is the build's to clear. Symbolic links are
     * followed, so none leads there unseen.
     */
    fun outPath(text: String, what: String = "--out"): Path {
        val dir = userPath(text, what)
        val home = System.getProperty("bakeoff.home")?.let { Paths.get(it) } ?: return dir
        val inside = BUILD_FOLDERS.firstOrNull { realPath(dir).startsWith(realPath(home.resolve(it))) } ?: return dir
        throw UsageError(
            "$what $dir is inside Bakeoff's own '$inside' folder (${home.resolve(inside)}), which its build reads " +
                "and rewrites; give a ${if (what == "--out") "directory" else "path"} outside " +
                BUILD_FOLDERS.joinToString(" and "),
            statusCode = 2,
        )
    }

    /**
     * A file the user named for a command to write ([what]: `--junit`, `--summary`, compare.html),
     * refused in one line with exit code 2 before anything is read or measured when writing it would
     * lose something: it is one of the command's [inputs], a symbolic link (which a write would follow
     * out of the folder, or replace), a directory, a file of a results folder that Bakeoff recorded as
     * part of a run, or (with [ownOnly]) a file that is not Bakeoff's own (recorded, or a page whose
     * head names Bakeoff as its generator); or when its folder cannot be written. Returns [file].
     */
    fun outputFile(file: Path, what: String, inputs: List<Path>, ownOnly: Boolean = false): Path {
        fun refuse(why: String): Nothing = throw UsageError("$what $file $why", statusCode = 2)
        if (Files.isSymbolicLink(file)) refuse("is a symbolic link; give the path of a file, not a link")
        if (Files.isDirectory(file)) refuse("is a directory; give a file's path")
        val real = realPath(file)
        if (inputs.any { realPath(it) == real }) refuse("is one of this command's inputs, which it would overwrite")
        if (Files.exists(file)) {
            if (!ownOnly && ResultsManifest.recorded(file)) {
                refuse("is a file of a Bakeoff results folder, which it would overwrite; give another path")
            }
            if (ownOnly && !ResultsManifest.recorded(file) && !bakeoffPage(file)) {
                refuse("exists and Bakeoff did not write it; move it or give another --out")
            }
        }
        val parent = generateSequence(real.parent) { it.parent }.firstOrNull { Files.exists(it) }
        if (parent == null || !Files.isDirectory(parent) || !Files.isWritable(parent) || !canCreateIn(parent)) {
            refuse("cannot be written: ${parent ?: "its folder"} is not a writable directory")
        }
        return file
    }

    /** Whether a file can be made in [dir], asked of the file system itself: root's access check passes `/proc`. */
    private fun canCreateIn(dir: Path): Boolean =
        runCatching { Files.delete(Files.createTempFile(dir, ".bakeoff-", ".tmp")) }.isSuccess

    /** Whether [file] is an HTML page Bakeoff wrote (its head names it the generator). */
    private fun bakeoffPage(file: Path): Boolean = runCatching {
        Files.newInputStream(file).use { String(it.readNBytes(PAGE_HEAD_BYTES)) }
    }.map(HtmlAssets::written).getOrDefault(false)

    /**
     * The newest run's results.json: `<root>/latest`, which a run links once it measured something
     * ([ResultsFolderWriter]); null when there is none.
     */
    fun latest(root: Path = DEFAULT_ROOT): Path? =
        root.resolve("latest").resolve("results.json").takeIf { Files.isRegularFile(it) }

    /** [path] with its symbolic links resolved as far as it exists, the rest appended as it is. */
    private fun realPath(path: Path): Path {
        val absolute = path.toAbsolutePath().normalize()
        val existing = generateSequence(absolute) { it.parent }.firstOrNull { Files.exists(it) } ?: return absolute
        return existing.toRealPath().resolve(existing.relativize(absolute))
    }

    /**
     * Creates the output directory and proves it writable ([ResultsFolder.prepare]) without measuring
     * (`merge`); one line and exit code 2 if it is refused or not writable. By default a new
     * `<root>/<prefix><timestamp>` (with `-2`, `-3`... when a run started in the same second already has
     * it). A [requested] directory must be new or empty; an earlier run's output is refused unless [force]
     * clears it first; any other non-empty directory is refused.
     */
    fun prepareOut(requested: Path?, prefix: String = "", force: Boolean = false, root: Path = DEFAULT_ROOT): Path =
        refused { ResultsFolder.prepare(requested ?: newDefault(root, prefix), force, NAMING) }

    /**
     * Runs [run] as a measuring command's one [RunSession]: the machine held, the output directory
     * claimed as [prepareOut] claims it (made only once the machine is held), its report files written by
     * [writer]'s sink. A refused directory is one line and exit code 2, and so is a write that fails
     * mid-run (a full disk): every file is replaced atomically, so the last complete results.json stays,
     * holding the cells finished before; [kept] says what a failed write leaves, in that line.
     */
    fun <T> session(
        requested: Path?,
        prefix: String = "",
        force: Boolean = false,
        writer: (Path) -> ResultsFolderWriter = ::writer,
        kept: (RunSession) -> String = ::cellsKept,
        run: (RunSession) -> T,
    ): T = refused {
        RunSession.open({ requested ?: newDefault(DEFAULT_ROOT, prefix) }, force, NAMING, writer) { session ->
            guard(session, kept) { run(session) }
        }
    }

    /** What a run's failed write leaves of its results: the cells results.json held before. */
    fun cellsKept(session: RunSession): String = "results.json keeps the ${session.cellsWritten} cell(s) written before"

    /** The writer of a run's results into [dir], linking `latest` in [DEFAULT_ROOT] once a cell measured. */
    fun writer(dir: Path): ResultsFolderWriter = ResultsFolderWriter(dir, Strategies.colours, latestRoot = DEFAULT_ROOT)

    /** [claim]'s refusal of a results folder as one line and exit code 2. */
    private fun <T> refused(claim: () -> T): T = try {
        claim()
    } catch (e: ResultsFolderException) {
        throw UsageError(e.message, statusCode = 2)
    }

    private fun <T> guard(session: RunSession, kept: (RunSession) -> String, run: () -> T): T {
        fun failed(e: Throwable) = UsageError(
            "could not write results to ${session.dir} (${e.javaClass.simpleName}: ${e.message}); stopped: " +
                kept(session),
            statusCode = 2,
        )
        return try {
            run()
        } catch (e: IOException) {
            throw failed(e)
        } catch (e: UncheckedIOException) {
            throw failed(e.cause ?: e)
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

    private const val MAX_SAME_SECOND = 1000

    /** Where a page's generator tag must be: the head, before the inlined style sheet and charts. */
    private const val PAGE_HEAD_BYTES = 1024

    /** The checkout's folders the build reads or writes, where no results may go. */
    private val BUILD_FOLDERS = listOf("src", "target")
}

/** `--force`: the same option on every command that writes an output directory. */
internal fun ParameterHolder.forceOption() =
    option("--force", help = "Clear an --out directory that holds an earlier run's results, then write there").flag()
