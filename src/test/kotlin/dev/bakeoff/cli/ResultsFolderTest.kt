package dev.bakeoff.cli

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.engine.link.CellFiles
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.report.ResultsFolderWriter
import dev.bakeoff.report.writeTo
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.copy
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.LinkOption
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/**
 * Default results folders never collide, `latest` moves only to a run that measured something,
 * and `compare` of runs measured once per cell says so instead of failing. In-process, in a
 * temporary folder standing for `results/`; nothing here forks a JVM.
 */
class ResultsFolderTest {
    @TempDir
    lateinit var tmp: Path

    private val root: Path get() = tmp.resolve("results")

    @Test
    fun `runs started in the same second get distinct default folders`() {
        val dirs = List(3) { ResultFiles.prepareOut(null, prefix = "recommend-", root = root) }
        assertEquals(3, dirs.toSet().size, "$dirs")
        dirs.forEach { assertTrue(Files.isDirectory(it), "$it") }
    }

    @Test
    fun `latest is not created for a run whose cells all failed`() {
        val failed = ResultFiles.prepareOut(null, root = root)
        val allFailed = ResultsFixture.results().let { r ->
            r.copy(cells = r.cells.map { it.copy(status = CellStatus.FAILED, timeNs = null) })
        }
        ResultsFolderWriter(failed, Strategies.colours, latestRoot = root)(allFailed)
        assertFalse(Files.exists(root.resolve("latest"), LinkOption.NOFOLLOW_LINKS))
        assertEquals(allFailed.cells.size, JsonReportFormat.read(failed.resolve("results.json")).cells.size)
    }

    @Test
    fun `a run writes every file for its first cell, its end and every refresh, and results json after every cell`() {
        val calls = mutableListOf<String>()
        var now = 0L
        val sink = ResultsFolderWriter(
            tmp.resolve("run"),
            Strategies.colours,
            write = { r, _ -> calls += "all ${r.cells.size}" },
            latestRoot = root,
            writeJson = { r, _ -> calls += "json ${r.cells.size}" },
            nanoTime = { now },
        )
        val cells = ResultsFixture.results().let { r -> (1..r.cells.size).map { r.copy(cells = r.cells.take(it), complete = false) } }
        sink(cells[0])
        sink(cells[1])
        now += ResultsFolderWriter.REFRESH_NANOS
        sink(cells[2])
        sink(cells[2].copy(complete = true))
        assertEquals(listOf("all 1", "json 2", "all 3", "all 3"), calls)
    }

    @Test
    fun `latest moves to a run that measured, and stays there when a later one measures nothing`() {
        val measured = ResultFiles.prepareOut(null, root = root)
        ResultsFolderWriter(measured, Strategies.colours, latestRoot = root)(ResultsFixture.results())
        assertEquals(measured.fileName, Files.readSymbolicLink(root.resolve("latest")))
        val failed = ResultFiles.prepareOut(null, root = root)
        val nothing = ResultsFixture.results().let { it.copy(cells = it.cells.map { c -> c.copy(timeNs = null) }) }
        ResultsFolderWriter(failed, Strategies.colours, latestRoot = root)(nothing)
        assertEquals(measured.fileName, Files.readSymbolicLink(root.resolve("latest")))
        // A run given --out is the user's folder: it never becomes `latest`.
        ResultsFolderWriter(tmp.resolve("mine"), Strategies.colours, latestRoot = root)(ResultsFixture.results())
        assertEquals(measured.fileName, Files.readSymbolicLink(root.resolve("latest")))
    }

    @Test
    fun `--force never clears a folder Bakeoff cannot prove it wrote`() {
        val p = tmp.resolve("p")
        Files.createDirectories(p.resolve("src"))
        Files.writeString(p.resolve("src/Main.java"), "class Main {}")
        Files.writeString(p.resolve("notes.txt"), "mine")
        Files.writeString(p.resolve("results.json"), "{}")
        val (code, output) = cli("run", "-w", "arithmetic", "-s", "direct", "-p", "smoke", "--force", "--out", "$p")
        assertEquals(2, code, output)
        assertContains(output, "has no ${ResultsFolderWriter.MARKER} file")
        assertEquals(setOf("src", "notes.txt", "results.json"), names(p))
        assertEquals("class Main {}", Files.readString(p.resolve("src/Main.java")))
    }

