package dev.bakeoff.report

import dev.bakeoff.wording.Units
import kotlinx.serialization.json.JsonObject
import kotlin.math.log10

/**
 * The heat-map of a [SweepGrid] as an ECharts option: a square per pair of values, coloured by the
 * cell's median (per item when the count is swept) relative to the grid's best, on a log scale from
 * ×1 (green) to ×10 or worse (red); each square is labelled with the ratio and carries its tooltip.
 * Cells that did not complete are left blank. Pure; safe from any thread.
 */
internal object GridCharts {
    fun heatmap(grid: SweepGrid): JsonObject {
        val data = grid.rows.flatMapIndexed { r, row ->
            grid.columns.mapIndexedNotNull { c, column ->
                val cell = grid.at(row, column) ?: return@mapIndexedNotNull null
                val ratio = grid.relative(cell) ?: return@mapIndexedNotNull null
                val median = Units.nanos(checkNotNull(cell.timeNs).median)
                mapOf(
                    "value" to listOf(c, r, log10(ratio)),
                    "text" to "×${Units.sig3(ratio)}" + if (cell === grid.best) " ★" else "",
                    "tip" to "${grid.rowKey}=$row, ${grid.columnKey}=$column: median $median, " +
                        "×${Units.sig3(ratio)} the best",
                )
            }
        }
        return jsonOf(
            "tooltip" to mapOf("trigger" to "item", "fromData" to true),
            "grid" to mapOf("left" to 8, "right" to 16, "top" to 16, "bottom" to 64, "containLabel" to true),
            "xAxis" to axis(grid.columnKey, grid.columns),
            "yAxis" to axis(grid.rowKey, grid.rows),
            "visualMap" to mapOf(
                "type" to "continuous",
                "min" to 0,
                "max" to 1,
                "dimension" to 2,
                "show" to false,
                "inRange" to mapOf("color" to listOf("#1a9850", "#fee08b", "#d73027")),
            ),
            "series" to listOf(mapOf("type" to "heatmap", "name" to grid.series, "data" to data)),
        )
    }

    private fun axis(name: String, values: List<String>) = mapOf(
        "type" to "category",
        "data" to values,
        "name" to name,
        "nameLocation" to "middle",
        "nameGap" to 28,
        "splitArea" to mapOf("show" to true),
    )
}
