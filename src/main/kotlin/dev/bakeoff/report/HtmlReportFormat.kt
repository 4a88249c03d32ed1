package dev.bakeoff.report

import dev.bakeoff.model.Family
import dev.bakeoff.report.HtmlAssets.chart
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units
import kotlinx.html.FlowContent
import kotlinx.html.a
import kotlinx.html.dd
import kotlinx.html.div
import kotlinx.html.dl
import kotlinx.html.dt
import kotlinx.html.h1
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
import kotlinx.serialization.json.JsonObject

/**
 * `report.html`: one self-contained page (charting library, script and styles inlined; no request
 * to any host) for people: the machine and what each metric means, the winner matrix, per
 * workload group a ranked time chart with the physical limit and thread, allocation and per-thread
 * panels, a load run's latency–throughput charts ([LoadCharts]), sweep line charts, a sortable table
 * of every figure and the cells that did not complete.
 * Written into a run's results folder by [ResultsFolderWriter], like the other [reportFormats], and by
 * `bakeoff report`. Strategies are drawn in their family's colour from [colours], which the front end
 * takes from the plug-ins (this package knows none). Immutable and thread-safe.
 */
internal class HtmlReportFormat(private val colours: Map<Family, String>) : ReportFormat {
    override val fileName = "report.html"

    override fun write(results: Results, out: Appendable) {
        val view = RunView.of(results)
        val groups = view.groups
        val sweeps = Sweeps.of(results.cells)
        val grids = SweepGrid.of(results.cells)
        // A load, capacity or footprint run has no batch cell: no answer, matrix or figure table to show empty.
        val batch = results.cells.isNotEmpty() || (results.load.isNullOrEmpty() && results.footprint.isNullOrEmpty())
        HtmlAssets.document(out, "Bakeoff report — ${results.createdAt}") { charts ->
            h1 { +"Bakeoff report" }
            p("sub") {
                +"Bakeoff ${results.bakeoffVersion}, results of ${results.createdAt}; ${contents(results, batch)}"
            }
            if (!results.complete) {
                p("warn") {
                    +"Incomplete: the run was interrupted or is still going; this page shows the cells finished so far."
                }
            }
            // What the reader came for comes first: which approach for which kind of work.
            if (batch) answer(Answer.of(view), RunSummary.of(view))
            section {
                id = "machine"
                h2 { +"Machine" }
                machineTable(listOf(results))
            }
            if (batch) batchOverview(results, groups)
            differences(view)
            OutcomeHtml.failures(this, results)
            OutcomeHtml.deadlines(this, results)
            acrossTables("jdks", "JDK against JDK", Comparison.ofJdks(results))
            acrossTables("libs", "Library version against version", Comparison.ofLibs(results))
            groups.forEach { groupSection(it, results.machine.cores, charts) }
            loadCharts(results, charts)
            if (sweeps.isNotEmpty()) {
                section {
                    id = "sweeps"
                    h2 { +"Sweeps" }
                    for (sweep in sweeps) {
                        h3 { +sweep.title }
                        chart(charts, ReportCharts.sweep(sweep), 380)
                    }
                }
            }
            if (grids.isNotEmpty()) {
                section {
                    id = "grids"
                    h2 { +"Grids" }
                    p("sub") {
                        +(
                            "One heat-map per strategy and pair of swept parameters. Each square: the median time " +
                                "(per item when the item count is swept) relative to the grid's best (×1.00 ★); " +
                                "green is the best, red ten times slower or worse; blank: the cell did not complete."
                            )
                    }
                    for (grid in grids) {
                        h3 { +grid.title }
                        chart(charts, GridCharts.heatmap(grid), 120 + 36 * grid.rows.size)
                    }
                }
            }
            results.footprint?.takeIf { it.isNotEmpty() }?.let { rows ->
                section {
                    id = "footprint"
                    h2 { +"Memory per waiting task" }
                    p("sub") {
                        +(
                            "Tasks parked on one gate at a stack depth: the heap after a full GC against their " +
                                "count, as a slope per task; hover for the platform threads' stacks (native " +
                                "memory tracking)."
                            )
                    }
                    chart(charts, ReportCharts.footprint(rows, colours), ReportCharts.barHeight(rows.size))
                }
            }
            if (batch) batchTables(results, groups)
        }
    }

