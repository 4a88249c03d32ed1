package dev.bakeoff.cli

import com.github.ajalt.mordant.terminal.Terminal
import dev.bakeoff.engine.plan.LoadPlan
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.report.LoadCapacityRange
import dev.bakeoff.report.LoadDisturbance
import dev.bakeoff.report.LoadKneeWords
import dev.bakeoff.report.LoadModelWords
import dev.bakeoff.report.LoadTailCauses
import dev.bakeoff.result.LoadKey
import dev.bakeoff.result.LoadResult
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units
import kotlin.math.abs

/**
 * The console view of load results: per workload and rate, a percentile table of every strategy
 * (latency from each item's intended start), the achieved rate, the generator's lag and the theory's
 * checks (the queueing model's agreement, and why it disagrees where it does); then, after `capacity`,
 * each strategy's capacity, the sentence that explains its knee and the queueing model's knee beside it.
 */
internal object LoadTables {
    private val HEADER = listOf(
        "strategy", "achieved", "p50", "p90", "p99", "p99.9", "max",
        "late (lag p99)", "in flight", "Little", "queueing wait", "threads", "alloc/item",
    )

    /** What a load run is about to do, for stderr. */
    fun heading(options: RunOptions, plan: LoadPlan): String =
        "load: ${plan.arrival} arrivals at ${Units.sig3(plan.ratePerSec)}/s " +
            "for ${Units.nanos(plan.durationNs.toDouble())} " +
            "after a ${Units.nanos(plan.warmupNs.toDouble())} warm-up, " +
            "${options.items} items (${options.wait}); " +
            "results in ${ResultFiles.shown(options.out)}"

    /**
     * One table per kind of work and rate, in run order: the load cells ([LoadKey]) of one group (workload,
     * items, wait form, machine) at one arrival process and rate, so no cell of another machine or item
     * count joins a table it was not measured in.
     */
    fun render(terminal: Terminal, results: Results): String = buildString {
        // A capacity point's forks set aside (other processes disturbed their windows) count in no table.
        val counted = results.load.orEmpty().filterNot { it.setAside }
        val tables = counted.groupBy { c -> LoadKey.of(c).let { Triple(it.cell.group, it.arrival, it.ratePerSec) } }
        val itemCounts = counted.map { it.items }.distinct().size
        for ((key, cells) in tables) {
            val (group, arrival, rate) = key
            val items = if (itemCounts > 1) ", ${group.items} items" else ""
            val machine = group.machine?.let { " on machine $it" }.orEmpty()
            appendLine("${group.subject}$items (${group.wait})$machine, $arrival arrivals at ${Units.sig3(rate)}/s:")
            appendLine(terminal.render(compactTable(HEADER, cells.map(::row))))
            cells.filter { it.figures?.lag?.kept == false }.forEach {
                appendLine(
                    "  ${it.strategy}: the generator could not keep ${Units.sig3(rate)}/s on this machine: " +
                        "its figures are marked",
                )
            }
            cells.filter { it.error != null }.forEach { appendLine("  ${it.strategy}: ${it.status}: ${it.error}") }
            for (cell in cells) {
                LoadDisturbance.warning(cell, results)?.let { appendLine("  ${cell.strategy}: $it") }
                cell.figures?.tail?.let(LoadTailCauses::sentences)?.forEach { appendLine("  ${cell.strategy}: $it") }
                LoadModelWords.disagreement(cell)?.let { appendLine("  ${cell.strategy}: $it") }
            }
        }
    }

    /** Each strategy's capacity, then why its knee is where it is. */
    fun capacity(terminal: Terminal, results: Results): String = buildString {
        val capacities = results.capacity.orEmpty()
        if (capacities.isEmpty()) return@buildString
        val rows = capacities.map { c ->
            listOf(
                c.strategy,
                c.workload,
                c.objective,
                // No point at all: the budget ran out before the strategy's first.
                c.capacityPerSec?.let { "${Units.sig3(it)}/s" }
                    ?: c.points.firstOrNull()?.let { "below ${Units.sig3(it)}/s" } ?: "-",
                c.ceilingPerSec?.let { "${Units.sig3(it)}/s" } ?: "-",
                c.capacityPerSec?.let { cap -> c.ceilingPerSec?.let { Units.sig3(cap / it) } } ?: "-",
            )
        }
        val header = listOf("strategy", "workload", "objective", "capacity", "ceiling", "x ceiling")
        appendLine(terminal.render(compactTable(header, rows)))
        capacities.forEach { appendLine(LoadCapacityRange.explained(it)) }
        capacities.forEach { c -> LoadKneeWords.line(c)?.let { appendLine(it) } }
        capacities.forEach { c -> LoadDisturbance.reruns(c, results)?.let { appendLine(it) } }
    }

    private fun row(c: LoadResult): List<String> {
        val f = c.figures ?: return listOf(c.strategy, c.status.id) + List(HEADER.size - 2) { "" }
        val l = f.latencyNs
        val late = "${f.lag.late} (${Units.nanos(f.lag.p99Ns.toDouble())})" + if (f.lag.kept) "" else " not kept"
        return listOf(
            c.strategy,
            "${Units.sig3(f.achievedPerSec)}/s",
            Units.nanos(l.p50.toDouble()),
            Units.nanos(l.p90.toDouble()),
            Units.nanos(l.p99.toDouble()),
            Units.nanos(l.p999.toDouble()),
            Units.nanos(l.max.toDouble()),
            late,
            Units.sig3(f.meanInFlight),
            c.little?.let { percent(it.deviation) } ?: "-",
            c.queueing?.let(LoadModelWords::cell) ?: "-",
            f.peakThreads?.toString() ?: "-",
            f.allocBytesPerItem?.let(Units::bytes) ?: "-",
        )
    }

    private fun percent(x: Double): String = (if (x >= 0) "+" else "-") + Units.sig3(abs(x) * 100) + "%"
}
