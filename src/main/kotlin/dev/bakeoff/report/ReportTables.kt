package dev.bakeoff.report

import dev.bakeoff.model.Family
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.wording.Units
import kotlinx.html.FlowContent
import kotlinx.html.TR
import kotlinx.html.a
import kotlinx.html.details
import kotlinx.html.div
import kotlinx.html.p
import kotlinx.html.pre
import kotlinx.html.span
import kotlinx.html.summary
import kotlinx.html.table
import kotlinx.html.tbody
import kotlinx.html.td
import kotlinx.html.th
import kotlinx.html.thead
import kotlinx.html.title
import kotlinx.html.tr
import kotlin.math.ln

/**
 * The tables of `report.html`: the winner matrix, every figure (sortable) and the cells that did not complete.
 * Pure; thread-safe.
 */
internal object ReportTables {
    /**
     * Strategies x groups; each cell coloured by its median relative to the column's best. The winner
     * and the strategies tied with it share the star; in a group that is not decided they are faded.
     */
    fun winnerMatrix(out: FlowContent, groups: List<RankedGroup>, colours: Map<Family, String>) = with(out) {
        val strategies = groups.flatMap { g -> g.cells.map { it.strategy to it.family } }.distinct()
        div("wide") {
            table("matrix") {
                thead {
                    tr {
                        th { +"strategy" }
                        th { +"family" }
                        groups.forEach { th { +it.title } }
                    }
                }
                tbody {
                    for ((strategy, family) in strategies) {
                        tr {
                            td { +strategy }
                            td {
                                span {
                                    attributes["style"] = "color:${ReportCharts.colour(colours, family)}"
                                    +"■ "
                                }
                                +family.id
                            }
                            groups.forEach { matrixCell(it, strategy) }
                        }
                    }
                }
            }
        }
    }

    private fun TR.matrixCell(group: RankedGroup, strategy: String) {
        val cell = group.cells.firstOrNull { it.strategy == strategy }
        val best = group.winner?.timeNs?.median
        val median = cell?.timeNs?.median?.takeIf { cell.status == CellStatus.OK }
        val floor = cell?.takeIf { c -> group.floored.any { it === c } }?.floorNs
        val ratio = cell?.let(group::ratio)
        when {
            cell == null -> td("matrix-cell missing") { +"–" }

            // Stopped at its floor: at least this far behind, never timed.
            floor != null && best != null -> td("matrix-cell") {
                attributes["style"] = "background:${heat(floor / best)}"
                title = "${cell.strategy} on ${group.title}: cannot win, its floor is ${Units.nanos(floor)}; not timed"
                +"≥ ×${Units.ratio(floor / best)}"
            }

            median == null || ratio == null -> td("matrix-cell problem") {
                title = cell.error?.lineSequence()?.firstOrNull().orEmpty()
                +cell.status.id
            }

            else -> {
                val isBest = group.leads(cell)
                val decision = group.decision
                val undecided = isBest && decision?.status == GroupStatus.UNDECIDED
                td("matrix-cell" + (if (isBest) " best" else "") + if (undecided) " undecided" else "") {
                    attributes["style"] = "background:${heat(ratio)}"
                    val why = decision?.takeIf { isBest }?.let { "; ${it.status}: ${it.reason}" }.orEmpty()
                    title = "${cell.strategy} on ${group.title}: median ${Units.nanos(median)}$why"
                    +"×${Units.ratio(ratio)}${if (isBest) " ★" else ""}"
                }
            }
        }
    }

    // Green at the best, through yellow, to red at 10x the best or worse (a log scale: 2x is a third of the way).
    private fun heat(ratio: Double): String {
        val t = (ln(ratio) / ln(10.0)).coerceIn(0.0, 1.0)
        return "hsl(${(120 * (1 - t)).toInt()},70%,82%)"
    }

    private class Column(
        val name: String,
        val text: Boolean = false,
        val value: (CellResult) -> Any?,
        val format: (Double) -> String = Units::sig3,
    )

    private fun time(name: String, value: (CellResult) -> Double?) = Column(name, value = value, format = Units::nanos)

    private fun count(name: String, value: (CellResult) -> Number?) = Column(name, value = value, format = {
        it.toLong().toString()
    })

