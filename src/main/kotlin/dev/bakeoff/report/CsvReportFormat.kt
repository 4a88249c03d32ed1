package dev.bakeoff.report

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.LoadResult
import dev.bakeoff.result.Results
import java.math.BigDecimal

/**
 * `results.csv`: one row per cell under a header row, for spreadsheets and scripts (columns in
 * docs/RESULTS.md), then one row per load cell (`bakeoff load`, `bakeoff capacity`; a capacity point's forks
 * set aside for a disturbed window are left out, as every point's reader leaves them): the columns
 * they share with a batch cell ([Column.load]), and the load columns ([loadColumns]), empty on a batch
 * row. RFC 4180: CRLF line ends, and a field holding a comma, quote or line break is quoted with its
 * quotes doubled. Numbers never depend on the default locale (`.` decimal point,
 * no grouping, no exponent); a missing value is an empty field. Stateless and thread-safe.
 */
internal object CsvReportFormat : ReportFormat {
    override val fileName = "results.csv"

    /**
     * A column: its [name], what a batch cell's row holds in it ([cell]) and what a load cell's row
     * does ([load]); null is an empty field.
     */
    private class Column(
        val name: String,
        val cell: (CellResult) -> Any? = { null },
        val load: (LoadResult) -> Any? = { null },
    )

    // The header and every row come from these lists, so they cannot drift apart. A load row fills the
    // batch columns it shares: its cell's fields, and the thread counts its figures hold.
    private val batchColumns: List<Column> = listOf(
        Column("strategy", { it.strategy }, { it.strategy }),
        Column("family", { it.family }, { it.family }),
        Column("workload", { it.workload }, { it.workload }),
        Column("items", { it.items }, { it.items }),
        Column("wait", { it.wait }, { it.wait }),
        Column("status", { it.status }, { it.status }),
        Column("median_ns", { it.timeNs?.median }),
        Column("min_ns", { it.timeNs?.min }),
        Column("max_ns", { it.timeNs?.max }),
        Column("mean_ns", { it.timeNs?.mean }),
        Column("error_ns", { it.timeNs?.error }),
        Column("runs", { it.timeNs?.runs?.size }),
        Column("alloc_bytes_per_op", { it.allocBytesPerOp }),
        Column("threads_start", { it.threads?.startLive }),
        Column("threads_peak", { it.threads?.peakLive }, { it.figures?.peakThreads }),
        Column("threads_created", { it.threads?.created }, { it.figures?.threadsCreated }),
        Column("threads_alive_after_close", { it.threads?.aliveAfterClose }),
        Column("virtual_threads", { it.threads?.virtualUsed }),
        Column("queue_p50_ns", { it.latencyNs?.queueWait?.p50 }),
        Column("queue_p99_ns", { it.latencyNs?.queueWait?.p99 }),
        Column("run_p50_ns", { it.latencyNs?.run?.p50 }),
        Column("run_p99_ns", { it.latencyNs?.run?.p99 }),
        Column("threads_used", { it.perThread?.threadsUsed }),
        Column("tasks_min", { it.perThread?.minTasks }),
        Column("tasks_avg", { it.perThread?.avgTasks }),
        Column("tasks_max", { it.perThread?.maxTasks }),
        Column("throughput_per_sec", { it.throughputPerSec }),
        Column("cpu_ns_per_op", { it.cpuNsPerOp }),
        Column("plan_mode", { it.plan?.mode }),
        Column("sweep_key", { it.sweep?.keys?.joinToString(";") }),
        Column("sweep_value", { it.sweep?.values?.values?.joinToString(";") }),
        Column("threads_end", { it.threads?.endLive }),
        Column("threads_live_after_close", { it.threads?.liveAfterClose }),
        Column("tasks_completed", { it.tasks?.completed }),
        Column("task_min_ns", { it.tasks?.minRunNs }),
        Column("task_mean_ns", { it.tasks?.meanRunNs }),
        Column("task_max_ns", { it.tasks?.maxRunNs }),
        Column("heap_peak_bytes", { it.memory?.heapPeakBytes }),
        Column("rss_start_bytes", { it.memory?.rssStartBytes }),
        Column("rss_peak_bytes", { it.memory?.rssPeakBytes }),
        Column("evidence_batches", { it.evidence?.batches }),
        Column("evidence_wall_ns", { it.evidence?.wallNs }),
        Column("cpu_utilisation", { it.evidence?.cpuUtilisation }),
        Column("switches_voluntary", { it.evidence?.voluntarySwitches }),
        Column("switches_involuntary", { it.evidence?.involuntarySwitches }),
        Column("threads_ended", { it.evidence?.threadsEnded }),
        Column("pinned_count", { it.evidence?.pinned?.count }),
        Column("pinned_ns", { it.evidence?.pinned?.totalNs }),
        Column("park_count", { it.evidence?.parks?.count }),
        Column("park_ns", { it.evidence?.parks?.totalNs }),
        Column("monitor_enter_count", { it.evidence?.monitorEnters?.count }),
        Column("monitor_enter_ns", { it.evidence?.monitorEnters?.totalNs }),
        Column("monitor_wait_count", { it.evidence?.monitorWaits?.count }),
        Column("monitor_wait_ns", { it.evidence?.monitorWaits?.totalNs }),
        Column("gc_pause_count", { it.evidence?.gcPauses?.count }),
        Column("gc_pause_ns", { it.evidence?.gcPauses?.totalNs }),
        Column("floor_ns", { it.floorNs }),
        Column("traced_ns", { it.tracedNs }),
        Column("error", { it.error }, { it.error }),
    )