    /** What the run holds, for the page's first line: "55 cells", or "6 load cells, 2 capacity searches". */
    private fun contents(results: Results, batch: Boolean): String = listOfNotNull(
        "${results.cells.size} cells".takeIf { batch },
        results.load?.size?.takeIf { it > 0 }?.let { "$it load cells" },
        results.capacity?.size?.takeIf { it > 0 }?.let { "$it capacity searches" },
        results.footprint?.size?.takeIf { it > 0 }?.let { "$it footprint rows" },
    ).joinToString()

    /** The batch cells' glossary and winner matrix. */
    private fun FlowContent.batchOverview(results: Results, groups: List<RankedGroup>) {
        section {
            id = "metrics"
            h2 { +"What the figures mean" }
            glossary(results)
        }
        section {
            id = "winners"
            h2 { +"Winner matrix" }
            p("sub") {
                +(
                    "Each cell: time relative to the best strategy of its column, by the figure the ranking " +
                        "compares (the trimmed geometric-mean fork median; ×1.00 ★ = the " +
                        "winner; strategies not told apart from it share the star, faded while their group is " +
                        "undecided); green is close to the best, red ten times slower or worse."
                    )
            }
            ReportTables.winnerMatrix(this, groups, colours)
        }
    }

    /** A load run's latency–throughput charts ([LoadCharts]), each with its strategies' capacity sentences. */
    private fun FlowContent.loadCharts(results: Results, charts: MutableList<JsonObject>) {
        val loads = LoadCharts.of(results).takeIf { it.isNotEmpty() } ?: return
        section {
            id = "load"
            h2 { +"Latency against throughput (open loop)" }
            p("sub") {
                +(
                    "Per kind of work, each strategy's p50, p99 and p99.9 from each item's intended start " +
                        "against the offered rate (log axes), with the forks' interval at each rate; the dashed " +
                        "line is the objective, a band each strategy's capacity range, diamonds the queueing " +
                        "model's mean, a dotted vertical line its knee. Beside it, what each held; under it, what " +
                        "stalled each point's tail."
                    )
            }
            for (load in loads) {
                h3 { +load.title }
                chart(charts, load.option, LOAD_CHART_HEIGHT)
                load.resources?.let { chart(charts, it, LOAD_RESOURCES_HEIGHT) }
                if (load.explanations.isNotEmpty()) ul("verdicts") { load.explanations.forEach { li { +it } } }
                if (load.tails.isNotEmpty()) ul("tails") { load.tails.forEach { li { +it } } }
            }
        }
    }

    /** Every batch cell's figures, sortable, and the cells that did not complete. */
    private fun FlowContent.batchTables(results: Results, groups: List<RankedGroup>) {
        section {
            id = "figures"
            h2 { +"Every figure" }
            p("sub") { +"Click a column header to sort." }
            ReportTables.figures(this, results.cells, groups)
        }
        section {
            id = "problems"
            h2 { +"Cells that did not complete" }
            ReportTables.problems(this, results.cells)
        }
    }

    /** Where the winner depends on the machine or the JDK ([MachineDifferences]); nothing when it cannot. */
    private fun FlowContent.differences(view: RunView) {
        val lines = MachineDifferences.of(view).takeIf { it.isNotEmpty() } ?: return
        section {
            id = "differences"
            h2 { +"Where the answer differs" }
            ul {
                lines.forEach { line ->
                    li(if (line.endsWith(MachineDifferences.DIFFERS)) "differs" else null) { +line.trim() }
                }
            }
        }
    }

    /**
     * A several-JDK run's JDK-against-JDK tables ([Comparison.ofJdks]), or a several-version run's version-against-
     * version ones ([Comparison.ofLibs]), as the console prints them, in a section [sectionId] headed [heading].
     */
    private fun FlowContent.acrossTables(sectionId: String, heading: String, comparisons: List<Comparison>) {
        if (comparisons.isEmpty()) return
        section {
            id = sectionId
            h2 { +heading }
            for (c in comparisons) {
                h3 { +"${c.newLabel} against ${c.baseLabel}, per strategy and workload" }
                p("sub") { +CompareHtml.summary(c) }
                val pins = EvidenceVerdicts.acrossJdks(c)
                if (pins.isNotEmpty()) ul("verdicts") { pins.forEach { li { +it } } }
                with(CompareHtml) {
                    if (c.rows.isNotEmpty()) ratioTable(c)
                    notCompared(c)
                }
                p("sub") { +CompareHtml.method(c) }
            }
        }
    }

