package dev.bakeoff.report

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.model.Family
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.FootprintResult
import dev.bakeoff.result.Slope
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse

/** report.html of a `bakeoff footprint` run: one bar chart of heap per waiting task, a bar per measured row. */
class FootprintHtmlTest {
    private val rows = listOf(
        FootprintResult("virtual-threads", Family("virtual"), 10, CellStatus.OK, heapBytesPerTask = Slope(1100.0, 1050.0, 1150.0)),
        FootprintResult(
            "thread-per-task",
            Family("thread"),
            10,
            CellStatus.OK,
            heapBytesPerTask = Slope(600.0, 500.0, 700.0),
            threadReservedPerTask = Slope(1_052_000.0),
            threadCommittedPerTask = Slope(70_000.0),
        ),
        FootprintResult("parallel-stream", Family("fork-join"), 10, CellStatus.SKIPPED, "not applicable: a fixed range"),
    )

    private fun html(footprint: List<FootprintResult>?) = buildString {
        HtmlReportFormat(Strategies.colours).write(ResultsFixture.results().copy(cells = emptyList(), footprint = footprint), this)
    }

    @Test
    fun `a footprint run has one chart with a bar and its interval per measured row`() {
        val html = html(rows)
        val section = html.substringAfter("<section id=\"footprint\">").substringBefore("</section>")
        assertContains(section, "Memory per waiting task")
        val charts = Json.parseToJsonElement(
            html.substringAfter("<script type=\"application/json\" id=\"bakeoff-charts\">").substringBefore("</script>"),
        ).jsonArray
        assertEquals(1, charts.size)
        val labels = charts[0].jsonObject["yAxis"]!!.jsonObject["data"]!!.jsonArray.map { it.jsonPrimitive.content }
        assertEquals(listOf("virtual-threads depth 10  1.07 KiB", "thread-per-task depth 10  600 B"), labels)
        val whiskers = charts[0].jsonObject["series"]!!.jsonArray.map { it.jsonObject }.single { it["whiskers"] != null }
        assertEquals(2, whiskers["data"]!!.jsonArray.size)
        assertContains(html, "thread stacks 68.4 KiB committed of 1.00 MiB reserved")
    }

    @Test
    fun `a run without footprint rows has no footprint section`() {
        assertFalse(html(null).contains("id=\"footprint\""))
    }
}