    private val loadColumns: List<Column> = listOf(
        Column("arrival", load = { it.arrival }),
        Column("rate_per_sec", load = { it.ratePerSec }),
        Column("duration_s", load = { it.durationSeconds }),
        Column("arrived", load = { it.figures?.arrived }),
        Column("completed", load = { it.figures?.completed }),
        Column("failed", load = { it.figures?.failed }),
        Column("unfinished", load = { it.figures?.unfinished }),
        Column("offered_per_sec", load = { it.figures?.offeredPerSec }),
        Column("achieved_per_sec", load = { it.figures?.achievedPerSec }),
        Column("latency_p50_ns", load = { it.figures?.latencyNs?.p50 }),
        Column("latency_p90_ns", load = { it.figures?.latencyNs?.p90 }),
        Column("latency_p99_ns", load = { it.figures?.latencyNs?.p99 }),
        Column("latency_p999_ns", load = { it.figures?.latencyNs?.p999 }),
        Column("latency_max_ns", load = { it.figures?.latencyNs?.max }),
        Column("latency_mean_ns", load = { it.figures?.latencyNs?.mean }),
        Column("late", load = { it.figures?.lag?.late }),
        Column("lag_p99_ns", load = { it.figures?.lag?.p99Ns }),
        Column("lag_max_ns", load = { it.figures?.lag?.maxNs }),
        Column("rate_kept", load = { it.figures?.lag?.kept }),
        Column("mean_in_flight", load = { it.figures?.meanInFlight }),
        Column("service_ns", load = { it.figures?.serviceNs }),
        Column("alloc_bytes_per_item", load = { it.figures?.allocBytesPerItem }),
        Column("little_deviation", load = { it.little?.deviation }),
        Column("queueing_wait_ns", load = { it.queueing?.measuredWaitNs }),
        Column("queueing_predicted_ns", load = { it.queueing?.predictedWaitNs }),
    )

    private val columns = batchColumns + loadColumns

    /** The column names, in order. */
    val header: List<String> = columns.map { it.name }

    override fun write(results: Results, out: Appendable) {
        line(out, header)
        for (cell in results.cells) line(out, columns.map { field(it.cell(cell)) })
        for (load in results.load.orEmpty().filterNot { it.setAside }) line(out, columns.map { field(it.load(load)) })
    }

    private fun line(out: Appendable, fields: List<String>) {
        fields.forEachIndexed { i, f ->
            if (i > 0) out.append(',')
            out.append(quote(f))
        }
        out.append("\r\n")
    }

    // Double.toString is locale-independent but switches to 1.0E7 notation; BigDecimal.valueOf keeps
    // the same shortest digits and toPlainString writes them without an exponent.
    private fun field(value: Any?): String = when (value) {
        null -> ""
        is Double -> BigDecimal.valueOf(value).stripTrailingZeros().toPlainString()
        else -> value.toString()
    }

    private fun quote(f: String) = if (f.any {
            it == ',' || it == '"' || it == '\n' || it == '\r'
        }
    ) {
        "\"${f.replace("\"", "\"\"")}\""
    } else {
        f
    }
}
