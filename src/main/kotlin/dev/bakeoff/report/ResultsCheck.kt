package dev.bakeoff.report

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.Machine
import dev.bakeoff.result.Results

/**
 * The figures every reader of a results file (report, compare, merge, recommend) divides by or
 * ranks on, checked once right after decoding ([JsonReportFormat.parse]): a file that decodes but
 * holds a time no run can produce (0 ns, 1e-300 ns, 1e308 ns), a batch of no items or a negative
 * amount is refused in one line naming the cell and the field, instead of a ratio that is not a
 * number half-way through a report. Values come from the JSON decoder, which already refuses
 * NaN and infinities. Stateless; safe from any thread.
 */
internal object ResultsCheck {
    /** The shortest time a results file may hold, in ns: no batch, nor the harness's share of an item, is shorter. */
    const val MIN_TIME_NS = 1e-3

    /**
     * The largest time or amount a results file may hold (ns, bytes, items per second): far above
     * any count a Long holds (a task may declare waits of `Long.MAX_VALUE` ns, whose limit its report
     * still shows), yet small enough that every ratio, product or sum the readers form stays finite.
     */
    const val MAX_FIGURE = 1e22

    /** What in [results] its readers cannot show, as one phrase naming the cell and field; null when it is sound. */
    fun problem(results: Results): String? {
        val machines = listOf(results.machine) + results.machines?.values.orEmpty()
        return machines.firstNotNullOfOrNull(::machineProblem)
            ?: results.cells.withIndex().firstNotNullOfOrNull { (i, cell) ->
                cellProblem(cell)?.let { "cell ${i + 1} (${cell.strategy} x ${cell.workload}): $it" }
            }
    }

    private fun machineProblem(machine: Machine): String? =
        amount("machine harnessNsPerItem", machine.harnessNsPerItem)

    private fun cellProblem(c: CellResult): String? {
        if (c.items < 1) return "items is ${c.items}; a batch has at least 1 item"
        val t = c.timeNs
        if (t != null && t.runs.isEmpty()) return "timeNs has no runs"
        val times = t?.let { listOf("min" to it.min, "median" to it.median, "max" to it.max, "mean" to it.mean) }
            .orEmpty()
            .map { (name, v) -> "timeNs.$name" to v } +
            t?.runs.orEmpty().map { "a run in timeNs.runs" to it } +
            listOfNotNull(c.evidence?.let { "evidence.wallNs" to it.wallNs })
        times.firstOrNull { (_, v) -> v !in MIN_TIME_NS..MAX_FIGURE }?.let { (name, v) ->
            return "$name is $v ns; valid: $MIN_TIME_NS to $MAX_FIGURE ns"
        }
        return listOf(
            "limitNs" to c.limitNs,
            "floorNs" to c.floorNs,
            "tracedNs" to c.tracedNs,
            "efficiency" to c.efficiency,
            "cpuNsPerOp" to c.cpuNsPerOp,
            "allocBytesPerOp" to c.allocBytesPerOp,
            "throughputPerSec" to c.throughputPerSec,
        ).firstNotNullOfOrNull { (name, v) -> amount(name, v) }
    }

    /** A figure that may be 0 (a limit of no waits, no allocation) but never negative or beyond [MAX_FIGURE]. */
    private fun amount(name: String, v: Double?): String? =
        if (v == null || v in 0.0..MAX_FIGURE) null else "$name is $v; valid: 0 to $MAX_FIGURE"
}
