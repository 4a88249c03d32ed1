package dev.bakeoff.cli

import dev.bakeoff.metrics.TimeSummary
import dev.bakeoff.report.CompareFixture
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.report.writeTo
import dev.bakeoff.result.Results
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** `bakeoff report` and `bakeoff compare`, in-process: files written, tables printed, bad input as one line with exit 2. */
class ReportCompareCommandTest {
    @TempDir
    lateinit var tmp: Path

    private fun save(results: Results, dir: String): Path = JsonReportFormat.writeTo(results, tmp.resolve(dir))

    @Test
    fun `report regenerates report html next to the results file`() {
        val json = save(ResultsFixture.results(), "run")
        val (code, output) = cli("report", "$json")
        assertEquals(0, code, output)
        val html = Files.readString(tmp.resolve("run/report.html"))
        assertContains(html, "Winner matrix")
        assertContains(output, "report.html")
    }

    @Test
    fun `report that cannot write next to its results file is one line`() {
        val json = save(ResultsFixture.results(), "stuck")
        // A non-empty directory where report.html goes: the write fails even for root, as a read-only folder would.
        Files.createDirectories(tmp.resolve("stuck/report.html/inside"))
        assertUsageError("report.html is a directory", "report", "$json")
    }

    @Test
    fun `compare of cells with a single run each compares them without a figure that is not a number`() {
        val single = ResultsFixture.results().let { r ->
            val once = r.cells.map { c -> c.copy(timeNs = c.timeNs?.let { TimeSummary.of(listOf(it.median), Double.NaN) }) }
            r.copy(cells = once)
        }
        val base = save(single, "single-base")
        val new = save(single, "single-new")
        val (code, output) = cli("compare", "$base", "$new")
        assertEquals(0, code, output)
        assertContains(output, "not tested (1 fork a side: a test takes at least 2)")
        assertTrue("NaN" !in output, output)
    }

    @Test
    fun `report and compare reject a missing or invalid file with exit 2`() {
        val bad = tmp.resolve("bad.json").also { Files.writeString(it, "{ not json") }
        for (args in listOf(arrayOf("report", "$tmp/none.json"), arrayOf("compare", "$tmp/none.json", "$bad"))) {
            val (code, output) = cli(*args)
            assertEquals(2, code, output)
            assertContains(output, "cannot read results file")
        }
        val (code, output) = cli("report", "$bad")
        assertEquals(2, code, output)
        assertContains(output, "is not valid JSON")
    }

    @Test
    fun `compare flags the cell made slower and writes compare html`() {
        val base = save(CompareFixture.run(1), "base")
        val new = save(CompareFixture.run(2, slower = "virtual-threads" to "storage"), "new")
        val (code, output) = cli("compare", "$base", "$new")
        assertEquals(0, code, output)
        val slowed = output.lines().single { "virtual-threads × storage" in it }
        assertContains(slowed, "slower")
        assertContains(slowed, "; 10 and 10 forks)")
        assertContains(output, "1 slower")
        assertContains(output, "same within 5%")
        assertTrue(Files.exists(tmp.resolve("new/compare.html")))
    }

    @Test
    fun `compare of two strategies in one file, and its usage errors`() {
        val run = save(CompareFixture.run(3), "one")
        val (code, output) = cli("compare", "$run", "--a", "direct", "--b", "virtual-threads", "--out", "$tmp/ab")
        assertEquals(0, code, output)
        assertContains(output, "virtual-threads against direct")
        assertTrue(Files.exists(tmp.resolve("ab/compare.html")))
        val (badCode, badOutput) = cli("compare", "$run", "--a", "direct", "--b", "nope")
        assertEquals(2, badCode, badOutput)
        assertContains(badOutput, "no strategy 'nope'")
        assertContains(badOutput, "valid: direct, executor-fixed-cpu, virtual-threads, coroutine-io")
        val (oneCode, oneOutput) = cli("compare", "$run")
        assertEquals(2, oneCode, oneOutput)
        assertContains(oneOutput, "give BASE.json NEW.json")
    }

    @Test
    fun `compare takes --margin, and a bad one is one line with exit 2`() {
        val base = save(CompareFixture.run(1), "m-base")
        val new = save(CompareFixture.run(2), "m-new")
        val (code, output) = cli("compare", "$base", "$new", "--margin", "10%")
        assertEquals(0, code, output)
        assertContains(output, "same within 10%")
        assertContains(output, "ratio lies beyond 1 ± 10%")
        for (bad in listOf("0", "60%", "fast")) {
            val valid = "valid: a share of the winner's time above 0 and up to 50%"
            assertUsageError(valid, "compare", "$base", "$new", "--margin", bad)
        }
    }
}