    fun figures(out: FlowContent, cells: List<CellResult>, groups: List<RankedGroup>) = with(out) {
        val group = groups.flatMap { g -> g.cells.map { it to g } }.toMap()
        val columns = listOf(
            Column("strategy", text = true, value = { it.strategy }),
            Column("family", text = true, value = { it.family }),
            Column("workload", text = true, value = { it.workload }),
            count("items") { it.items },
            Column("wait", text = true, value = { it.wait }),
            Column("status", text = true, value = { it.status }),
            time("median") { it.timeNs?.median },
            time("min") { it.timeNs?.min },
            time("max") { it.timeNs?.max },
            time("mean") { it.timeNs?.mean },
            time("±error") { it.timeNs?.error },
            count("runs") { it.timeNs?.runs?.size },
            time("floor") { it.floorNs },
            time("traced batch") { it.tracedNs },
            Column("×best", value = { c -> group[c]?.ratio(c) }, format = Units::ratio),
            Column("alloc/batch", value = { it.allocBytesPerOp }, format = Units::bytes),
            count("peak thr") { it.threads?.peakLive },
            count("created") { it.threads?.created },
            count("alive after close") { it.threads?.aliveAfterClose },
            count("virtual") { it.threads?.virtualUsed },
            time("queue p50") { it.latencyNs?.queueWait?.p50?.toDouble() },
            time("queue p99") { it.latencyNs?.queueWait?.p99?.toDouble() },
            time("run p50") { it.latencyNs?.run?.p50?.toDouble() },
            time("run p99") { it.latencyNs?.run?.p99?.toDouble() },
            count("threads used") { it.perThread?.threadsUsed },
            count("tasks min") { it.perThread?.minTasks },
            Column("tasks avg", value = { it.perThread?.avgTasks }),
            count("tasks max") { it.perThread?.maxTasks },
            Column("items/s", value = { it.throughputPerSec }),
            time("CPU/batch") { it.cpuNsPerOp },
            time("limit") { it.limitNs },
            Column("efficiency", value = { it.efficiency }),
            Column("pinned/batch", value = { it.evidence?.pinned?.count }),
            time("monitor blocked/batch") { it.evidence?.monitorEnters?.totalNs },
            Column("GC % of batch", value = { c -> c.evidence?.gcShare?.times(100) }),
            Column("switches/item", value = { c -> c.evidence?.switches?.div(c.items) }),
            Column("CPU busy %", value = { c -> c.evidence?.cpuUtilisation?.times(100) }),
            Column("plan", text = true, value = { c ->
                c.plan?.let { "${it.mode}, ${it.forks}f, ${it.warmupIterations}+${it.measurementIterations} it" }
            }),
        )
        val profiled = cells.any { flameHref(it) != null }
        div("wide") {
            table("sortable figures") {
                thead {
                    tr {
                        // First, where a wide table cannot hide it.
                        if (profiled) th { +"profile" }
                        columns.forEach { th { +it.name } }
                    }
                }
                tbody {
                    for (cell in cells) {
                        tr {
                            if (profiled) {
                                td { flameHref(cell)?.let { href -> a(href) { +"flame graph" } } ?: +"–" }
                            }
                            for (column in columns) {
                                val v = column.value(cell)
                                when {
                                    v == null -> td { +"–" }

                                    column.text -> td { +v.toString() }

                                    else -> td("num") {
                                        val x = (v as Number).toDouble()
                                        attributes["data-v"] = x.toString()
                                        +column.format(x)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * A cell's flame graph as a link target, only when it is one of Bakeoff's own file names (a
     * hostile results.json must not put a `javascript:` or remote link into the page).
     */
    fun flameHref(cell: CellResult): String? = cell.profile?.takeIf { FLAME.matches(it) }

    private val FLAME = Regex("""cells/cell-\d{3,}\.flame-[a-z]+\.html""")

    /** A stalled cell's thread dump as a link target, only under Bakeoff's own file name (as [flameHref]). */
    fun threadDumpHref(cell: CellResult): String? = cell.threadDump?.takeIf { THREAD_DUMP.matches(it) }

    private val THREAD_DUMP = Regex("""cells/cell-\d{3,}\.threads\.json""")

    fun problems(out: FlowContent, cells: List<CellResult>) = with(out) {
        val bad = cells.filter { it.status != CellStatus.OK }
        if (bad.isEmpty()) {
            p { +"None: every cell completed and passed its ledger check." }
            return@with
        }
        table("sortable problems") {
            thead { tr { listOf("strategy", "workload", "items", "wait", "status", "reason").forEach { th { +it } } } }
            tbody {
                for (c in bad) {
                    tr {
                        td { +c.strategy }
                        td { +c.workload }
                        td("num") { +"${c.items}" }
                        td { +c.wait.id }
                        td { +c.status.id }
                        td {
                            val error = c.error ?: "no error recorded"
                            val first = error.lineSequence().first()
                            if (error.lines().size > 1) {
                                details {
                                    summary { +first }
                                    pre("error") { +error }
                                }
                            } else {
                                +first
                            }
                            threadDumpHref(c)?.let { href ->
                                +" "
                                a(href) { +"thread dump" }
                            }
                        }
                    }
                }
            }
        }
    }
}