    /** One group's section: the console's winner line and verdicts, then its charts, all from the same [group]. */
    private fun FlowContent.groupSection(group: RankedGroup, cores: Int, charts: MutableList<JsonObject>) {
        val table = ConsoleReport.table(group, cores)
        val explained = table.explanations
        section("group") {
            h2 { +group.title }
            p("verdict") { +table.verdict }
            // The plain-language verdicts of the run's own figures, as under the console's table.
            if (explained.isNotEmpty()) ul("verdicts") { explained.forEach { li { +it } } }
            val flames = group.cells.mapNotNull { c -> ReportTables.flameHref(c)?.let { c.strategy to it } }
            if (flames.isNotEmpty()) {
                p("flames") {
                    +"Flame graphs (async-profiler, measured iterations): "
                    flames.forEachIndexed { i, (strategy, href) ->
                        if (i > 0) +", "
                        a(href) { +strategy }
                    }
                }
            }
            if (group.ranked.isEmpty()) return@section
            h3 { +"Median time per batch (fastest first)" }
            chart(charts, ReportCharts.time(group.ranked, colours), ReportCharts.barHeight(group.ranked.size))
            div("panels") {
                div {
                    h3 { +"Threads" }
                    chart(charts, ReportCharts.threads(group.ranked), ReportCharts.barHeight(group.ranked.size))
                }
                div {
                    h3 { +"Allocation per batch" }
                    chart(charts, ReportCharts.alloc(group.ranked, colours), ReportCharts.barHeight(group.ranked.size))
                }
                div {
                    h3 { +"Per-thread task distribution" }
                    chart(charts, ReportCharts.tasks(group.ranked, colours), ReportCharts.barHeight(group.ranked.size))
                }
            }
        }
    }

    /**
     * "The answer": the run in one sentence and what to do about an undecided group ([summary]), then one row per
     * kind of work, its winner or tied set, time, efficiency and why.
     */
    private fun FlowContent.answer(answers: List<Answer>, summary: RunSummary) {
        section {
            id = "answer"
            h2 { +"The answer" }
            summary.sentence?.let { p("summary") { +it } }
            summary.nextSteps?.let { p("next") { +it } }
            p("sub") {
                +(
                    "Per kind of work, the winner, or the strategies not told apart from it: a test on the " +
                        "forks' median times (the JVM fork is the unit: at least 2 forks a side; Welch's t, from six " +
                        "forks a side Yuen's trimmed t) puts the others behind, differences shown within the margin " +
                        "(--margin, 5% by default, or the harness's own cost) a tie. Details per group below."
                    )
            }
            table("answer") {
                thead {
                    tr { listOf("kind of work", "strategy", "median", "efficiency", "why").forEach { th { +it } } }
                }
                tbody {
                    for (a in answers) {
                        tr(a.status?.id ?: "none") {
                            td { +a.title }
                            td("who") { +a.who }
                            td("num") { +(a.time ?: "–") }
                            td { +(a.efficiency ?: "–") }
                            td { +(a.status?.let { "$it: ${a.reason}" } ?: "–") }
                        }
                    }
                }
            }
        }
    }

