package dev.bakeoff.api

import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.report.ResultsFolderWriter
import dev.bakeoff.result.ResultsManifest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.atomic.AtomicInteger
import kotlin.io.path.createDirectories
import kotlin.io.path.readText
import kotlin.io.path.writeText
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/**
 * The API claims its results folder under the CLI's rules (the one [ResultsFolderWriter]): a
 * folder Bakeoff cannot prove it wrote is refused and left as it was, an earlier run's is cleared
 * only with `force`, and a new one gets the marker. The refusals run no task at all; one
 * in-process smoke cell proves the clearing.
 */
class ApiResultsFolderTest {
    @TempDir
    lateinit var tmp: Path

    private val calls = AtomicInteger()

    private fun compare(out: Path, force: Boolean = false) = Bakeoff.compare(
        CompareOptions(items = 2, strategies = CompareOptions.strategies("direct"), preset = Preset.SMOKE, out = out, force = force),
    ) { seed ->
        calls.incrementAndGet()
        seed * 2
    }

    private fun names(dir: Path) = Files.list(dir).use { s -> s.map { it.fileName.toString() }.toList().toSet() }

    @Test
    fun `a folder Bakeoff did not write is refused, even with force, and keeps every file`() {
        val mine = tmp.resolve("mine").createDirectories()
        mine.resolve("notes.txt").writeText("mine")
        mine.resolve("results.json").writeText("{}")
        for (force in listOf(false, true)) {
            val e = assertThrows<IllegalArgumentException> { compare(mine, force) }
            assertContains(e.message!!, "CompareOptions.out $mine is not empty and has no ${ResultsFolderWriter.MARKER} file")
        }
        assertEquals(setOf("notes.txt", "results.json"), names(mine))
        assertEquals("mine", mine.resolve("notes.txt").readText())
        assertEquals(0, calls.get(), "nothing ran")
    }

    @Test
    fun `an earlier run's folder is refused without force, and with a file of the user's beside it`() {
        val run = earlierRun()
        val refused = assertThrows<IllegalArgumentException> { compare(run) }
        assertContains(refused.message!!, "already holds a run's results; give a new directory, or add force = true")
        run.resolve("notes.txt").writeText("mine")
        val foreign = assertThrows<IllegalArgumentException> { compare(run, force = true) }
        assertContains(foreign.message!!, "holds notes.txt beside a run's results, which Bakeoff did not write")
        assertEquals(setOf(ResultsFolderWriter.MARKER, "results.json", "cells", "notes.txt"), names(run))
        assertEquals(0, calls.get(), "nothing ran")
    }

    @Test
    fun `force clears an earlier run's folder, and the new run writes the marker first`() {
        val run = earlierRun()
        val results = compare(run, force = true)
        assertEquals(1, results.cells.size)
        assertTrue(calls.get() > 0)
        assertFalse(Files.exists(run.resolve("cells/cell-099.log")), "the earlier run's cell log is gone")
        assertTrue(Files.exists(run.resolve(ResultsFolderWriter.MARKER)))
        assertTrue(names(run).containsAll(listOf("results.json", "results.csv", "report.html", "jmh.json")), "${names(run)}")
    }

    /** A folder as an earlier run leaves it: the marker listing results.json and a cell log, and those files. */
    private fun earlierRun(): Path {
        val run = tmp.resolve("run").createDirectories()
        ResultsManifest.create(run)
        run.resolve("results.json").also(ResultsManifest::record).writeText("{}")
        run.resolve("cells").createDirectories().resolve("cell-099.log").also(ResultsManifest::record).writeText("old")
        return run
    }
}
