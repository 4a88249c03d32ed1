package dev.bakeoff.report

import dev.bakeoff.result.CellStatus
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** The structure of report.html (what the browser test then checks rendered): sections, chart count, matrix, no outside reference. */
class HtmlReportFormatTest {
    private val results = ResultsFixture.withSweepsAndLimits()
    private val html = buildString { HtmlReportFormat.write(results, this) }

    private fun count(needle: String) = Regex(Regex.escape(needle)).findAll(html).count()

    private fun charts(): JsonArray {
        val json = html.substringAfter("<script type=\"application/json\" id=\"bakeoff-charts\">").substringBefore("</script>")
        return Json.parseToJsonElement(json).jsonArray
    }

    @Test
    fun `states the machine, the preset and what each metric means`() {
        assertTrue(html.startsWith("<!DOCTYPE html>"))
        assertContains(html, "8 (of 16 on the host)")
        assertContains(html, "Eclipse Adoptium 21.0.5")
        assertContains(html, "quick, 1 fork(s)")
        for (term in listOf("median time per batch", "min–max", "alloc per batch", "peak / created threads", "items per thread", "physical limit, efficiency")) {
            assertTrue(Regex("<dt>\\s*${Regex.escape(term)}\\s*</dt>").containsMatchIn(html), term)
        }
    }

    @Test
    fun `one chart per panel per group and one per sweep, each with its option`() {
        val groups = RunView.of(results).groups.filter { it.ranked.isNotEmpty() }
        val sweeps = Sweeps.of(results.cells)
        assertEquals(2, sweeps.size, sweeps.joinToString { it.title })
        val expected = 4 * groups.size + sweeps.size
        assertEquals(expected, count("class=\"chart\""))
        assertEquals(expected, charts().size)
        assertTrue(charts().all { it.jsonObject["series"]!!.jsonArray.isNotEmpty() })
    }

    @Test
    fun `the winner matrix has one cell per strategy and group, the best marked once per column`() {
        val groups = RunView.of(results).groups
        val strategies = results.cells.map { it.strategy }.distinct()
        assertEquals(strategies.size * groups.size, count("<td class=\"matrix-cell"))
        assertEquals(groups.count { it.ranked.isNotEmpty() }, count("<td class=\"matrix-cell best\""))
        assertContains(html, "×1.00 ★")
    }

    @Test
    fun `the physical limit is drawn and the failed cells are listed with their reasons`() {
        assertContains(html, "physical limit 10.0 ms")
        assertContains(html, "exceeded its time limit of 60 s")
        assertContains(html, "ledger broken: 1 of 100 items")
        assertContains(html, "fixture-throw: deliberate failure")
    }

    @Test
    fun `the page is self-contained and the same in every locale`() {
        assertFalse(html.contains("<script src", ignoreCase = true))
        assertFalse(html.contains("<link", ignoreCase = true))
        assertFalse(Regex("""(src|href)\s*=\s*["']?(https?:)?//""", RegexOption.IGNORE_CASE).containsMatchIn(html))
        val pages = Golden.LOCALES.map { locale -> Golden.inLocale(locale) { buildString { HtmlReportFormat.write(results, this) } } }
        assertEquals(pages[0], pages[1])
    }

    @Test
    fun `a run with no completed cell still renders its matrix and problems`() {
        val failed = results.copy(cells = results.cells.filter { it.status != CellStatus.OK })
        val page = buildString { HtmlReportFormat.write(failed, this) }
        assertEquals(0, Regex("class=\"chart\"").findAll(page).count())
        assertContains(page, "no winner: no strategy completed")
        assertContains(page, "fixture-hang")
    }

    @Test
    fun `each group carries the plain-language verdicts of the console`() {
        val verdicts = Verdicts.of(results).filter { it.lines.isNotEmpty() }
        assertEquals(verdicts.size, count("<ul class=\"verdicts\">"))
        for (line in verdicts.flatMap { it.lines }) assertContains(html, line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))
    }
}
