package dev.bakeoff.report

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.Results
import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import org.openqa.selenium.Dimension
import org.openqa.selenium.OutputType
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * Opens the generated report.html and compare.html in the system's headless Chromium (through its
 * chromedriver) and checks what a person would see: every chart rendered as SVG, the winner matrix
 * complete, the tables sortable, no console error and no request to anything but the file itself.
 * Writes target/report-screenshot.png and target/compare-screenshot.png for people to look at.
 * Without Chromium it is skipped with a message, except under CI (CI set), where it fails: .ci/run
 * installs the Debian packages chromium and chromium-driver.
 */
class ReportBrowserTest : BrowserTest() {
    @Test
    fun `report html renders every chart, a complete winner matrix and sortable tables, offline and without errors`() {
        val results = ResultsFixture.withSweepsAndLimits()
        val json = JsonReportFormat.writeTo(results, tmp.resolve("run"))
        val page = HtmlReportFormat(Strategies.colours).writeTo(JsonReportFormat.read(json), json.parent)
        val groups = RunView.of(results).groups
        val expectedCharts = 4 * groups.count { it.ranked.isNotEmpty() } + Sweeps.of(results.cells).size

        open(page, expectedCharts)
        val matrix = driver.findElements(By.cssSelector("table.matrix td.matrix-cell"))
        assertEquals(results.cells.map { it.strategy }.distinct().size * groups.size, matrix.size)
        assertEquals(groups.sumOf { it.leaders.size }, driver.findElements(By.cssSelector("td.matrix-cell.best")).size)
        val undecided = groups.filter { it.decision?.status == GroupStatus.UNDECIDED }.sumOf { it.leaders.size }
        assertEquals(undecided, driver.findElements(By.cssSelector("td.matrix-cell.best.undecided")).size)

        // The page opens with the answer: one row per kind of work, as the console ends.
        assertEquals("answer", driver.findElement(By.cssSelector("body > section")).getDomAttribute("id"))
        val rows = driver.findElements(By.cssSelector("section#answer tbody tr")).map { row ->
            row.findElements(By.tagName("td")).joinToString(" | ") { it.text }
        }
        val expected = Answer.of(RunView.of(results)).map { a ->
            listOf(a.title, a.who, a.time ?: "–", a.efficiency ?: "–", "${a.status}: ${a.reason}").joinToString(" | ")
        }
        assertEquals(expected, rows)

        checkTimeAxes(groups)

        // Sorting by median puts the fastest cell first.
        driver.findElements(By.cssSelector("table.figures thead th")).single { it.text.trim() == "median" }.click()
        val firstMedian = driver.findElement(By.cssSelector("table.figures tbody tr:first-child td[data-v]:nth-child(7)")).getDomAttribute("data-v")!!.toDouble()
        assertEquals(results.cells.mapNotNull { it.timeNs?.median }.min(), firstMedian)

        checkQuietAndOffline()
        screenshot("report-screenshot.png")
    }

    @Test
    fun `report html renders a grid as a heat-map, the best square marked`() {
        val results = ResultsFixture.withGrid()
        val json = JsonReportFormat.writeTo(results, tmp.resolve("grid"))
        val page = HtmlReportFormat(Strategies.colours).writeTo(JsonReportFormat.read(json), json.parent)
        val grids = SweepGrid.of(results.cells)
        assertEquals(1, grids.size)
        val groups = RunView.of(results).groups
        open(page, 4 * groups.count { it.ranked.isNotEmpty() } + Sweeps.of(results.cells).size + grids.size)
        val squares = driver.executeScript(
            """
            var el = document.querySelector('section#grids div.chart');
            var labels = Array.prototype.map.call(el.querySelectorAll('svg text'), function (t) { return t.textContent; });
            return labels.filter(function (l) { return l.indexOf('×') === 0; });
            """,
        ) as List<*>
        // Per item: chunk=10 at 10,000 items is the best; the failed chunk=1 cell leaves its square blank.
        assertEquals(listOf("×1.00 ★", "×2.00", "×3.00", "×4.50"), squares.map { it.toString() }.sorted())
        checkQuietAndOffline()
        screenshot("grid-screenshot.png")
    }

    @Test
    fun `compare html renders its ratio chart, offline and without errors`() {
        val comparison = Comparison.ofRuns(CompareFixture.run(1), CompareFixture.run(2, slower = "virtual-threads" to "storage"))
        val page = tmp.resolve("compare.html").also { Files.writeString(it, buildString { CompareHtml.write(comparison, this) }) }
        open(page, 1)
        assertEquals(comparison.rows.size, driver.findElements(By.cssSelector("table.compare tbody tr")).size)
        checkQuietAndOffline()
        screenshot("compare-screenshot.png")
    }

