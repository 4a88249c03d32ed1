package dev.bakeoff.report

import dev.bakeoff.catalog.Strategies
import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import org.openqa.selenium.OutputType
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * report.html of a load run in headless Chromium ([BrowserTest]): the knee chart of each kind of work renders
 * with log axes, a line per strategy and percentile with a point per offered rate, the forks' intervals as
 * error bars, the objective, each capacity range, the model's mean and knee; the resources panels beside it; the
 * tail causes under it; without a console error or a request that leaves the file.
 */
class LoadChartBrowserTest : BrowserTest() {
    @Test
    fun `a capacity run's report draws the knee with intervals, objective, ranges, model and its knee, and the resources`() {
        val json = JsonReportFormat.writeTo(LoadFixture.forked(), tmp.resolve("capacity"))
        val page = HtmlReportFormat(Strategies.colours).writeTo(JsonReportFormat.read(json), json.parent)
        open(page, 2)
        val seen = chart(0)
        assertEquals(listOf("log", "log"), listOf(seen["x"], seen["y"]))
        // parallel-stream has no figures (not applicable): no line.
        val fixed = "executor-fixed:size=4"
        assertEquals(
            listOf("$fixed p50", "$fixed p99", "$fixed p99.9", "$fixed model (mean)", "virtual-threads p50", "virtual-threads p99", "virtual-threads p99.9"),
            seen["series"],
        )
        assertEquals(List(7) { 4L }, seen["points"])
        assertEquals(6L, seen["bars"], "an error-bar series per percentile line, drawn as a custom series")
        val labels = seen["labels"] as List<*>
        assertTrue("objective: p99 ≤ 20.0 ms" in labels, "the objective is drawn: $labels")
        assertTrue("$fixed capacity" in labels && "virtual-threads capacity" in labels, "both ranges are drawn: $labels")
        assertEquals(1, labels.count { it == "model knee" }, "executor-fixed:size=4's model knee is drawn: $labels")
        val verdicts = driver.findElement(By.cssSelector("section#load ul.verdicts")).text
        assertTrue("$fixed: model knee 3420/s (ρ 0.851), measured 3200–4000/s: inside" in verdicts, verdicts)
        assertEquals(6L, chart(1)["series"].let { (it as List<*>).size.toLong() }, "three panels of two strategies")
        val tails = driver.findElement(By.cssSelector("section#load ul.tails")).text
        assertTrue("3 GC pauses of 18.0 ms–21.0 ms" in tails, tails)
        // -Dbakeoff.screenshot=FILE keeps a picture of the section to look at (no test reads pixels).
        System.getProperty("bakeoff.screenshot")?.let { file ->
            Files.write(Path.of(file), driver.findElement(By.cssSelector("section#load")).getScreenshotAs(OutputType.BYTES))
        }
        checkQuietAndOffline()
    }

    @Test
    fun `a load run's report draws one point per strategy and percentile, without objective or range`() {
        val page = HtmlReportFormat(Strategies.colours).writeTo(LoadFixture.run(capacity = false), tmp.resolve("load"))
        open(page, 2)
        val seen = chart(0)
        assertEquals(List(6) { 1L }, seen["points"])
        assertEquals(0L, seen["bars"], "one fork a point: no interval")
        val labels = seen["labels"] as List<*>
        assertTrue(labels.none { it.toString().endsWith("capacity") || it.toString().startsWith("objective") }, "$labels")
        checkQuietAndOffline()
    }

    /** Load chart [n] as ECharts holds it: axis types, line names and points, custom (error-bar) series, SVG texts. */
    @Suppress("UNCHECKED_CAST")
    private fun chart(n: Int): Map<String, Any> = driver.executeScript(
        """
        var el = document.querySelectorAll('section#load div.chart')[arguments[0]];
        var chart = echarts.getInstanceByDom(el);
        var option = chart.getOption();
        var names = [], points = [], bars = 0;
        chart.getModel().eachSeriesByType('line', function (s) { names.push(s.name); points.push(s.getData().count()); });
        chart.getModel().eachSeriesByType('custom', function () { bars++; });
        var labels = Array.prototype.map.call(el.querySelectorAll('svg text'), function (t) { return t.textContent; });
        return { x: option.xAxis[0].type, y: option.yAxis[0].type, series: names, points: points, bars: bars, labels: labels };
        """.trimIndent(),
        n,
    ) as Map<String, Any>
}
