package dev.bakeoff.report

/**
 * Every per-cell figure experiment E5 reports, plus memory, one table per workload with a row per
 * cell in run order: platform threads at start, at the end of the run, at the peak, created, and
 * live after shutdown; tasks completed and their run time (avg, min, max) in one traced batch;
 * total (median batch) time and tasks per second; tasks per thread (avg, min, max); heap and
 * RSS peaks. A cell that did not finish shows its status, what its JVM measured before it died,
 * and its error under the table. Pure functions, safe from any thread.
 */
object FiguresReport {
    val COLUMNS = listOf(
        "strategy", "wait", "items", "status", "thr start", "thr end", "thr peak", "thr created", "thr after shutdown",
        "tasks done", "task avg", "task min", "task max", "total", "tasks/s", "per thread avg", "per thread min", "per thread max", "heap peak", "RSS peak",
    )

    /** The figures of the cells [include] accepts, grouped by workload in order of first appearance. */
    fun of(results: Results, include: (CellResult) -> Boolean = { true }): List<RankedTable> = results.cells.filter(include).groupBy { it.workload }.map { (workload, cells) ->
        RankedTable(
            "figures: $workload",
            COLUMNS,
            cells.map(::row),
            "threads are live platform threads; task times come from one untimed traced batch, total is the median batch time (JMH)",
            cells.filter { it.status != "ok" }.map { "${it.strategy} (${it.items} items, ${it.wait}): ${it.status}: ${it.error?.lineSequence()?.firstOrNull() ?: "no error recorded"}" },
        )
    }

    private fun row(c: CellResult): List<String> {
        val t = c.threads
        val k = c.tasks
        val p = c.perThread
        return listOf(
            c.strategy, c.wait, c.items.toString(), c.status,
            t?.startLive.str(), t?.endLive.str(), t?.peakLive.str(), t?.created.str(), t?.liveAfterClose.str(),
            k?.completed.str(), k?.meanRunNs?.let(Units::nanos) ?: DASH, k?.minRunNs?.let { Units.nanos(it.toDouble()) } ?: DASH, k?.maxRunNs?.let { Units.nanos(it.toDouble()) } ?: DASH,
            c.timeNs?.median?.let(Units::nanos) ?: DASH, c.throughputPerSec?.let(Units::sig3) ?: DASH,
            p?.avgTasks?.let(Units::sig3) ?: DASH, p?.minTasks.str(), p?.maxTasks.str(),
            c.memory?.heapPeakBytes?.let { Units.bytes(it.toDouble()) } ?: DASH, c.memory?.rssPeakBytes?.let { Units.bytes(it.toDouble()) } ?: DASH,
        )
    }

    private fun Number?.str() = this?.toString() ?: DASH

    private const val DASH = "–"
}
