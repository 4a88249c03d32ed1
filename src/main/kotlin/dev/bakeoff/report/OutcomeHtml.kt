package dev.bakeoff.report

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units
import kotlinx.html.FlowContent
import kotlinx.html.TR
import kotlinx.html.div
import kotlinx.html.h2
import kotlinx.html.h3
import kotlinx.html.id
import kotlinx.html.li
import kotlinx.html.p
import kotlinx.html.section
import kotlinx.html.table
import kotlinx.html.tbody
import kotlinx.html.td
import kotlinx.html.th
import kotlinx.html.thead
import kotlinx.html.tr
import kotlinx.html.ul

/**
 * report.html's "When one fails" and "When the deadline passes" sections, from the same rankings as the console's
 * tables ([FailureReport], [DeadlineReport]): a winner matrix (a column per failure workload and wait form, a row
 * per strategy; each cell its time from the failure, or the deadline, to a clean stop, ★ on the fastest; a cell
 * whose strategy left threads behind in red, class `leak`), then each console table as it is. Nothing without such
 * cells. Pure functions, safe from any thread.
 */
internal object OutcomeHtml {
    /** The failure section of [results], if it has failure cells. */
    fun failures(out: FlowContent, results: Results) =
        section(out, results, FailureReport, "failures", "When one fails")

    /** The deadline section of [results], if it was run with `--deadline`. */
    fun deadlines(out: FlowContent, results: Results) =
        section(out, results, DeadlineReport, "deadlines", "When the deadline passes")

    /** Section [id] headed [title], from [report]'s ranking of [results]. */
    private fun section(
        out: FlowContent,
        results: Results,
        report: StopReport<*>,
        id: String,
        title: String,
    ) = with(out) {
        val ranked = report.ranked(results)
        if (ranked.isEmpty()) return@with
        section {
            this.id = id
            h2 { +title }
            p("sub") {
                +"Each cell: time ${report.cleanStop}; ★ = the fastest of its column; "
                +"red = threads left behind (a leak)."
            }
            val strategies = ranked.values.flatten().map { it.strategy }.distinct()
            div("wide") {
                table("matrix outcome") {
                    thead {
                        tr {
                            th { +"strategy" }
                            ranked.keys.forEach { th { +it.title } }
                        }
                    }
                    tbody {
                        for (strategy in strategies) {
                            tr {
                                td { +strategy }
                                ranked.values.forEach { cells -> stopCell(cells, strategy, report::stop) }
                            }
                        }
                    }
                }
            }
            report.of(results).forEach { table(it) }
        }
    }

    private fun TR.stopCell(cells: List<CellResult>, strategy: String, stop: (CellResult) -> Pair<Long, Int>) {
        val cell = cells.firstOrNull { it.strategy == strategy } ?: return td { +"" }
        val (ns, left) = stop(cell)
        td(if (left > 0) "leak" else null) {
            +Units.nanos(ns.toDouble())
            if (cell === cells.first()) +" ★"
            if (left > 0) +" · $left thread(s) left"
        }
    }

    private fun FlowContent.table(t: RankedTable) {
        h3 { +t.title }
        div("wide") {
            table("sortable") {
                thead { tr { t.header.forEach { th { +it } } } }
                tbody { t.rows.forEach { row -> tr { row.forEach { td { +it } } } } }
            }
        }
        p("sub") { +t.verdict }
        if (t.problems.isNotEmpty()) ul("verdicts") { t.problems.forEach { li("leak") { +it } } }
    }
}
