package dev.bakeoff.report

import dev.bakeoff.metrics.DecisionReasons
import dev.bakeoff.metrics.ForkRatio
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.report.HtmlAssets.chart
import dev.bakeoff.wording.Units
import kotlinx.html.FlowContent
import kotlinx.html.details
import kotlinx.html.div
import kotlinx.html.h1
import kotlinx.html.h2
import kotlinx.html.id
import kotlinx.html.li
import kotlinx.html.p
import kotlinx.html.section
import kotlinx.html.summary
import kotlinx.html.table
import kotlinx.html.tbody
import kotlinx.html.td
import kotlinx.html.th
import kotlinx.html.thead
import kotlinx.html.tr
import kotlinx.html.ul

/**
 * `compare.html`: a [Comparison] as one self-contained page (like `report.html`): the two machine
 * blocks side by side, how the verdicts are reached, a chart of every ratio with its confidence
 * interval, a sortable table and the cells that could not be compared. Stateless and thread-safe.
 */
internal object CompareHtml {
    const val FILE_NAME = "compare.html"

    /** One line on the method, shared by the console and the page. */
    fun method(c: Comparison): String {
        val margin = DecisionReasons.percent(c.margin)
        val min = ForkRatio.MIN_FORKS
        return "ratio = ${c.newLabel} / ${c.baseLabel} of each cell's geometric-mean fork median " +
            "(< 1: ${c.newLabel} is faster; a fork's figure is the median of its steady runs, and a file " +
            "without forks counts each run as one); Welch's t test on the forks' log medians, every " +
            "interval at ${DecisionReasons.confidencePercent(c.confidence)} " +
            "(${DecisionReasons.percent(1 - GroupDecision.ALPHA)} divided over the ${c.tests} cells tested). " +
            "Faster or slower only when the interval excludes 1 and the ratio lies beyond 1 ± $margin, or, " +
            "with $min forks a side or more, when one side's fastest fork is over " +
            "${Units.sig3(GroupDecision.SEPARATION)}× the other side's slowest (separated); same within $margin " +
            "when the ${DecisionReasons.confidencePercent(c.eqConfidence)} interval (two one-sided tests) lies " +
            "within 1 ± $margin; else not told apart. A side with fewer than $min forks is not tested."
    }

    /** A section of the page: its anchor [id], its [title], then [body]. */
    private fun FlowContent.part(id: String, title: String, body: FlowContent.() -> Unit) = section {
        this.id = id
        h2 { +title }
        body()
    }

    fun write(c: Comparison, out: Appendable) {
        HtmlAssets.document(out, "Bakeoff compare — ${c.newLabel} vs ${c.baseLabel}") { charts ->
            h1 { +"Bakeoff compare: ${c.newLabel} against ${c.baseLabel}" }
            p("sub") { +summary(c) }
            part("machine", "Machines") {
                if (c.machinesDiffer) {
                    p("warn") {
                        +"The two sides ran on different machines or JDKs: a ratio mixes the machine with the code."
                    }
                }
                machineTable(listOf(c.base, c.new), listOf(c.baseLabel, c.newLabel))
            }
            part("method", "Method") { p { +method(c) } }
            part("ratios", "Ratios") {
                if (c.rows.isEmpty()) {
                    p { +"No cell could be compared." }
                } else {
                    chart(charts, ReportCharts.ratios(c), ReportCharts.barHeight(c.rows.size))
                }
                ratioTable(c)
            }
            part("not-compared", "Not compared") {
                if (c.notCompared.isEmpty()) {
                    p { +"None: every cell was on both sides and completed." }
                } else {
                    notCompared(c)
                }
            }
            c.load?.let { load -> part("load", "Open loop: p99 and capacity") { loadTables(load) } }
        }
    }

    /** The matched cells as a sortable table: both medians, ratio, interval, p, forks a side and verdict. */
    fun FlowContent.ratioTable(c: Comparison) {
        div("wide") {
            table("sortable compare") {
                thead {
                    tr {
                        val sides = listOf("${c.baseLabel} median", "${c.newLabel} median")
                        val heads = listOf("cell") + sides + listOf("ratio", "interval", "p", "forks", "verdict")
                        heads.forEach { th { +it } }
                    }
                }
                tbody {
                    for (r in c.rows) {
                        tr {
                            td { +r.title }
                            num(r.baseMedian, Units.nanos(r.baseMedian))
                            num(r.newMedian, Units.nanos(r.newMedian))
                            num(r.ratio, "×${Units.ratio(r.ratio)}")
                            td("num") {
                                +r.interval?.let { (low, high) ->
                                    "${DecisionReasons.confidencePercent(r.confidence!!)}: " +
                                        "${Units.ratio(low)}–${Units.ratio(high)}"
                                }.orEmpty()
                            }
                            // Untested rows leave p empty, which sorts last either way.
                            r.pValue?.let { num(it, "p ${DecisionReasons.pValue(it)}") } ?: td("num") {}
                            td("num") { +"${r.base.forks.size} / ${r.new.forks.size}" }
                            td("verdict ${r.verdict.name.lowercase().replace('_', '-')}") { +r.verdictLabel }
                        }
                    }
                }
            }
        }
    }

    /** The load results side by side: p99 per strategy and rate, then capacity per strategy. */
    private fun FlowContent.loadTables(load: LoadComparison) {
        for ((rows, what) in load.parts) {
            val (header, lines) = load.table(rows, what)
            div("wide") {
                table("sortable compare") {
                    thead { tr { header.forEach { th { +it } } } }
                    tbody { lines.forEach { line -> tr { line.forEach { td { +it } } } } }
                }
            }
        }
    }

    /** The cells that could not be compared, one line per reason, each opening to the cells it covers. */
    fun FlowContent.notCompared(c: Comparison) {
        c.notCompared.groupBy { it.reasons }.values.zip(c.notComparedSummary).forEach { (cells, line) ->
            details {
                summary { +line }
                ul { cells.forEach { li { +it.title } } }
            }
        }
    }

    /** "3 faster, 1 slower, 18 same within 5%, 2 not told apart, 0 not tested (24 cells compared, 2 not compared)". */
    fun summary(c: Comparison): String = c.counts.entries.joinToString { (v, n) -> "$n ${v.label(c.margin)}" } +
        " (${cells(c.rows.size)} compared, ${c.notCompared.size} not compared)"

    private fun cells(n: Int) = if (n == 1) "1 cell" else "$n cells"

    private fun kotlinx.html.TR.num(value: Double, text: String) = td("num") {
        attributes["data-v"] = value.toString()
        +text
    }
}
