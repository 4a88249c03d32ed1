package dev.bakeoff.report

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.result.copy
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.double
import kotlinx.serialization.json.int
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import kotlin.math.cbrt
import kotlin.test.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/**
 * The load charts' data (no pixels): grouped by LoadKey's group, the knee chart's percentile lines by offered
 * rate with the forks' intervals, objective, capacity ranges and model, the resources panels, and each
 * point's tail causes in its tooltip and in the report's list.
 */
class LoadChartsTest {
    @Test
    fun `the same load cells on two machines of a merged file are two charts, each with its own capacities`() {
        val run = LoadFixture.run()
        val merged = run.copy(
            load = listOf("aaaa1111", "bbbb2222").flatMap { m -> run.load.orEmpty().map { it.copy(machine = m) } },
            capacity = listOf("aaaa1111", "bbbb2222").flatMap { m -> run.capacity.orEmpty().map { it.copy(machine = m) } },
        )
        val charts = LoadCharts.of(merged)
        assertEquals(
            listOf("aaaa1111", "bbbb2222").map { "storage, 100 items (blocking) on machine $it: latency against the offered rate" },
            charts.map { it.title },
        )
        charts.forEach { assertEquals(run.capacity.orEmpty().map { it.explanation }, it.explanations) }
        assertEquals(listOf("storage, 100 items (blocking): latency against the offered rate"), LoadCharts.of(run).map { it.title })
    }

    @Test
    fun `the knee chart draws p50, p99 and p99_9 by offered rate with the forks' intervals, the objective, the ranges and the model`() {
        val chart = LoadCharts.of(LoadFixture.forked()).single()
        val series = chart.option["series"]!!.jsonArray.map { it.jsonObject }
        val lines = series.filter { it["type"]?.jsonPrimitive?.content == "line" }
        val fixed = "executor-fixed:size=4"
        assertEquals(
            listOf("$fixed p50", "$fixed p99", "$fixed p99.9", "$fixed model (mean)", "virtual-threads p50", "virtual-threads p99", "virtual-threads p99.9"),
            lines.map { it.str("name") },
            "the model only where the cells have a queueing check",
        )
        val p99 = lines.first { it.str("name") == "$fixed p99" }
        assertEquals(listOf(1000.0, 2000.0, 3200.0, 4000.0), p99.points().map { it[0] }, "x is the offered rate, one point per rate, not per fork")
        // The forks' geometric mean, in ms (the largest latency, 432 ms, sets the unit).
        assertEquals(9.8 * cbrt(1.0 * 1.2 * 0.8), p99.points()[2][1], 1e-9)
        val bars = series.single { it["errorBars"] != null && it.str("name") == "$fixed p99" }.jsonObject["data"]!!.jsonArray
        assertEquals(4, bars.size)
        bars.map { b -> b.jsonArray.map { it.jsonPrimitive.double } }.zip(p99.points()).forEach { (bar, point) ->
            assertEquals(point[0], bar[0])
            assertTrue(bar[1] < point[1] && point[1] < bar[2], "the interval holds the mean: $bar against $point")
        }
        // The range on each strategy's first line, the objective once.
        val areas = lines.mapNotNull { it["markArea"]?.jsonObject?.get("data")?.jsonArray?.single()?.jsonArray }
        assertEquals(
            listOf(listOf(3200.0, 4000.0), listOf(8000.0, 8000.0)),
            areas.map { a -> a.map { it.jsonObject["xAxis"]!!.jsonPrimitive.double } },
            "a bracketed range is a band, one found end a line",
        )
        val objective = lines.mapNotNull { it["markLine"] }.single { "objective" in it.toString() }.jsonObject["data"]!!.jsonArray.single().jsonObject
        assertEquals(20.0, objective["yAxis"]!!.jsonPrimitive.double)
        val modelLine = lines.single { it.str("name") == "$fixed model (mean)" }
        val model = modelLine.points()
        assertEquals((995_000.0 + 1_200_000.0) / 1e6, model[0][1], 1e-9, "mean service plus the machine's predicted wait")
        // The model's knee: a vertical line on the model's own series (the legend hides both together), listed under the chart.
        val knee = modelLine["markLine"]!!.jsonObject["data"]!!.jsonArray.single().jsonObject
        assertEquals(3420.0, knee["xAxis"]!!.jsonPrimitive.double)
        assertEquals("model knee", knee.str("name"))
        assertEquals(1, lines.count { it["markLine"]?.toString()?.contains("model knee") == true }, "virtual-threads has no model knee")
        assertContains(chart.explanations, "$fixed: model knee 3420/s (ρ 0.851), measured 3200–4000/s: inside (×0.950 its middle)")
        // The tail's dominant cause in the point's tooltip, and fork by fork under the chart.
        val tip = p99.jsonObject["data"]!!.jsonArray[2].jsonObject.str("tip")
        assertContains(tip, "over 3 forks: p99 ")
        assertContains(tip, "3 GC pauses of 18.0 ms–21.0 ms in the window (18 of its 20 slowest items)")
        assertEquals(
            listOf("$fixed at 3200/s, fork 2 of 3: p99 11.8 ms: 3 GC pauses of 18.0 ms–21.0 ms in the window (18 of its 20 slowest items)"),
            chart.tails,
        )
    }

    @Test
    fun `the resources beside the knee are three panels of a line per strategy, each the mean over a point's forks`() {
        val option = LoadCharts.of(LoadFixture.forked()).single().resources!!
        assertEquals(3, option["grid"]!!.jsonArray.size)
        val series = option["series"]!!.jsonArray.map { it.jsonObject }
        assertEquals(listOf(0, 1, 2, 0, 1, 2), series.map { it["xAxisIndex"]!!.jsonPrimitive.int })
        assertEquals(listOf(12.0, 12.0, 12.0, 12.0), series[1].points().map { it[1] }, "peak threads")
        assertEquals(312.5, series[2].points()[0][1], "allocation per item")
    }

    @Test
    fun `report_html lists every point's tail causes under its chart, beside the knee and resources charts`() {
        val html = buildString { HtmlReportFormat(Strategies.colours).write(LoadFixture.forked(), this) }
        val section = html.substringAfter("<section id=\"load\">").substringBefore("</section>")
        val tails = section.substringAfter("<ul class=\"tails\">").substringBefore("</ul>")
        assertContains(tails, "<li>executor-fixed:size=4 at 3200/s, fork 2 of 3: p99 11.8 ms: 3 GC pauses")
        val charts = Json.parseToJsonElement(
            html.substringAfter("<script type=\"application/json\" id=\"bakeoff-charts\">").substringBefore("</script>"),
        ).jsonArray
        assertEquals(2, charts.size, "the knee and the resources")
    }

    @Test
    fun `a load run's report shows no empty batch section and counts what it holds, not 0 cells`() {
        val run = LoadFixture.run()
        val html = buildString { HtmlReportFormat(Strategies.colours).write(run, this) }
        for (id in listOf("answer", "metrics", "winners", "figures", "problems")) assertFalse("<section id=\"$id\">" in html, id)
        assertContains(html, "; ${run.load!!.size} load cells, ${run.capacity!!.size} capacity searches</p>")
        assertFalse(" 0 cells" in html, "a batch count of nothing")
        assertContains(html, "<section id=\"load\">")
    }

    private fun JsonObject.str(key: String) = this[key]!!.jsonPrimitive.content

    private fun JsonObject.points(): List<List<Double>> =
        this["data"]!!.jsonArray.map { p -> (p.jsonObject["value"] as JsonArray).map { it.jsonPrimitive.double } }
}
