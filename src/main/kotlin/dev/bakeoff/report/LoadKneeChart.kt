package dev.bakeoff.report

import dev.bakeoff.result.CapacityResult
import dev.bakeoff.result.TailStalls
import dev.bakeoff.wording.Units
import kotlinx.serialization.json.JsonObject

/**
 * The knee drawn: each strategy's p50, p99 and p99.9 against the offered rate ([LoadPoint]s, log axes),
 * a line each (dotted, solid, dashed) in the strategy's colour with each point's fork interval as an error
 * bar, the objective as a dashed horizontal line, each strategy's capacity range as a band of its colour
 * across the rates, and the queueing model's mean latency per point where the cells have one, its knee as a
 * dotted vertical line ([LoadKneeWords.marker]). Each
 * point's tooltip names its forks' dominant tail cause at that percentile. Pure; safe from any thread.
 */
internal object LoadKneeChart {
    /** The percentiles drawn, each with its line type. */
    val PERCENTILES = listOf("p50" to "dotted", "p99" to "solid", "p99.9" to "dashed")

    /** Strategy colours by order of appearance (ECharts' own palette, so a legend reads as before). */
    val PALETTE = listOf("#5470c6", "#91cc75", "#fac858", "#ee6666", "#73c0de", "#3ba272", "#fc8452", "#9a60b4")

    fun option(points: Map<String, List<LoadPoint>>, capacities: List<CapacityResult>, confidence: Double): JsonObject {
        val objectives = capacities.mapNotNull { c -> c.limitNs?.let { (c.percentile ?: "p99") to it.toDouble() } }
            .distinct()
        val bands = points.values.flatten().flatMap { p ->
            PERCENTILES.mapNotNull { (pct, _) -> p.latency(pct, confidence) }
                .flatMap { listOfNotNull(it.mean, it.low, it.high) }
        }
        val latencies = bands + objectives.map { it.second } + points.values.flatten().mapNotNull(::modelNs)
        val (unit, size) = Units.timeUnit(latencies.max())
        val series = points.entries.flatMapIndexed { i, (strategy, own) ->
            val colour = PALETTE[i % PALETTE.size]
            val capacity = capacities.firstOrNull { it.strategy == strategy }
            PERCENTILES.flatMap { (pct, type) ->
                lines(strategy, own, pct, type, colour, size, confidence) +
                    listOfNotNull(errorBars(strategy, own, pct, colour, size, confidence))
            }.mapIndexed { j, s ->
                // The range and the objective once each, on the strategy's first line: never a pile of labels.
                if (j != 0) s else s + listOfNotNull(range(capacity, colour), objective(objectives, size, i))
            } + listOfNotNull(model(strategy, own, colour, size, capacity))
        }
        val rates = points.values.flatten().map { it.ratePerSec } +
            capacities.flatMap { listOfNotNull(it.lowPerSec, it.highPerSec, it.modelKnee?.perSec) }
        return jsonOf(
            "legend" to mapOf("top" to 0, "type" to "scroll"),
            "tooltip" to mapOf("trigger" to "item", "fromData" to true),
            "grid" to ReportCharts.GRID,
            "xAxis" to ChartAxes.log(rates) +
                mapOf("name" to "offered rate (items/s, log scale)", "nameLocation" to "middle", "nameGap" to 28),
            // Along the axis: a name over its top overflows the chart's left edge.
            "yAxis" to ChartAxes.log(latencies.filter { it > 0 }.map { it / size }) + mapOf(
                "name" to "latency from the intended start ($unit, log scale)",
                "nameLocation" to "middle",
                "nameGap" to 40,
            ),
            "series" to series,
        )
    }

    /** The model's mean latency at a point (its mean service time plus the predicted wait), over its forks. */
    fun modelNs(p: LoadPoint): Double? = p.forks.mapNotNull { c ->
        val q = c.queueing ?: return@mapNotNull null
        c.figures?.serviceNs?.plus(q.machine?.predictedWaitNs ?: q.predictedWaitNs)
    }.takeIf { it.isNotEmpty() }?.average()

    private fun lines(
        strategy: String,
        own: List<LoadPoint>,
        pct: String,
        type: String,
        colour: String,
        size: Double,
        confidence: Double,
    ): List<JsonObject> {
        val data = own.mapNotNull { p ->
            val band = p.latency(pct, confidence) ?: return@mapNotNull null
            mapOf("value" to listOf(p.ratePerSec, band.mean / size), "tip" to tip(p, pct, band))
        }
        if (data.isEmpty()) return emptyList()
        val style = mapOf("color" to colour, "type" to type, "width" to if (pct == "p50") 1.5 else 2)
        return listOf(
            jsonOf(
                "type" to "line",
                "name" to "$strategy $pct",
                "symbolSize" to 6,
                "itemStyle" to mapOf("color" to colour),
                "lineStyle" to style,
                "data" to data,
            ),
        )
    }