    @Test
    fun `--force refuses a Bakeoff folder holding a file of the user's, and clears one holding only its own`() {
        val run = earlierRun()
        Files.writeString(run.resolve("notes.txt"), "mine")
        val (code, output) = cli("run", "-w", "arithmetic", "-s", "direct", "-p", "smoke", "--force", "--out", "$run")
        assertEquals(2, code, output)
        assertContains(output, "holds notes.txt beside a run's results, which Bakeoff did not write")
        assertEquals(setOf(ResultsFolderWriter.MARKER, "results.json", "cells", "notes.txt"), names(run))
        Files.delete(run.resolve("notes.txt"))
        ResultFiles.prepareOut(run, force = true)
        assertEquals(setOf(ResultsFolderWriter.MARKER), names(run))
    }

    @Test
    fun `a sweep refused for its size clears nothing, even with --force`() {
        val run = ResultFiles.prepareOut(tmp.resolve("run"))
        JsonReportFormat.writeTo(ResultsFixture.results(), run)
        val (code, output) = cli(
            "sweep", "-w", "arithmetic", "-s", "direct", "--param", "items=1,2,3,4,5,6,7,8",
            "--param", "size=1,2,3,4,5,6,7,8", "-s", "executor-fixed", "--force", "--out", "$run",
        )
        assertEquals(2, code, output)
        assertContains(output, "add --yes")
        assertEquals(setOf(ResultsFolderWriter.MARKER, "results.json"), names(run))
    }

    @Test
    fun `--force clears only what Bakeoff recorded, so a user's file at any depth stops it and is kept`() {
        val run = earlierRun()
        Files.writeString(run.resolve("cells/my-analysis.txt"), "mine")
        Files.writeString(run.resolve(".write-check-mine"), "mine too")
        val (code, output) = cli("run", "-w", "arithmetic", "-s", "direct", "-p", "smoke", "--force", "--out", "$run")
        assertEquals(2, code, output)
        assertContains(output, "holds .write-check-mine, cells/my-analysis.txt beside a run's results")
        assertEquals("mine", Files.readString(run.resolve("cells/my-analysis.txt")))
        assertEquals("mine too", Files.readString(run.resolve(".write-check-mine")))
        assertTrue(Files.exists(run.resolve("cells/cell-001.log")), "nothing was cleared")
        Files.delete(run.resolve("cells/my-analysis.txt"))
        Files.delete(run.resolve(".write-check-mine"))
        // A write cut short leaves its temporary file: Bakeoff's, since the file it replaced is listed.
        Files.writeString(run.resolve(".results.json.0123456789abcdef.tmp"), "half")
        ResultFiles.prepareOut(run, force = true)
        assertEquals(setOf(ResultsFolderWriter.MARKER), names(run))
    }

    @Test
    fun `--force refuses a folder of an older Bakeoff, whose marker lists nothing`() {
        val run = tmp.resolve("old").also { Files.createDirectories(it.resolve("cells")) }
        Files.writeString(run.resolve(ResultsFolderWriter.MARKER), "This folder holds the results of a Bakeoff run.\n")
        Files.writeString(run.resolve("results.json"), "{}")
        val (code, output) = cli("run", "-w", "arithmetic", "-s", "direct", "-p", "smoke", "--force", "--out", "$run")
        assertEquals(2, code, output)
        assertContains(output, "was written by an older Bakeoff, which kept no list of its files")
        assertEquals(setOf(ResultsFolderWriter.MARKER, "results.json", "cells"), names(run))
    }

    /** A folder as a run leaves it: the marker listing results.json and a cell's log, and those files. */
    private fun earlierRun(): Path {
        val run = ResultFiles.prepareOut(tmp.resolve("run"))
        JsonReportFormat.writeTo(ResultsFixture.results(), run)
        Files.writeString(CellFiles(Files.createDirectories(run.resolve("cells")), 1).log, "log")
        return run
    }

    private fun names(dir: Path) = Files.list(dir).use { s -> s.map { it.fileName.toString() }.toList().toSet() }

    @Test
    fun `compare of runs measured once per cell says each cell is not tested`() {
        val once = ResultsFixture.results().let { r ->
            r.copy(cells = r.cells.map { c -> c.copy(timeNs = c.timeNs?.let { it.copy(runs = it.runs.take(1)) }) })
        }
        val a = JsonReportFormat.writeTo(once, tmp.resolve("a"))
        val b = JsonReportFormat.writeTo(once, tmp.resolve("b"))
        val (code, output) = cli("compare", "$a", "$b")
        assertEquals(0, code, output)
        assertContains(output, "not tested (1 fork a side: a test takes at least 2)")
    }
}
