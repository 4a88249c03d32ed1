package dev.bakeoff.report

import dev.bakeoff.metrics.GroupDecision
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse

class JsonReportFormatTest {
    /** The fixture as a run writes it: with every group's decision. */
    private val results = ResultsFixture.results().let { it.copy(groups = GroupDecision.all(it.cells, it.machine.harnessNsPerItem)) }

    private fun render() = buildString { JsonReportFormat.write(results, this) }

    @Test
    fun `results json matches its golden file in both locales`() {
        val outputs = Golden.LOCALES.map { Golden.inLocale(it) { render() } }
        assertEquals(outputs[0], outputs[1])
        Golden.check("results.json", outputs[0])
    }

    @Test
    fun `written then read back gives an equal object`(@TempDir dir: Path) {
        val file = JsonReportFormat.writeTo(results, dir)
        assertEquals("results.json", file.fileName.toString())
        assertEquals(results, JsonReportFormat.read(file))
        // Absent values are left out, not written as null.
        assertFalse(Files.readString(file).contains("null"))
    }

    @Test
    fun `a grid's sweep is a map of every swept key, and a file's older single key and value still loads`(@TempDir dir: Path) {
        val grid = ResultsFixture.withGrid()
        val file = JsonReportFormat.writeTo(grid, dir)
        assertContains(Files.readString(file), "\"sweep\": {\n                \"chunk\": \"10\",\n                \"items\": \"1000\"\n")
        assertEquals(grid, JsonReportFormat.read(file))
        val swept = grid.copy(cells = grid.cells.filter { it.sweep?.values?.size == 1 })
        val old = buildString { JsonReportFormat.write(swept, this) }
            .replace(Regex(""""sweep": \{\s*"([a-z]+)": "([0-9]+)"\s*}""")) { m ->
                "\"sweep\": {\"key\": \"${m.groupValues[1]}\", \"value\": \"${m.groupValues[2]}\"}"
            }
        assertContains(old, "\"sweep\": {\"key\": \"size\", \"value\": \"10\"}")
        assertEquals(swept, JsonReportFormat.parse(old))
    }

    @Test
    fun `a file written before groups were recorded still loads, without them`() {
        val old = render().let { it.substring(0, it.indexOf(",\n    \"groups\"")) + "\n}\n" }
        val read = JsonReportFormat.parse(old)
        assertEquals(null, read.groups)
        assertEquals(results.copy(groups = null), read)
    }

    @Test
    fun `an unknown schemaVersion is refused with one clear line`() {
        val newer = render().replaceFirst("\"schemaVersion\": 1", "\"schemaVersion\": 99")
        val e = assertFailsWith<ResultsFileException> { JsonReportFormat.parse(newer, "old/results.json") }
        assertEquals("old/results.json has schemaVersion 99; this Bakeoff reads schemaVersion 1 only", e.message)
    }

    @Test
    fun `files that are not results are refused with a clear message`(@TempDir dir: Path) {
        val cases = mapOf(
            "{ not json" to "is not valid JSON",
            "[1, 2]" to "expected a JSON object",
            "{\"strategies\": []}" to "has no schemaVersion",
            "{\"schemaVersion\": \"one\"}" to "schemaVersion is not a whole number",
            "{\"schemaVersion\": 1, \"complete\": true}" to "is not a valid schemaVersion 1 results file",
        )
        for ((text, expected) in cases) {
            val e = assertFailsWith<ResultsFileException>(text) { JsonReportFormat.parse(text) }
            assertContains(e.message!!, expected)
            assertFalse(e.message!!.contains('\n'), "one line: ${e.message}")
        }
        val missing = assertFailsWith<ResultsFileException> { JsonReportFormat.read(dir.resolve("absent.json")) }
        assertContains(missing.message!!, "cannot read results file")
    }

    @Test
    fun `fields added by a later build of the same schemaVersion are ignored`() {
        val withExtra = render().replaceFirst("{", "{\n  \"addedLater\": [1, 2],")
        assertEquals(results, JsonReportFormat.parse(withExtra))
    }

    @Test
    fun `NaN is refused rather than written`() {
        val bad = results.copy(cells = listOf(results.cells[0].copy(cpuNsPerOp = Double.NaN)))
        assertFailsWith<IllegalArgumentException> { JsonReportFormat.write(bad, StringBuilder()) }
    }
}
