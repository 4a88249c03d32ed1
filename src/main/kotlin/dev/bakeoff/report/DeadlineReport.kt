package dev.bakeoff.report

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.DeadlineFigures
import dev.bakeoff.result.GroupKey
import dev.bakeoff.wording.Units

/**
 * "When the deadline passes": one table per workload and wait form of the cells run with `--deadline` (cells with
 * [CellResult.deadline]), a row per cell, the one that stops cleanest first: its median lateness past the deadline
 * plus how long what it left running ran on after its return, strategy spec breaking ties. A strategy that left
 * threads behind is ranked as usual and named under the table as a leak. Pure functions, safe from any thread.
 */
internal object DeadlineReport : StopReport<DeadlineFigures>(
    figures = { it.deadline },
    leadColumns = listOf("late p50", "late p90", "late max", "missed", "clean stop"),
    trailColumns = listOf("how"),
    batchName = "batch",
    cleanStop = "from the deadline to a clean stop (median lateness of the return, plus what it left running)",
) {
    /** From the deadline until no item of the batch runs any more (median lateness plus the leftovers' run). */
    override fun cleanStopNs(f: DeadlineFigures): Long = f.lateP50Ns + f.ranOnNs

    override fun title(key: GroupKey, ranked: List<CellResult>): String =
        "when the deadline passes: ${key.title}, deadline " +
            Units.nanos(ranked.first().deadline!!.deadlineNs.toDouble())

    override val legend = "from the untimed traced batches: late = the strategy's return past the deadline " +
        "(percentiles over the batches, 0 when in time); missed = batches whose deadline passed first; clean stop = " +
        "late p50 + ran on; the counts are medians; threads left = platform threads the batch started " +
        "still alive after close (leaks); how = the strategy's deadline form"

    override fun lead(f: DeadlineFigures) = listOf(
        nanos(f.lateP50Ns),
        nanos(f.lateP90Ns),
        nanos(f.lateMaxNs),
        "${f.missed}/${f.batches}",
        nanos(cleanStopNs(f)),
    )

    override fun trail(f: DeadlineFigures) = listOf(f.form.substringBefore(':'))
}
