package dev.bakeoff.report

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.LoadResult
import dev.bakeoff.result.Results
import java.math.BigDecimal

/**
 * `results.csv`: one row per cell under a header row, for spreadsheets and scripts (columns in
 * docs/RESULTS.md), then one row per load cell (`bakeoff load`, `bakeoff capacity`): the columns
 * they share with a batch cell ([shared]), and the load columns ([loadColumns]), empty on a batch
 * row. RFC 4180: CRLF line ends, and a field holding a comma, quote or line break is quoted with its
 * quotes doubled. Numbers never depend on the default locale (`.` decimal point,
 * no grouping, no exponent); a missing value is an empty field. Stateless and thread-safe.
 */
internal object CsvReportFormat : ReportFormat {
    override val fileName = "results.csv"

    // The header and every row come from this one list, so they cannot drift apart.
    private val columns: List<Pair<String, (CellResult) -> Any?>> = listOf(
        "strategy" to { c -> c.strategy },
        "family" to { c -> c.family },
        "workload" to { c -> c.workload },
        "items" to { c -> c.items },
        "wait" to { c -> c.wait },
        "status" to { c -> c.status },
        "median_ns" to { c -> c.timeNs?.median },
        "min_ns" to { c -> c.timeNs?.min },
        "max_ns" to { c -> c.timeNs?.max },
        "mean_ns" to { c -> c.timeNs?.mean },
        "error_ns" to { c -> c.timeNs?.error },
        "runs" to { c -> c.timeNs?.runs?.size },
        "alloc_bytes_per_op" to { c -> c.allocBytesPerOp },
        "threads_start" to { c -> c.threads?.startLive },
        "threads_peak" to { c -> c.threads?.peakLive },
        "threads_created" to { c -> c.threads?.created },
        "threads_alive_after_close" to { c -> c.threads?.aliveAfterClose },
        "virtual_threads" to { c -> c.threads?.virtualUsed },
        "queue_p50_ns" to { c -> c.latencyNs?.queueWait?.p50 },
        "queue_p99_ns" to { c -> c.latencyNs?.queueWait?.p99 },
        "run_p50_ns" to { c -> c.latencyNs?.run?.p50 },
        "run_p99_ns" to { c -> c.latencyNs?.run?.p99 },
        "threads_used" to { c -> c.perThread?.threadsUsed },
        "tasks_min" to { c -> c.perThread?.minTasks },
        "tasks_avg" to { c -> c.perThread?.avgTasks },
        "tasks_max" to { c -> c.perThread?.maxTasks },
        "throughput_per_sec" to { c -> c.throughputPerSec },
        "cpu_ns_per_op" to { c -> c.cpuNsPerOp },
        "plan_mode" to { c -> c.plan?.mode },
        "sweep_key" to { c -> c.sweep?.keys?.joinToString(";") },
        "sweep_value" to { c -> c.sweep?.values?.values?.joinToString(";") },
        "threads_end" to { c -> c.threads?.endLive },
        "threads_live_after_close" to { c -> c.threads?.liveAfterClose },
        "tasks_completed" to { c -> c.tasks?.completed },
        "task_min_ns" to { c -> c.tasks?.minRunNs },
        "task_mean_ns" to { c -> c.tasks?.meanRunNs },
        "task_max_ns" to { c -> c.tasks?.maxRunNs },
        "heap_peak_bytes" to { c -> c.memory?.heapPeakBytes },
        "rss_start_bytes" to { c -> c.memory?.rssStartBytes },
        "rss_peak_bytes" to { c -> c.memory?.rssPeakBytes },
        "evidence_batches" to { c -> c.evidence?.batches },
        "evidence_wall_ns" to { c -> c.evidence?.wallNs },
        "cpu_utilisation" to { c -> c.evidence?.cpuUtilisation },
        "switches_voluntary" to { c -> c.evidence?.voluntarySwitches },
        "switches_involuntary" to { c -> c.evidence?.involuntarySwitches },
        "threads_ended" to { c -> c.evidence?.threadsEnded },
        "pinned_count" to { c -> c.evidence?.pinned?.count },
        "pinned_ns" to { c -> c.evidence?.pinned?.totalNs },
        "park_count" to { c -> c.evidence?.parks?.count },
        "park_ns" to { c -> c.evidence?.parks?.totalNs },
        "monitor_enter_count" to { c -> c.evidence?.monitorEnters?.count },
        "monitor_enter_ns" to { c -> c.evidence?.monitorEnters?.totalNs },
        "monitor_wait_count" to { c -> c.evidence?.monitorWaits?.count },
        "monitor_wait_ns" to { c -> c.evidence?.monitorWaits?.totalNs },
        "gc_pause_count" to { c -> c.evidence?.gcPauses?.count },
        "gc_pause_ns" to { c -> c.evidence?.gcPauses?.totalNs },
        "floor_ns" to { c -> c.floorNs },
        "traced_ns" to { c -> c.tracedNs },
        "error" to { c -> c.error },
    )