    @Test
    fun `a results file whose texts hold markup renders inert in both pages, tooltips included`() {
        val base = ResultsFixture.withSweepsAndLimits()
        val report = HtmlReportFormat(Strategies.colours).writeTo(hostile(base), tmp.resolve("hostile"))
        open(report, 4 * RunView.of(base).groups.count { it.ranked.isNotEmpty() } + Sweeps.of(base.cells).size)
        assertInertWithEveryTooltip()

        val comparison = Comparison.ofRuns(hostile(CompareFixture.run(1)), hostile(CompareFixture.run(2)))
        val compare = tmp.resolve("hostile-compare.html")
        Files.writeString(compare, buildString { CompareHtml.write(comparison, this) })
        open(compare, 1)
        assertInertWithEveryTooltip()
    }

    /**
     * Reads every group's time chart back from ECharts: a log axis exactly where the group spans more
     * than 20×, its decade labels drawn with units, and on it the winner's bar starting at the left
     * edge like every other bar and long enough to see.
     */
    private fun checkTimeAxes(groups: List<RankedGroup>) {
        val charted = groups.filter { it.ranked.isNotEmpty() }
        for ((i, group) in charted.withIndex()) {
            @Suppress("UNCHECKED_CAST")
            val seen = driver.executeScript(
                """
                var chart = echarts.getInstanceByDom(document.querySelectorAll('div.chart')[arguments[0]]);
                var bars = [];
                chart.getModel().eachSeriesByType('bar', function (s) {
                  var data = s.getData();
                  data.each(function (j) {
                    var l = data.getItemLayout(j);
                    if (l && isFinite(l.width) && l.width > 0) bars.push([j, l.x, l.width]);
                  });
                });
                var grid = chart.getModel().getComponent('grid').coordinateSystem.getRect();
                var labels = Array.prototype.map.call(chart.getDom().querySelectorAll('svg text'), function (t) { return t.textContent; });
                return { type: chart.getOption().xAxis[0].type, left: grid.x, bars: bars, labels: labels };
                """.trimIndent(),
                4 * i,
            ) as Map<String, Any>
            val spans = group.ranked.flatMap { listOf(it.timeNs!!.min, it.timeNs.max) } + group.ranked.mapNotNull { it.limitNs }
            val log = spans.max() / spans.min() > 20
            assertEquals(if (log) "log" else "value", seen["type"], group.title)
            if (!log) continue
            val labels = seen["labels"] as List<*>
            assertTrue("1.00 s" in labels && "10.0 ms" in labels, "decade labels with units: $labels")
            val bars = (seen["bars"] as List<*>).map { (it as List<*>).map { v -> (v as Number).toDouble() } }
            val left = (seen["left"] as Number).toDouble()
            val winner = bars.single { it[0] == 0.0 }
            // ECharts starts log-axis bars at 1 ns, left of the axis' first decade: the grid clips them there.
            assertTrue(bars.all { it[1] <= left + 0.5 }, "every bar starts at the left edge: $bars, grid from $left")
            assertTrue(winner[1] + winner[2] - left > 20, "the winner's bar is visible: $winner, grid from $left")
        }
    }

    /** [results] with markup that would run a script, if rendered as HTML, in every strategy name and error. */
    private fun hostile(results: Results): Results = results.copy(
        cells = results.cells.map { c -> c.copy(strategy = c.strategy + INJECTED, error = c.error?.plus(INJECTED)) },
    )

    /**
     * Shows the tooltip of the first items of every series of every chart (ECharts builds tooltips
     * from the data when they show, so a page can look clean until then), then checks that no
     * markup from the data became an element and nothing ran.
     */
    private fun assertInertWithEveryTooltip() {
        val shown = driver.executeScript(
            """
            var shown = 0;
            document.querySelectorAll('div.chart').forEach(function (el) {
              var chart = echarts.getInstanceByDom(el);
              (chart.getOption().series || []).forEach(function (s, i) {
                for (var d = 0; d < 3; d++) { chart.dispatchAction({ type: 'showTip', seriesIndex: i, dataIndex: d }); shown++; }
              });
            });
            return shown;
            """.trimIndent(),
        ) as Number
        assertTrue(shown.toInt() > 0, "no tooltip was shown")
        assertEquals(0L, driver.executeScript("return document.querySelectorAll('img').length"), "markup from the data became an element")
        assertEquals(null, driver.executeScript("return window.__pwned === undefined ? null : window.__pwned"), "a script from the data ran")
    }

    private fun screenshot(name: String) {
        val height = (driver.executeScript("return document.documentElement.scrollHeight") as Number).toInt()
        driver.manage().window().size = Dimension(1400, (height + 120).coerceAtMost(16_000))
        Files.write(Path.of("target", name), driver.getScreenshotAs(OutputType.BYTES))
        driver.manage().window().size = Dimension(1400, 1000)
    }

    private companion object {
        const val INJECTED = "<img src=x onerror=\"window.__pwned=1\">"
    }
}
