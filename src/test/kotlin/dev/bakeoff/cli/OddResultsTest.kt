package dev.bakeoff.cli

import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.report.writeTo
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.EventTally
import dev.bakeoff.result.Evidence
import dev.bakeoff.result.Results
import dev.bakeoff.result.SweepPoint
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.io.RandomAccessFile
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/**
 * Results files that decode but hold figures no run produces, and files too large to read: every
 * reader (report, compare, merge, recommend) refuses them with exit code 2 and the reason, and
 * writes nothing; a text sweep value that reads as a non-finite number is shown, not charted.
 */
class OddResultsTest {
    @TempDir
    lateinit var tmp: Path

    private fun save(results: Results, dir: String): Path = JsonReportFormat.writeTo(results, tmp.resolve(dir))

    /** The fixture with [change] applied to its first ok cell (direct x lists). */
    private fun odd(change: (CellResult) -> CellResult): Results {
        val base = ResultsFixture.withGrid()
        return base.copy(cells = listOf(change(base.cells.first())) + base.cells.drop(1))
    }

    private fun times(ns: Double) = { c: CellResult ->
        val t = c.timeNs!!
        c.copy(timeNs = t.copy(min = ns, median = ns, max = ns, mean = ns, runs = t.runs.map { ns }))
    }

    /** Every reader refuses [file] with exit 2 and [expected]; merge writes no folder. */
    private fun assertRefusedByEveryReader(file: Path, expected: String) {
        assertUsageError(expected, "report", "$file")
        assertUsageError(expected, "compare", "$file", "$file")
        assertUsageError(expected, "recommend", "--from", "$file")
        val merged = tmp.resolve("merged-${file.parent.fileName}")
        val (code, output) = cli("merge", "$file", "--out", "$merged")
        assertEquals(2, code, output)
        assertContains(output, expected)
        assertFalse(Files.exists(merged), "merge made $merged")
    }

    private val noWall = Evidence(batches = 1, wallNs = 0.0, gcPauses = EventTally(1.0, 5.0))

    @Test
    fun `times of 0 or beyond any run, no items, no wall time and no runs are refused by every reader`() {
        val cases = mapOf(
            "zero" to (odd(times(0.0)) to "cannot be shown: cell 1 (direct x lists): timeNs.min is 0.0 ns"),
            "tiny" to (odd(times(1e-300)) to "timeNs.min is 1.0E-300 ns; valid: 0.001 to 1.0E22 ns"),
            "huge" to (odd(times(1e308)) to "timeNs.min is 1.0E308 ns"),
            "run" to (odd { it.copy(timeNs = it.timeNs!!.copy(runs = it.timeNs!!.runs + 0.0)) } to "a run in timeNs"),
            "no-runs" to (odd { it.copy(timeNs = it.timeNs!!.copy(runs = emptyList())) } to "timeNs has no runs"),
            "items" to (odd { it.copy(items = 0) } to "items is 0; a batch has at least 1 item"),
            "wall" to (odd { it.copy(evidence = noWall) } to "evidence.wallNs is 0.0 ns"),
            "negative" to (odd { it.copy(efficiency = -1.0) } to "efficiency is -1.0; valid: 0 to 1.0E22"),
        )
        for ((name, case) in cases) {
            val (results, expected) = case
            assertRefusedByEveryReader(save(results, name), expected)
        }
    }

    @Test
    fun `the run of a task declaring waits of Long MAX_VALUE is shown, its efficiency a measurement problem`() {
        val limit = Long.MAX_VALUE.toDouble()
        val base = ResultsFixture.withGrid()
        val cells = base.cells.map { c ->
            val t = c.timeNs
            if (c.workload != "network" || t == null) c else c.copy(limitNs = limit, efficiency = limit / t.median)
        }
        val file = save(base.copy(cells = cells), "declared")
        val (code, output) = cli("recommend", "--from", "$file")
        assertEquals(0, code, output)
        assertContains(output, "efficiency is 9.24e10, above 1, which no batch can reach: a measurement problem")
        assertEquals(0, cli("report", "$file").first)
    }

    @Test
    fun `a results file over the size cap is refused by every reader without reading it all`() {
        val file = tmp.resolve("huge/results.json")
        Files.createDirectories(file.parent)
        // A sparse file: over the cap on disk in no time, zeros inside.
        RandomAccessFile(file.toFile(), "rw").use { it.setLength(JsonReportFormat.MAX_BYTES + 1L) }
        assertRefusedByEveryReader(file, "is over 64 MiB")
    }

    @Test
    fun `a sweep value that reads as infinity or NaN is shown but not charted`() {
        val base = ResultsFixture.withGrid()
        val cells = base.cells.map { c ->
            if (c.sweep?.get("size") == "10") c.copy(sweep = SweepPoint("size", "Infinity")) else c
        }
        val file = save(base.copy(cells = cells), "text-sweep")
        val (code, output) = cli("report", "$file")
        assertEquals(0, code, output)
        assertTrue(Files.exists(file.resolveSibling("report.html")))
        val merged = tmp.resolve("merged")
        val (mergeCode, mergeOutput) = cli("merge", "$file", "--out", "$merged")
        assertEquals(0, mergeCode, mergeOutput)
        assertTrue(Files.exists(merged.resolve("report.html")))
    }
}
