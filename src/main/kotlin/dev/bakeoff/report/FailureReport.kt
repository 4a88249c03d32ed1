package dev.bakeoff.report

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.FailureFigures
import dev.bakeoff.result.GroupKey

/**
 * "When one fails": one table per failure workload and wait form (cells with [CellResult.failure]),
 * a row per cell, fastest to a clean stop first (from the failure to the strategy's return plus what
 * it left running after that, so a strategy that returns at once but leaves its items running ranks
 * by when they stopped), strategy spec breaking ties. A strategy that left threads behind is ranked
 * as usual and named under the table as a leak. Pure functions, safe from any thread.
 */
internal object FailureReport : StopReport<FailureFigures>(
    figures = { it.failure },
    leadColumns = listOf("to return", "clean stop"),
    batchName = "failed batch",
    cleanStop = "from the failure to a clean stop (the strategy returned and nothing it left ran any more)",
) {
    /** From the failure until no item of the batch runs any more. */
    override fun cleanStopNs(f: FailureFigures): Long = f.toReturnNs + f.ranOnNs

    override fun title(key: GroupKey, ranked: List<CellResult>) = "when one fails: ${key.title}"

    override val legend = "from the untimed traced batches (median of each): to return = failure to the strategy's " +
        "return; clean stop = to return + ran on (the last leftover item's end); started after = items begun " +
        "after the failure; running at return = items left running; threads left = platform threads " +
        "the batch started still alive after close (leaks)"

    override fun lead(f: FailureFigures) = listOf(nanos(f.toReturnNs), nanos(cleanStopNs(f)))
}
