package dev.bakeoff.report

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.result.CellStatus
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.double
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** The structure of report.html (what the browser test then checks rendered): sections, chart count, matrix, no outside reference. */
class HtmlReportFormatTest {
    private val results = ResultsFixture.withSweepsAndLimits()
    private val html = buildString { HtmlReportFormat(Strategies.colours).write(results, this) }

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
    fun `the winner matrix has one cell per strategy and group, the winner and its ties starred, undecided ones faded`() {
        val groups = RunView.of(results).groups
        val strategies = results.cells.map { it.strategy }.distinct()
        assertEquals(strategies.size * groups.size, count("<td class=\"matrix-cell"))
        // lists, 100 items is undecided between two strategies; the three other groups are decided.
        assertEquals(3, count("<td class=\"matrix-cell best\""))
        assertEquals(2, count("<td class=\"matrix-cell best undecided\""))
        assertEquals(groups.sumOf { it.leaders.size }, count(" ★</td>"))
        assertContains(html, "×1.00 ★")
    }

    @Test
    fun `the page begins with the answer, one row per kind of work`() {
        val answer = html.substringAfter("<section id=\"answer\">").substringBefore("</section>")
        assertTrue(html.indexOf("<section id=\"answer\">") < html.indexOf("<section id=\"machine\">"), "the answer comes first")
        val rows = Regex("<tr class=\"(\\w+)\">").findAll(answer).map { it.groupValues[1] }.toList()
        assertEquals(listOf("undecided", "decided", "decided", "decided"), rows)
        assertContains(answer, "<td class=\"who\">coroutine-default or executor-fixed-cpu</td>")
        assertContains(answer, "efficiency 0.833 (limit 10.0 ms)")
        assertContains(answer, "decided: ahead of all 3 others; the closest, thread-per-task, ×1.23")
    }

    @Test
    fun `a time chart spanning more than 20 times has a log axis in whole decades, in ns, every decade labelled`() {
        val options = charts().map { it.jsonObject }
        fun axis(i: Int) = options[i]["xAxis"]!!.jsonObject
        // Charts of the first group (lists, 100 items: 1.19 to 2.24 ms) stay linear; io-sleep spans 12 ms to 1 s.
        assertEquals("value", axis(0)["type"]!!.jsonPrimitive.content)
        val sleep = RunView.of(results).groups.filter { it.ranked.isNotEmpty() }.indexOfFirst { it.key.subject == "io-sleep" }
        val time = axis(4 * sleep)
        assertEquals("log", time["type"]!!.jsonPrimitive.content)
        assertContains(time["name"]!!.jsonPrimitive.content, "(log scale)")
        // In ns, from the decade below half the smallest value (the 10 ms limit) to the decade above 1.05 s.
        assertEquals(1e6, time["min"]!!.jsonPrimitive.double)
        assertEquals(1e10, time["max"]!!.jsonPrimitive.double)
        val labels = time["axisLabel"]!!.jsonObject["byValue"]!!.jsonObject.mapValues { it.value.jsonPrimitive.content }
        assertEquals(mapOf("1000000" to "1.00 ms", "10000000" to "10.0 ms", "100000000" to "100 ms", "1000000000" to "1.00 s", "10000000000" to "10.0 s"), labels)
    }

    @Test
    fun `the physical limit is drawn once per chart and the failed cells are listed with their reasons`() {
        assertContains(html, "physical limit 10.0 ms")
        val limitLines = charts().mapNotNull { c ->
            c.jsonObject["series"]!!.jsonArray.mapNotNull { it.jsonObject["markLine"] }.singleOrNull()
        }
        assertEquals(1, limitLines.size)
        assertEquals(1, limitLines.single().jsonObject["data"]!!.jsonArray.size)
        assertContains(html, "exceeded its time limit of 60 s")
        assertContains(html, "ledger broken: 1 of 100 items")
        assertContains(html, "fixture-throw: deliberate failure")
    }

    @Test
    fun `limits calibrated per cell make one labelled line over a band, never a label per cell`() {
        val lists = RunView.of(results).groups.first().ranked
        val limited = lists.mapIndexed { i, c -> c.copy(limitNs = 1_000_000.0 + 100_000.0 * i) }
        val series = ReportCharts.time(limited, Strategies.colours)["series"]!!.jsonArray.map { it.jsonObject }
        val line = series.mapNotNull { it["markLine"] }.single().jsonObject["data"]!!.jsonArray.single().jsonObject
        assertEquals("physical limit 1.10 ms (cells: 1.00 ms–1.20 ms)", line["name"]!!.jsonPrimitive.content)
        val band = series.mapNotNull { it["markArea"] }.single().jsonObject["data"]!!.jsonArray.single().jsonArray
        assertEquals(listOf(1.0, 1.2), band.map { it.jsonObject["xAxis"]!!.jsonPrimitive.double })
    }

    @Test
    fun `the page is self-contained and the same in every locale`() {
        assertFalse(html.contains("<script src", ignoreCase = true))
        assertFalse(html.contains("<link", ignoreCase = true))
        assertFalse(Regex("""(src|href)\s*=\s*["']?(https?:)?//""", RegexOption.IGNORE_CASE).containsMatchIn(html))
        val pages = Golden.LOCALES.map { locale -> Golden.inLocale(locale) { buildString { HtmlReportFormat(Strategies.colours).write(results, this) } } }
        assertEquals(pages[0], pages[1])
    }

    @Test
    fun `a run with no completed cell still renders its matrix and problems`() {
        val failed = results.copy(cells = results.cells.filter { it.status != CellStatus.OK })
        val page = buildString { HtmlReportFormat(Strategies.colours).write(failed, this) }
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

    @Test
    fun `control characters in names and messages are shown as escapes, never written into the page`() {
        val hostile = results.copy(
            cells = results.cells.map {
                val named = it.copy(strategy = "throw\u001b[31m\u0001", error = "boom\u0085\u202e")
                if (it.status == CellStatus.FAILED) named else it
            },
        )
        val page = buildString { HtmlReportFormat(Strategies.colours).write(hostile, this) }
        val raw = page.filter { (it < ' ' && it !in "\t\n\r") || it in '\u007f'..'\u009f' || it == '\u202e' }
        assertEquals("", raw, "control characters in the page")
        assertContains(page, "throw\\u001b[31m\\u0001")
        assertContains(page, "boom\\u0085\\u202e")
    }
}
