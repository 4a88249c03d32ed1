package dev.bakeoff.report

import dev.bakeoff.catalog.Strategies
import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * report.html of a load run in headless Chromium ([BrowserTest]): the latency–throughput chart of
 * each kind of work renders with log axes, one line per strategy with a point per rate, the objective
 * drawn and each strategy's knee marked, without a console error or a request that leaves the file.
 */
class LoadChartBrowserTest : BrowserTest() {
    @Test
    fun `a capacity run's report draws the latency-throughput chart with the objective and each knee`() {
        val results = LoadFixture.run()
        val json = JsonReportFormat.writeTo(results, tmp.resolve("capacity"))
        val page = HtmlReportFormat(Strategies.colours).writeTo(JsonReportFormat.read(json), json.parent)
        open(page, 1)
        val seen = chart()
        assertEquals(listOf("log", "log"), listOf(seen["x"], seen["y"]))
        // parallel-stream has no figures (not applicable): no line.
        assertEquals(listOf("executor-fixed:size=4", "virtual-threads"), seen["series"])
        assertEquals(listOf(4L, 4L), seen["points"])
        assertEquals(listOf(1L, 1L), seen["knees"], "one knee on each line")
        val labels = seen["labels"] as List<*>
        assertEquals(2, labels.count { it == "knee" }, "both knees are drawn: $labels")
        assertTrue("objective: p99 ≤ 20.0 ms" in labels, "the objective is drawn: $labels")
        val explained = driver.findElement(By.cssSelector("section#load ul.verdicts")).text
        assertTrue("executor-fixed:size=4: explained (fixture)" in explained, explained)
        checkQuietAndOffline()
    }

    @Test
    fun `a load run's report draws one point per strategy, without objective or knee`() {
        val page = HtmlReportFormat(Strategies.colours).writeTo(LoadFixture.run(capacity = false), tmp.resolve("load"))
        open(page, 1)
        val seen = chart()
        assertEquals(listOf(1L, 1L), seen["points"])
        assertEquals(listOf(0L, 0L), seen["knees"])
        val labels = seen["labels"] as List<*>
        assertTrue(labels.none { it == "knee" || it.toString().startsWith("objective") }, "$labels")
        checkQuietAndOffline()
    }

    /** The load chart as ECharts holds it: axis types, series names, points and knee pins per series, SVG texts. */
    @Suppress("UNCHECKED_CAST")
    private fun chart(): Map<String, Any> = driver.executeScript(
        """
        var el = document.querySelector('section#load div.chart');
        var chart = echarts.getInstanceByDom(el);
        var option = chart.getOption();
        var names = [], points = [], knees = [];
        chart.getModel().eachSeriesByType('line', function (s) {
          names.push(s.name);
          points.push(s.getData().count());
          var mark = s.getModel().get('markPoint');
          knees.push(mark && mark.data ? mark.data.length : 0);
        });
        var labels = Array.prototype.map.call(el.querySelectorAll('svg text'), function (t) { return t.textContent; });
        return { x: option.xAxis[0].type, y: option.yAxis[0].type, series: names, points: points, knees: knees, labels: labels };
        """.trimIndent(),
    ) as Map<String, Any>
}
