package dev.bakeoff.report

import dev.bakeoff.model.Family
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.FootprintResult
import dev.bakeoff.result.ThreadStats
import dev.bakeoff.wording.Units
import kotlinx.serialization.json.JsonObject

/**
 * The ECharts options of the HTML reports, as JSON built from [CellResult]s: horizontal ranked bar
 * charts (one bar per strategy, coloured by family, optional min–max whiskers and limit lines)
 * and line charts for sweeps. Values are scaled to one unit per axis ([Units]) and every data
 * item carries its preformatted tooltip, so the page script holds no formatting logic.
 * Pure functions; safe from any thread.
 */
internal object ReportCharts {
    /** The colour [colours] give [family] (grey for a family they do not know, e.g. from an older run). */
    fun colour(colours: Map<Family, String>, family: Family) = colours[family] ?: "#999999"

    /** A bar legend's colour: the legend of a family chart is the family's id. */
    private fun legendColour(colours: Map<Family, String>): (String) -> String = { colour(colours, Family(it)) }

    /** Pixel height for a bar chart of [bars] categories. */
    fun barHeight(bars: Int) = 110 + 26 * bars

    /**
     * Median time per batch, fastest first, with min–max whiskers and the physical limit where known:
     * one dashed line at the cells' median limit over a band from their lowest to their highest (each
     * cell calibrates its own), so the one label never overlaps another.
     */
    fun time(ranked: List<CellResult>, colours: Map<Family, String>): JsonObject {
        val limits = ranked.mapNotNull { it.limitNs }.sorted()
        val scale = ChartAxes.barScale(
            ranked.flatMap {
                listOf(requireNotNull(it.timeNs).min, it.timeNs.max)
            } + limits,
            Units::timeUnit,
            Units::nanos,
        )
        val size = scale.size
        val best = requireNotNull(ranked.first().timeNs).median
        val bars = ranked.map { c ->
            val t = requireNotNull(c.timeNs)
            val tip =
                "${c.strategy} (${c.family}): median ${Units.nanos(
                    t.median,
                )}, min–max ${Units.nanos(t.min)}–${Units.nanos(t.max)}, " +
                    "${t.runs.size} runs, ×${Units.ratio(t.median / best)} best" +
                    (c.efficiency?.let { ", efficiency ${Units.sig3(it)}" } ?: "")
            Bar(
                "${c.strategy}  ${Units.nanos(t.median)}",
                c.family.id,
                t.median / size,
                tip,
                t.min / size to t.max / size,
            )
        }
        val limit = limits.takeIf { it.isNotEmpty() }?.let { all ->
            val mid = all[all.size / 2]
            val spread = if (all.last() > all.first()) {
                " (cells: ${Units.nanos(all.first())}–${Units.nanos(all.last())})"
            } else {
                ""
            }
            Marker(mid / size, "physical limit ${Units.nanos(mid)}$spread", all.first() / size to all.last() / size)
        }
        val title = "median time per batch${scale.suffix}; whiskers: min–max of the runs"
        return bars(bars, title, legendColour(colours), scale, limit)
    }

    /** Bytes allocated per batch (all threads). */
    fun alloc(ranked: List<CellResult>, colours: Map<Family, String>): JsonObject {
        val scale = ChartAxes.barScale(ranked.mapNotNull { it.allocBytesPerOp }, Units::byteUnit, Units::bytes)
        val size = scale.size
        val bars = ranked.map { c ->
            val text = c.allocBytesPerOp?.let(Units::bytes) ?: "not measured"
            Bar(
                "${c.strategy}  $text",
                c.family.id,
                c.allocBytesPerOp?.let {
                    it / size
                },
                "${c.strategy}: $text per batch",
            )
        }
        return bars(bars, "allocated per batch${scale.suffix}", legendColour(colours), scale)
    }

    /** Items per thread in the traced batch: average, with the min–max over threads as whiskers. */
    fun tasks(ranked: List<CellResult>, colours: Map<Family, String>): JsonObject {
        val bars = ranked.map { c ->
            val p = c.perThread
            val tip = p?.let {
                "${c.strategy}: ${it.threadsUsed} threads ran items; per thread min ${it.minTasks}, avg ${Units.sig3(
                    it.avgTasks,
                )}, max ${it.maxTasks}"
            }
            Bar(
                c.strategy,
                c.family.id,
                p?.avgTasks,
                tip ?: "${c.strategy}: not traced",
                p?.let {
                    it.minTasks.toDouble() to
                        it.maxTasks.toDouble()
                },
            )
        }
        val scale = ChartAxes.barScale(
            ranked.mapNotNull {
                it.perThread
            }.flatMap { listOf(it.minTasks.toDouble(), it.maxTasks.toDouble()) },
            null,
            null,
        )
        val title = "items per thread${scale.suffix} (bar: average; whiskers: min–max)"
        return bars(bars, title, legendColour(colours), scale)
    }

    /**
     * `bakeoff footprint`: heap bytes one waiting task keeps, one bar per strategy and depth in its
     * family's colour, whiskers the slope's 95% interval; the tooltip adds the platform threads' native
     * memory per task. Rows without a slope (not applicable, failed) are left out.
     */
    fun footprint(rows: List<FootprintResult>, colours: Map<Family, String>): JsonObject {
        val fitted = rows.filter { it.heapBytesPerTask != null }
        val slopes = fitted.map { checkNotNull(it.heapBytesPerTask) }
        val extent = slopes.flatMap { listOfNotNull(it.value, it.low, it.high) }
        val scale = ChartAxes.barScale(extent, Units::byteUnit, Units::bytes)
        val size = scale.size
        val bars = fitted.zip(slopes) { r, s ->
            val native = r.threadCommittedPerTask?.let { c ->
                val reserved = Units.bytes(r.threadReservedPerTask?.value ?: 0.0)
                ", thread stacks ${Units.bytes(c.value)} committed of $reserved reserved"
            }.orEmpty()
            val ci = s.low?.let { " (95% CI ${Units.bytes(it)}–${Units.bytes(checkNotNull(s.high))})" }.orEmpty()
            // A merged file's rows name their machine: the same strategy and depth may come from several.
            val on = r.machine?.let { " on $it" }.orEmpty()
            Bar(
                "${r.strategy} depth ${r.depth}$on  ${Units.bytes(s.value)}",
                r.family.id,
                s.value / size,
                "${r.strategy} at depth ${r.depth}: ${Units.bytes(s.value)} of heap per waiting task$ci$native",
                s.low?.let { it / size to checkNotNull(s.high) / size },
            )
        }
        val title = "heap per waiting task${scale.suffix}; whiskers: 95% interval of the slope"
        return bars(bars, title, legendColour(colours), scale)
    }

    /**
     * Compare: each cell's ratio of geometric-mean fork medians (new / base) with the interval its
     * verdict read, coloured by verdict, a line at 1.
     */
    fun ratios(c: Comparison): JsonObject {
        val bars = c.rows.map { r ->
            val tip = "${r.title}: ${r.figures}: ${r.verdictLabel}"
            Bar("${r.title}  ×${Units.ratio(r.ratio)}", r.verdict.label(c.margin), r.ratio, tip, r.interval)
        }
        val colours = mapOf("faster" to "#1a7f37", "slower" to "#c0392b")
        val title = "${c.newLabel} / ${c.baseLabel}, geometric-mean fork medians (< 1: faster); " +
            "whiskers: the interval each verdict read"
        return bars(
            bars,
            title,
            { colours[it] ?: "#9e9e9e" },
            ChartAxes.barScale(emptyList(), null, null),
            Marker(1.0, "no change"),
        )
    }

    /** Peak live and created platform threads, two bars per strategy. */
    fun threads(ranked: List<CellResult>): JsonObject {
        fun series(name: String, colour: String, value: (ThreadStats) -> Number) = jsonOf(
            "type" to "bar",
            "name" to name,
            "barMaxWidth" to 10,
            "itemStyle" to mapOf("color" to colour),
            "data" to ranked.map { c ->
                c.threads?.let { t ->
                    mapOf(
                        "value" to value(t),
                        "tip" to
                            "${c.strategy}: peak ${t.peakLive} live, ${t.created} created, " +
                            "${t.aliveAfterClose} alive after close, ${t.virtualUsed} virtual",
                    )
                } ?: "-"
            },
        )
        return jsonOf(
            "legend" to mapOf("top" to 0),
            "tooltip" to mapOf("trigger" to "item", "fromData" to true),
            "grid" to GRID,
            "xAxis" to axisName("platform threads", mapOf("type" to "value")),
            "yAxis" to barLabels(ranked.map { it.strategy }),
            "series" to
                listOf(series("peak live", "#4c78a8") { it.peakLive }, series("created", "#f58518") { it.created }),
        )
    }

    /** Median time against a swept parameter, one line per strategy; log axes where values span decades. */
    fun sweep(sweep: SweepChart): JsonObject {
        val points = sweep.lines.values.flatten()
        val (unit, size) = Units.timeUnit(points.maxOf { requireNotNull(it.second.timeNs).median })
        return jsonOf(
            "legend" to mapOf("top" to 0, "type" to "scroll"),
            "tooltip" to mapOf("trigger" to "item", "fromData" to true),
            "grid" to GRID,
            "xAxis" to axisName(sweep.parameter, ChartAxes.lines(points.map { it.first })),
            "yAxis" to
                ChartAxes.lines(points.map { requireNotNull(it.second.timeNs).median / size }) +
                mapOf("name" to "median time per batch ($unit)", "nameLocation" to "end"),
            "series" to sweep.lines.map { (name, line) ->
                mapOf(
                    "type" to "line",
                    "name" to name,
                    "symbolSize" to 7,
                    "data" to line.map { (x, c) ->
                        val t = requireNotNull(c.timeNs)
                        mapOf(
                            "value" to listOf(x, t.median / size),
                            "tip" to "$name, ${sweep.parameter} ${Units.sig3(x)}: median ${Units.nanos(t.median)}",
                        )
                    },
                )
            },
        )
    }

    /**
     * One bar: its category [label], the [legend] entry (and colour) it belongs to, its value, tooltip and optional
     * whisker range.
     */
    private class Bar(
        val label: String,
        val legend: String,
        val value: Double?,
        val tip: String,
        val whisker: Pair<Double, Double>? = null,
    )

    /** A vertical marker line at [value] with one [label], over an optional shaded [band] (from, to). */
    private class Marker(val value: Double, val label: String, val band: Pair<Double, Double>? = null)

    /**
     * One horizontal bar per category, top to bottom; one series per legend entry (a family, a
     * verdict) so that the legend names them, overlapping (barGap -100%) so each category keeps one
     * slot. [marker] is a vertical line, e.g. the physical limit. Values are already divided by the
     * [scale]'s size.
     */
    private fun bars(
        bars: List<Bar>,
        axisTitle: String,
        colour: (String) -> String,
        scale: ChartAxes.BarScale,
        marker: Marker? = null,
    ): JsonObject {
        val legends = bars.map { it.legend }.distinct()
        val series = legends.mapIndexed { i, legend ->
            jsonOf(
                "type" to "bar",
                "name" to legend,
                "barGap" to "-100%",
                "barMaxWidth" to 16,
                "itemStyle" to mapOf("color" to colour(legend)),
                "data" to
                    bars.map { b ->
                        b.value?.takeIf { b.legend == legend }?.let { mapOf("value" to it, "tip" to b.tip) }
                            ?: "-"
                    },
                "markLine" to marker?.takeIf { i == 0 }?.let { m ->
                    mapOf(
                        "silent" to true,
                        "symbol" to listOf("none", "none"),
                        "lineStyle" to mapOf("color" to "#c0392b", "type" to "dashed", "width" to 2),
                        // At the top (the category axis is inverted: its start), clear of the value axis' labels.
                        "label" to mapOf("position" to "start", "color" to "#c0392b"),
                        "data" to listOf(
                            mapOf("xAxis" to m.value, "name" to m.label, "label" to mapOf("formatter" to m.label)),
                        ),
                    )
                },
                "markArea" to marker?.band?.takeIf { i == 0 && it.second > it.first }?.let { (from, to) ->
                    mapOf(
                        "silent" to true,
                        "itemStyle" to mapOf("color" to "rgba(192,57,43,0.08)"),
                        "data" to listOf(listOf(mapOf("xAxis" to from), mapOf("xAxis" to to))),
                    )
                },
            )
        }
        val ranges = bars.mapIndexedNotNull { j, b -> b.whisker?.let { listOf(j, it.first, it.second) } }
        val whiskers = listOf(
            jsonOf("name" to "range", "whiskers" to true, "z" to 5, "silent" to true, "data" to ranges),
        ).takeIf {
            ranges.isNotEmpty()
        }
        val extent = bars.mapNotNull { it.value } + bars.mapNotNull { it.whisker }.flatMap { it.toList() }
        val marks = listOfNotNull(marker?.value) + marker?.band?.toList().orEmpty()
        return jsonOf(
            "legend" to mapOf("top" to 0, "data" to legends),
            "tooltip" to mapOf("trigger" to "item", "fromData" to true),
            "grid" to GRID,
            // Linear, so a bar's length is proportional to its value, unless the values span more than
            // ChartAxes.LOG_SPAN: then the fastest bar would be invisible, and a log axis shows them all.
            "xAxis" to axisName(axisTitle, scale.axis(extent, marks)),
            "yAxis" to barLabels(bars.map { it.label }),
            "series" to series + whiskers.orEmpty(),
        )
    }

    /** A horizontal bar chart's category axis: one label per bar, top to bottom, none skipped. */
    private fun barLabels(labels: List<String>) =
        mapOf("type" to "category", "inverse" to true, "data" to labels, "axisLabel" to mapOf("interval" to 0))

    private fun axisName(name: String, axis: Map<String, Any>) =
        axis + mapOf("name" to name, "nameLocation" to "middle", "nameGap" to 28)

    /** The plot area of every report chart: room for the legend above and the axis name below. */
    val GRID = mapOf("left" to 8, "right" to 48, "top" to 52, "bottom" to 44, "containLabel" to true)
}
