package dev.bakeoff.result

import java.io.IOException
import java.nio.file.Files
import java.nio.file.LinkOption.NOFOLLOW_LINKS
import java.nio.file.Path
import java.nio.file.StandardOpenOption.APPEND
import java.nio.file.StandardOpenOption.CREATE_NEW
import java.nio.file.StandardOpenOption.WRITE
import kotlin.io.path.isDirectory
import kotlin.io.path.readLines

/**
 * The list of what Bakeoff wrote in a results folder, kept in the folder's marker file ([FILE]):
 * clearing a folder (`--force`) removes what this list names and nothing else, so a user's file
 * beside Bakeoff's, at any depth, is never taken for Bakeoff's because of its name.
 *
 * Every writer of a results folder records a file here before it creates it: [replaceAtomically]
 * for the files the host writes, `CellFiles` for the paths it hands a measured JVM. A folder's
 * marker is found from a file's own folder or the one above it (`cells/`), so writers need not be
 * told the results folder. Thread-safe: records are serialised on this object.
 */
internal object ResultsManifest {
    /** The marker file: its first line says what the folder is, then one recorded path a line. */
    const val FILE = ".bakeoff-results"

    private const val TEXT =
        "This folder holds the results of a Bakeoff run. Bakeoff may clear what it wrote here, nothing else."

    /** The line after which the recorded paths follow; a marker without it was written by an older Bakeoff. */
    private const val LIST = "# What Bakeoff wrote here, one path a line, relative to this folder:"

    /** What each marker already lists, so a path is appended once however often it is rewritten. */
    private val known = HashMap<Path, MutableSet<String>>()

    /** Writes a new, empty list into [dir] (which holds no marker): the proof that the folder is Bakeoff's. */
    @Synchronized
    fun create(dir: Path) {
        val marker = dir.resolve(FILE)
        Files.writeString(marker, "$TEXT\n$LIST\n", CREATE_NEW, WRITE)
        known[marker.toAbsolutePath().normalize()] = HashSet()
    }

    /**
     * Records [file] in the list of the results folder that holds it (its folder, or the one above),
     * before the caller writes it; nothing when neither folder is a results folder. A link planted in
     * place of the marker is never written through.
     */
    @Synchronized
    fun record(file: Path) {
        val absolute = file.toAbsolutePath().normalize()
        val dir = folders(absolute).firstOrNull { Files.isRegularFile(it.resolve(FILE), NOFOLLOW_LINKS) } ?: return
        val marker = dir.resolve(FILE)
        val listed = known.getOrPut(marker) { listed(dir)?.toMutableSet() ?: return }
        val entry = dir.relativize(absolute).joinToString("/")
        if (listed.add(entry)) Files.writeString(marker, "$entry\n", APPEND, WRITE, NOFOLLOW_LINKS)
    }

    /**
     * Whether [file] is one that a results folder's list names (in its folder or the one above): a
     * file Bakeoff wrote as part of a run, which no other output may overwrite.
     */
    fun recorded(file: Path): Boolean {
        val absolute = file.toAbsolutePath().normalize()
        return folders(absolute).any { dir ->
            listed(dir)?.contains(dir.relativize(absolute).joinToString("/")) == true
        }
    }

    /**
     * The paths [dir]'s marker lists (relative, `/`-separated), or null when it has no marker or one
     * of an older Bakeoff, which kept no list. Entries that could point outside the folder are dropped.
     */
    fun listed(dir: Path): Set<String>? {
        val marker = dir.resolve(FILE)
        if (!Files.isRegularFile(marker, NOFOLLOW_LINKS)) return null
        val lines = try {
            marker.readLines()
        } catch (_: IOException) {
            return null
        }
        val start = lines.indexOf(LIST).takeIf { it >= 0 } ?: return null
        return lines.drop(start + 1)
            .filter { it.isNotBlank() && !it.startsWith("/") && it.split('/').none { p -> p == ".." || p == "." } }
            .toSet()
    }

    /**
     * What clearing [dir] would remove (files, links, then the folders they leave empty, deepest first)
     * and what it holds that its list does not name ([Clearing.foreign]); null when [dir] has no list.
     * A leftover of a write cut short (`.results.json.<random>.tmp`, see [replaceAtomically]) counts
     * as Bakeoff's when the file it was replacing is listed. Links are never followed.
     */
    fun clearing(dir: Path): Clearing? {
        val listed = listed(dir) ?: return null
        val folders = listed.flatMap { e -> e.split('/').dropLast(1).runningReduce { a, b -> "$a/$b" } }.toSet()
        val entries = Files.walk(dir).use { s -> s.filter { it != dir }.toList() }
        val owned = mutableListOf<Path>()
        val foreign = mutableListOf<String>()
        for (path in entries) {
            val entry = dir.relativize(path).joinToString("/")
            val mine = when {
                entry == FILE -> true
                path.isDirectory(NOFOLLOW_LINKS) -> entry in folders
                else -> entry in listed || leftover(entry, listed)
            }
            if (mine) owned.add(path) else foreign.add(entry)
        }
        return Clearing(owned.sortedByDescending { it.nameCount }, foreign.sorted())
    }

    /** A listed folder's [owned] paths, deepest first (so folders come after their files), and its [foreign] ones. */
    class Clearing(val owned: List<Path>, val foreign: List<String>)

    /** Forgets what [dir]'s marker listed: called once the folder is cleared, before a new list is made. */
    @Synchronized
    fun forget(dir: Path) {
        known.remove(dir.resolve(FILE).toAbsolutePath().normalize())
    }

    /** The folders a results folder holding [absolute] may be: its own, or the one above (`cells/`). */
    private fun folders(absolute: Path): Sequence<Path> = generateSequence(absolute.parent) { it.parent }.take(2)

    private fun leftover(entry: String, listed: Set<String>): Boolean {
        val folder = entry.substringBeforeLast('/', "")
        val name = entry.substringAfterLast('/')
        if (!name.startsWith(".") || !name.endsWith(TEMP_SUFFIX)) return false
        val target = name.removePrefix(".").removeSuffix(TEMP_SUFFIX).substringBeforeLast('.')
        return (if (folder.isEmpty()) target else "$folder/$target") in listed
    }
}
