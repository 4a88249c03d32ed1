package dev.bakeoff.report

import dev.bakeoff.metrics.Units
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.FailureFigures
import dev.bakeoff.result.Results

/**
 * "When one fails": one table per failure workload and wait form (cells with [CellResult.failure]),
 * a row per cell, fastest to a clean stop first (from the failure to the strategy's return plus what
 * it left running after that, so a strategy that returns at once but leaves its items running ranks
 * by when they stopped), strategy spec breaking ties. A strategy that left threads behind is ranked
 * as usual and named under the table as a leak. Pure functions, safe from any thread.
 */
internal object FailureReport {
    val COLUMNS = listOf(
        "#", "strategy", "to return", "clean stop", "started after", "running at return", "ran on",
        "completed", "cancelled", "not started", "threads left",
    )

    /**
     * [results]' failure cells by workload and wait form (in order of each group's first cell), each group's cells
     * fastest to a clean stop first: what the console tables and report.html's matrix rank.
     */
    fun ranked(results: Results): Map<Pair<String, WaitForm>, List<CellResult>> = results.cells
        .filter { it.failure != null }
        .groupBy { it.workload to it.wait }
        .mapValues { (_, cells) -> cells.sortedWith(compareBy({ cleanStopNs(it.failure!!) }, { it.strategy })) }

    /** The tables of [results]' failure cells, in order of each group's first cell; empty without any. */
    fun of(results: Results): List<RankedTable> = ranked(results)
        .map { (key, ranked) ->
            RankedTable(
                "when one fails: ${key.first} (${key.second}), ${ranked.first().items} items",
                COLUMNS,
                ranked.mapIndexed { i, c -> row(i + 1, c, c.failure!!) },
                "from the untimed traced batches (median of each): to return = failure to the strategy's return; " +
                    "clean stop = to return + ran on (the last leftover item's end); started after = items begun " +
                    "after the failure; running at return = items left running; threads left = platform threads " +
                    "the batch started still alive after close (leaks)",
                ranked.filter { it.failure!!.threadsLeft > 0 }.map {
                    "${it.strategy}: LEAK: ${it.failure!!.threadsLeft} thread(s) left alive after its failed batch"
                },
            )
        }

    /** From the failure until no item of the batch runs any more. */
    fun cleanStopNs(f: FailureFigures): Long = f.toReturnNs + f.ranOnNs

    private fun row(rank: Int, c: CellResult, f: FailureFigures) = listOf(
        rank.toString(), c.strategy, Units.nanos(f.toReturnNs.toDouble()), Units.nanos(cleanStopNs(f).toDouble()),
        f.startedAfter.toString(), f.runningAtReturn.toString(), Units.nanos(f.ranOnNs.toDouble()),
        f.completed.toString(), f.cancelled.toString(), f.notStarted.toString(),
        if (f.threadsLeft > 0) "${f.threadsLeft} LEAK" else "0",
    )
}