    private fun FlowContent.glossary(results: Results) {
        val hasLimit = results.cells.any { it.limitNs != null }
        val terms = listOfNotNull(
            "median time per batch" to
                "The time to run all items of one batch, the median over the measured runs (JMH). In avgt mode a run " +
                "is one iteration's mean batch time, in ss mode one batch. Lower is better.",
            "min–max" to "The fastest and the slowest measured run. When two strategies' ranges overlap, their " +
                "difference may be noise.",
            "×best" to "Time relative to the group's winner (same workload, item count and wait form), by the " +
                "figure the ranking and the tests compare: the geometric mean of the forks' medians (trimmed from " +
                "six forks).",
            "decided, tie, undecided" to
                "Decided: the winner is ahead of every other strategy (the interval of their ratio of fork " +
                "medians above 1, by Welch's t or, from six forks a side, Yuen's trimmed t, however small the gap; " +
                "or a gap of over 2× between forks). " +
                "Tie: the others are behind or shown within the margin (--margin, 5% by default, or the harness's " +
                "own cost). Undecided: a strategy is neither; " +
                "more forks could tell. ★ marks the winner and the strategies not told apart from it.",
            "±error" to "Half-width of JMH's 99.9% confidence interval of the mean.",
            "alloc per batch" to
                "Bytes allocated per batch by the batch's own threads (the caller's, the strategy's, " +
                "virtual threads' carriers); never the JVM's or the harness's background threads.",
            "peak / created threads" to
                "Peak live platform threads and platform threads started, from the strategy opening to it closing " +
                "(ThreadMXBean); alive after close should be 0.",
            "virtual threads" to "Virtual threads that ran items in the traced batch (not counted as platform " +
                "threads).",
            "queue wait, run p50/p99" to
                "Per-item latency from an extra, untimed traced batch: batch handed over to item start, and item " +
                "start to end.",
            "items per thread" to "How the traced batch's items spread over the threads that ran them (min, average, " +
                "max).",
            "throughput" to "Items per second at the median batch time.",
            "CPU per batch" to "Process CPU time per batch over the measured iterations, all threads.",
            (
                "physical limit, efficiency" to
                    "The lower bound of the batch time where one is known (dashed red line), and limit / median (1 = " +
                    "at the limit)."
                ).takeIf {
                hasLimit
            },
            (
                "evidence: pinned, monitor blocked, GC %, switches, CPU busy" to
                    "Per batch of an untimed evidence pass recorded with JFR: virtual-thread pinned events, time " +
                    "blocked entering contended synchronized blocks, GC pauses as a share of the batch, context " +
                    "switches per item, CPU time over wall time x cores."
                ).takeIf { results.cells.any { it.evidence != null } },
            "status" to
                "ok; failed (threw or its JVM died); timeout (exceeded its time limit); broken (an item was lost, " +
                "duplicated or miscomputed).",
        )
        dl("glossary") {
            for ((term, meaning) in terms) {
                dt { +term }
                dd { +meaning }
            }
        }
    }

    private companion object {
        const val LOAD_CHART_HEIGHT = 420
        const val LOAD_RESOURCES_HEIGHT = 260
    }
}

/** The machine and preset of one or more runs, as (row name, one value per run): side by side in compare. */
internal fun machineRows(runs: List<Results>): List<Pair<String, List<String>>> {
    fun row(name: String, value: (Results) -> String) = name to runs.map(value)
    return listOf(
        row("cores") { r ->
            "${r.machine.cores}" +
                if (r.machine.hostCores != r.machine.cores) " (of ${r.machine.hostCores} on the host)" else ""
        },
        row("memory") { Units.bytes(it.machine.memoryBytes.toDouble()) },
        row("OS") { "${it.machine.os} ${it.machine.arch}" },
        row("JDK") { "${it.machine.jdkVendor} ${it.machine.jdkVersion} (${it.machine.jvmName})" },
        row("harness") { r ->
            r.machine.harnessNsPerItem?.let { "${Units.nanos(it)} per item (Bakeoff's own path)" } ?: "not measured"
        },
        row("preset") { "${it.preset.id}, ${it.preset.forks} fork(s): ${it.preset.summary}" },
        row("run") { "${it.createdAt}, Bakeoff ${it.bakeoffVersion}" + if (it.complete) "" else " (incomplete)" },
        row("libraries") { r -> r.machine.libraries.entries.joinToString { (k, v) -> "$k $v" } },
    )
}

/** The machine blocks of one or more runs side by side: a column per run, headed by [labels] if given. */
internal fun FlowContent.machineTable(runs: List<Results>, labels: List<String> = emptyList()) {
    table("machine") {
        if (labels.isNotEmpty()) {
            thead {
                tr {
                    th { }
                    labels.forEach { th { +it } }
                }
            }
        }
        tbody {
            for ((name, values) in machineRows(runs)) {
                tr {
                    th { +name }
                    values.forEach { td { +it } }
                }
            }
        }
    }
}