    /** The forks' intervals as vertical bars, under the line's own name (the legend hides both together). */
    private fun errorBars(
        strategy: String,
        own: List<LoadPoint>,
        pct: String,
        colour: String,
        size: Double,
        confidence: Double,
    ): JsonObject? {
        val data = own.mapNotNull { p ->
            val band = p.latency(pct, confidence) ?: return@mapNotNull null
            val low = band.low ?: return@mapNotNull null
            listOf(p.ratePerSec, low / size, checkNotNull(band.high) / size)
        }
        if (data.isEmpty()) return null
        return jsonOf(
            "name" to "$strategy $pct",
            "errorBars" to true,
            "silent" to true,
            "itemStyle" to mapOf("color" to colour),
            "z" to 5,
            "data" to data,
        )
    }

    /**
     * The model's mean latency per point, thin and dashed, with the model's knee of [capacity] as a vertical line
     * ([LoadKneeWords.marker]); null when no cell has a queueing check.
     */
    private fun model(
        strategy: String,
        own: List<LoadPoint>,
        colour: String,
        size: Double,
        capacity: CapacityResult?,
    ): JsonObject? {
        val data = own.mapNotNull { p ->
            val ns = modelNs(p) ?: return@mapNotNull null
            val tip = "$strategy at ${Units.sig3(p.ratePerSec)}/s offered: the model's mean latency " +
                "${Units.nanos(ns)}, measured ${Units.nanos(p.mean { it.latencyNs.mean } ?: 0.0)}"
            mapOf("value" to listOf(p.ratePerSec, ns / size), "tip" to tip)
        }
        if (data.isEmpty()) return null
        return jsonOf(
            "type" to "line",
            "name" to "$strategy model (mean)",
            "symbol" to "diamond",
            "symbolSize" to 5,
            "itemStyle" to mapOf("color" to colour),
            "lineStyle" to mapOf("color" to colour, "type" to listOf(2, 6), "width" to 1),
            "data" to data,
            "markLine" to LoadKneeWords.marker(capacity, colour),
        )
    }

    private fun range(c: CapacityResult?, colour: String): Pair<String, Any>? {
        c ?: return null
        val low = c.lowPerSec ?: c.capacityPerSec
        val high = c.highPerSec
        val text = "${c.strategy} capacity"
        val item = when {
            low != null && high != null -> listOf(mapOf("xAxis" to low, "name" to text), mapOf("xAxis" to high))

            low != null || high != null -> listOf(
                mapOf("xAxis" to (low ?: high), "name" to text),
                mapOf("xAxis" to (low ?: high)),
            )

            else -> return null
        }
        return "markArea" to mapOf(
            "silent" to true,
            "itemStyle" to mapOf("color" to colour, "opacity" to 0.15, "borderColor" to colour, "borderWidth" to 1),
            "label" to mapOf("position" to "insideTop", "color" to colour, "fontSize" to 10),
            "data" to listOf(item),
        )
    }

    private fun objective(objectives: List<Pair<String, Double>>, size: Double, i: Int): Pair<String, Any>? {
        if (i != 0 || objectives.isEmpty()) return null
        return "markLine" to mapOf(
            "silent" to true,
            "symbol" to listOf("none", "none"),
            "lineStyle" to mapOf("color" to "#c0392b", "type" to "dashed", "width" to 2),
            "label" to mapOf("position" to "insideEndTop", "color" to "#c0392b"),
            "data" to objectives.map { (pct, limit) ->
                val text = "objective: $pct ≤ ${Units.nanos(limit)}"
                mapOf("yAxis" to limit / size, "name" to text, "label" to mapOf("formatter" to text))
            },
        )
    }

    private fun tip(p: LoadPoint, pct: String, band: LoadPoint.Band): String {
        val forks = if (p.measured.size == 1) "" else " over ${p.measured.size} forks"
        val high = band.high
        val interval = band.low?.let { " (interval ${Units.nanos(it)}–${Units.nanos(checkNotNull(high))})" } ?: ""
        val late = p.forks.count { it.figures?.lag?.kept == false }
            .takeIf { it > 0 }?.let { "; the generator could not keep the rate in $it" } ?: ""
        val causes = p.measured.mapNotNull { f -> f.tail?.let { t -> cause(t, pct) } }.distinct()
        val tail = if (causes.isEmpty()) "" else "; " + causes.joinToString("; ")
        return "${p.strategy} at ${Units.sig3(p.ratePerSec)}/s offered$forks: $pct ${Units.nanos(band.mean)}" +
            "$interval$late$tail"
    }

    private fun cause(tail: TailStalls, pct: String): String? =
        tail.tails.firstOrNull { it.percentile == pct }?.let { LoadTailCauses.sentence(it, tail) }
}
