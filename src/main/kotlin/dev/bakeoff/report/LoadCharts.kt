package dev.bakeoff.report

import dev.bakeoff.result.CapacityResult
import dev.bakeoff.result.LoadKey
import dev.bakeoff.result.LoadResult
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units
import kotlinx.serialization.json.JsonObject

/**
 * The latency–throughput charts of report.html, from a run's `load` and `capacity` sections: one per
 * kind of work (workload, items, wait form), one line per strategy through its cells in the order of
 * their offered rate, the achieved rate across and the latency from each item's intended start up, both
 * on log axes (a sweep's rates and a knee's latencies span decades). The latency is at the objective's
 * percentile (p99 without an objective); the objective is a dashed horizontal line, and each strategy's
 * knee (its capacity: the highest rate that met the objective) a marked point on its line.
 * Pure functions; safe from any thread.
 */
internal object LoadCharts {
    /** One chart: its [title], the capacity sentences shown under it, and its ECharts [option]. */
    class LoadChart(val title: String, val explanations: List<String>, val option: JsonObject)

    /** The charts of [results], in the order the kinds of work first appear; none for a batch run. */
    fun of(results: Results): List<LoadChart> {
        val capacities = results.capacity.orEmpty()
        return results.load.orEmpty()
            // One chart per group of load cells (LoadKey's: workload, items, wait form, machine).
            .groupBy { LoadKey.of(it).cell.group }
            .mapNotNull { (work, cells) ->
                val own = capacities.filter { it.workload == work.subject && it.machine == work.machine }
                val title = "${work.title}: latency against throughput"
                chart(cells, own)?.let { LoadChart(title, own.map(LoadCapacityRange::explained), it) }
            }
    }

    private fun chart(cells: List<LoadResult>, capacities: List<CapacityResult>): JsonObject? {
        val percentile = capacities.firstNotNullOfOrNull { it.percentile } ?: DEFAULT_PERCENTILE
        val lines = cells.filter { it.figures != null }
            .groupBy { it.strategy }
            .mapValues { (_, own) ->
                own.sortedBy { it.ratePerSec }.mapNotNull { c ->
                    val f = checkNotNull(c.figures)
                    val latency = f.latencyNs.at(percentile).toDouble()
                    if (f.achievedPerSec > 0 && latency > 0) Point(c, f.achievedPerSec, latency) else null
                }
            }
            .filterValues { it.isNotEmpty() }
        if (lines.isEmpty()) return null
        val limits = capacities.filter { it.percentile == percentile }.mapNotNull { it.limitNs?.toDouble() }.distinct()
        val latencies = lines.values.flatten().map { it.latencyNs } + limits
        val (unit, size) = Units.timeUnit(latencies.max())
        val series = lines.entries.mapIndexed { i, (strategy, points) ->
            val knee = capacities.firstOrNull { it.strategy == strategy }?.capacityPerSec
                ?.let { rate -> points.firstOrNull { it.cell.ratePerSec == rate } }
            jsonOf(
                "type" to "line",
                "name" to strategy,
                "symbolSize" to 7,
                "data" to points.map { p ->
                    mapOf("value" to listOf(p.achievedPerSec, p.latencyNs / size), "tip" to tip(p, percentile))
                },
                "markPoint" to knee?.let { p ->
                    val text = "knee: ${Units.sig3(p.cell.ratePerSec)}/s"
                    mapOf(
                        "symbolSize" to 36,
                        "label" to mapOf("fontSize" to 9, "formatter" to "knee"),
                        "data" to listOf(
                            mapOf(
                                "coord" to listOf(p.achievedPerSec, p.latencyNs / size),
                                "name" to text,
                                "tip" to
                                    "$strategy's capacity at the objective: ${Units.sig3(p.cell.ratePerSec)}/s offered",
                            ),
                        ),
                    )
                },
                // The objective once, on the first line: one label, never a pile of them.
                "markLine" to limits.takeIf { i == 0 && it.isNotEmpty() }?.let { all ->
                    mapOf(
                        "silent" to true,
                        "symbol" to listOf("none", "none"),
                        "lineStyle" to mapOf("color" to "#c0392b", "type" to "dashed", "width" to 2),
                        "label" to mapOf("position" to "insideEndTop", "color" to "#c0392b"),
                        "data" to all.map { limit ->
                            val text = "objective: $percentile ≤ ${Units.nanos(limit)}"
                            mapOf("yAxis" to limit / size, "name" to text, "label" to mapOf("formatter" to text))
                        },
                    )
                },
            )
        }
        val rates = lines.values.flatten().map { it.achievedPerSec }
        return jsonOf(
            "legend" to mapOf("top" to 0, "type" to "scroll"),
            "tooltip" to mapOf("trigger" to "item", "fromData" to true),
            "grid" to ReportCharts.GRID,
            "xAxis" to ChartAxes.log(rates) +
                mapOf("name" to "achieved rate (items/s, log scale)", "nameLocation" to "middle", "nameGap" to 28),
            "yAxis" to ChartAxes.log(latencies.map { it / size }) + mapOf(
                "name" to "$percentile latency from the intended start ($unit, log scale)",
                "nameLocation" to "end",
            ),
            "series" to series,
        )
    }

    private fun tip(p: Point, percentile: String): String {
        val f = checkNotNull(p.cell.figures)
        val late = if (f.lag.kept) "" else "; the generator could not keep the rate: marked"
        return "${p.cell.strategy} at ${Units.sig3(p.cell.ratePerSec)}/s offered: achieved " +
            "${Units.sig3(p.achievedPerSec)}/s, $percentile ${Units.nanos(p.latencyNs)}$late"
    }

    private class Point(val cell: LoadResult, val achievedPerSec: Double, val latencyNs: Double)

    private const val DEFAULT_PERCENTILE = "p99"
}
