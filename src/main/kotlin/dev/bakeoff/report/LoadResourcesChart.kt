package dev.bakeoff.report

import dev.bakeoff.result.LoadFigures
import dev.bakeoff.wording.Units
import kotlinx.serialization.json.JsonObject

/**
 * What each strategy held beside its latency, against the offered rate ([LoadPoint]s, log rate axis): three
 * small panels side by side, the mean in flight (Little's L), the peak live platform threads and the bytes
 * allocated per item, each the mean over a point's forks, a line per strategy in its knee-chart colour.
 * Pure; safe from any thread.
 */
internal object LoadResourcesChart {
    private class Panel(val title: String, val value: (LoadFigures) -> Number?, val format: (Double) -> String)

    private val PANELS = listOf(
        Panel("mean in flight", { it.meanInFlight }, Units::sig3),
        Panel("peak platform threads", { it.peakThreads }, Units::sig3),
        Panel("allocated per item", { it.allocBytesPerItem }, Units::bytes),
    )

    /** The panels' option, or null when no point measured any of them. */
    fun option(points: Map<String, List<LoadPoint>>): JsonObject? {
        val all = points.values.flatten()
        if (PANELS.none { panel -> all.any { p -> p.mean(panel.value) != null } }) return null
        val rates = all.map { it.ratePerSec }
        val width = 100.0 / PANELS.size
        return jsonOf(
            "legend" to mapOf("top" to 0, "type" to "scroll"),
            "tooltip" to mapOf("trigger" to "item", "fromData" to true),
            "title" to PANELS.mapIndexed { j, panel ->
                mapOf(
                    "text" to panel.title,
                    "left" to "${j * width + width / 2}%",
                    "top" to 28,
                    "textAlign" to "center",
                    "textStyle" to mapOf("fontSize" to 12),
                )
            },
            "grid" to PANELS.indices.map { j ->
                mapOf(
                    "left" to "${j * width + 4}%",
                    "width" to "${width - 8}%",
                    "top" to 60,
                    "bottom" to 44,
                    "containLabel" to true,
                )
            },
            "xAxis" to PANELS.indices.map { j ->
                ChartAxes.log(rates) + mapOf(
                    "gridIndex" to j,
                    "name" to "offered rate (items/s)",
                    "nameLocation" to "middle",
                    "nameGap" to 28,
                )
            },
            "yAxis" to PANELS.indices.map { j -> mapOf("type" to "value", "gridIndex" to j, "scale" to true) },
            "series" to points.entries.flatMapIndexed { i, (strategy, own) ->
                val colour = LoadKneeChart.PALETTE[i % LoadKneeChart.PALETTE.size]
                PANELS.mapIndexedNotNull { j, panel -> series(strategy, own, panel, j, colour) }
            },
        )
    }

    private fun series(strategy: String, own: List<LoadPoint>, panel: Panel, j: Int, colour: String): JsonObject? {
        val data = own.mapNotNull { p ->
            val v = p.mean(panel.value) ?: return@mapNotNull null
            val tip = "$strategy at ${Units.sig3(p.ratePerSec)}/s offered: ${panel.title} ${panel.format(v)}"
            mapOf("value" to listOf(p.ratePerSec, v), "tip" to tip)
        }
        if (data.isEmpty()) return null
        return jsonOf(
            "type" to "line",
            // The strategy's name: the legend shows or hides its three panels' lines together.
            "name" to strategy,
            "xAxisIndex" to j,
            "yAxisIndex" to j,
            "symbolSize" to 5,
            "itemStyle" to mapOf("color" to colour),
            "lineStyle" to mapOf("color" to colour, "width" to 1.5),
            "data" to data,
        )
    }
}