    private val loadColumns: List<Pair<String, (LoadResult) -> Any?>> = listOf(
        "arrival" to { c -> c.arrival },
        "rate_per_sec" to { c -> c.ratePerSec },
        "duration_s" to { c -> c.durationSeconds },
        "arrived" to { c -> c.figures?.arrived },
        "completed" to { c -> c.figures?.completed },
        "failed" to { c -> c.figures?.failed },
        "unfinished" to { c -> c.figures?.unfinished },
        "offered_per_sec" to { c -> c.figures?.offeredPerSec },
        "achieved_per_sec" to { c -> c.figures?.achievedPerSec },
        "latency_p50_ns" to { c -> c.figures?.latencyNs?.p50 },
        "latency_p90_ns" to { c -> c.figures?.latencyNs?.p90 },
        "latency_p99_ns" to { c -> c.figures?.latencyNs?.p99 },
        "latency_p999_ns" to { c -> c.figures?.latencyNs?.p999 },
        "latency_max_ns" to { c -> c.figures?.latencyNs?.max },
        "latency_mean_ns" to { c -> c.figures?.latencyNs?.mean },
        "late" to { c -> c.figures?.lag?.late },
        "lag_p99_ns" to { c -> c.figures?.lag?.p99Ns },
        "lag_max_ns" to { c -> c.figures?.lag?.maxNs },
        "rate_kept" to { c -> c.figures?.lag?.kept },
        "mean_in_flight" to { c -> c.figures?.meanInFlight },
        "service_ns" to { c -> c.figures?.serviceNs },
        "alloc_bytes_per_item" to { c -> c.figures?.allocBytesPerItem },
        "little_deviation" to { c -> c.little?.deviation },
        "queueing_wait_ns" to { c -> c.queueing?.measuredWaitNs },
        "queueing_predicted_ns" to { c -> c.queueing?.predictedWaitNs },
    )

    /** What a load row fills of the batch columns: the same fields, and the thread counts its figures hold. */
    private val shared: Map<String, (LoadResult) -> Any?> = mapOf(
        "strategy" to { c -> c.strategy },
        "family" to { c -> c.family },
        "workload" to { c -> c.workload },
        "items" to { c -> c.items },
        "wait" to { c -> c.wait },
        "status" to { c -> c.status },
        "threads_peak" to { c -> c.figures?.peakThreads },
        "threads_created" to { c -> c.figures?.threadsCreated },
        "error" to { c -> c.error },
    )

    /** The column names, in order. */
    val header: List<String> = columns.map { it.first } + loadColumns.map { it.first }

    override fun write(results: Results, out: Appendable) {
        line(out, header)
        val noLoad = List(loadColumns.size) { "" }
        for (cell in results.cells) line(out, columns.map { (_, value) -> field(value(cell)) } + noLoad)
        for (load in results.load.orEmpty()) {
            val batch = columns.map { (name, _) -> field(shared[name]?.invoke(load)) }
            line(out, batch + loadColumns.map { (_, value) -> field(value(load)) })
        }
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
