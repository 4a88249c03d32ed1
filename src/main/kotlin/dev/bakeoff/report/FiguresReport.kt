package dev.bakeoff.report

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units

/**
 * Every per-cell figure experiment E5 reports, plus memory, one table per workload with a row per
 * cell in run order: platform threads at start, at the end of the run, at the peak, created, and
 * live after shutdown; tasks completed and their run time (avg, min–max) in one traced batch;
 * total (median batch) time and tasks per second; tasks per thread (avg, min–max); heap and RSS
 * peaks. A cell that did not finish shows its status, what its JVM measured before it died, and
 * its error under the table. Pure functions, safe from any thread.
 */
internal object FiguresReport {
    val COLUMNS = listOf(
        "strategy", "items", "status", "start", "end", "peak", "created", "after",
        "tasks done", "task avg", "task min–max", "total", "tasks/s", "tasks/thread", "heap peak", "RSS peak",
    )

    /** The figures of the cells [include] accepts, grouped by workload in order of first appearance. */
    fun of(
        results: Results,
        include: (CellResult) -> Boolean = { true },
    ): List<RankedTable> = results.cells.filter(include).groupBy { it.workload }.map { (workload, cells) ->
        val waits = cells.map { it.wait }.distinct()
        RankedTable(
            "figures: $workload" + if (waits.size == 1) " (${waits[0]})" else "",
            COLUMNS,
            cells.map { row(it, label = if (waits.size == 1) it.strategy else "${it.strategy} (${it.wait})") },
            "start, end, peak, created, after: live platform threads at start, after the run, at the peak, created, " +
                "live after shutdown; task times from one untimed traced batch; total = median batch time (JMH); " +
                "tasks/thread = avg (min–max)",
            cells.filter {
                it.status != CellStatus.OK
            }.map {
                val error = it.error?.lineSequence()?.firstOrNull() ?: "no error recorded"
                "${it.strategy} (${it.items} items, ${it.wait}): ${it.status}: $error"
            },
        )
    }

    private fun row(c: CellResult, label: String): List<String> {
        val t = c.threads
        val k = c.tasks
        val p = c.perThread
        return listOf(
            label, c.items.toString(), c.status.id,
            t?.startLive.str(), t?.endLive.str(), t?.peakLive.str(), t?.created.str(), t?.liveAfterClose.str(),
            k?.completed.str(), k?.meanRunNs?.let(Units::nanos) ?: DASH,
            k?.let { range(it.minRunNs.toDouble(), it.maxRunNs.toDouble()) } ?: DASH,
            c.timeNs?.median?.let(Units::nanos) ?: DASH, c.throughputPerSec?.let(Units::sig3) ?: DASH,
            p?.let { "${Units.sig3(it.avgTasks)} (${it.minTasks}–${it.maxTasks})" } ?: DASH,
            c.memory?.heapPeakBytes?.let { Units.bytes(it.toDouble()) } ?: DASH,
            c.memory?.rssPeakBytes?.let { Units.bytes(it.toDouble()) } ?: DASH,
        )
    }

    private fun range(min: Double, max: Double) = "${Units.nanos(min)}–${Units.nanos(max)}"

    private fun Number?.str() = this?.toString() ?: DASH

    private const val DASH = "–"
}
