package dev.bakeoff.report

import dev.bakeoff.metrics.Units
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.DeadlineFigures
import dev.bakeoff.result.Results

/**
 * "When the deadline passes": one table per workload and wait form of the cells run with `--deadline` (cells with
 * [CellResult.deadline]), a row per cell, the one that stops cleanest first: its median lateness past the deadline
 * plus how long what it left running ran on after its return, strategy spec breaking ties. A strategy that left
 * threads behind is ranked as usual and named under the table as a leak. Pure functions, safe from any thread.
 */
internal object DeadlineReport {
    val COLUMNS = listOf(
        "#", "strategy", "late p50", "late p90", "late max", "missed", "clean stop", "started after",
        "running at return", "ran on", "completed", "cancelled", "not started", "threads left", "how",
    )

    /** [results]' deadline cells by workload and wait form, each group's cells cleanest stop first. */
    fun ranked(results: Results): Map<Pair<String, WaitForm>, List<CellResult>> = results.cells
        .filter { it.deadline != null }
        .groupBy { it.workload to it.wait }
        .mapValues { (_, cells) -> cells.sortedWith(compareBy({ cleanStopNs(it.deadline!!) }, { it.strategy })) }

    /** The tables of [results]' deadline cells, in order of each group's first cell; empty without any. */
    fun of(results: Results): List<RankedTable> = ranked(results)
        .map { (key, ranked) ->
            val deadline = Units.nanos(ranked.first().deadline!!.deadlineNs.toDouble())
            RankedTable(
                "when the deadline passes: ${key.first} (${key.second}), ${ranked.first().items} items, deadline $deadline",
                COLUMNS,
                ranked.mapIndexed { i, c -> row(i + 1, c, c.deadline!!) },
                "from the untimed traced batches: late = the strategy's return past the deadline (percentiles over " +
                    "the batches, 0 when in time); missed = batches whose deadline passed first; clean stop = late " +
                    "p50 + ran on; the counts are medians; threads left = platform threads the batch started " +
                    "still alive after close (leaks); how = the strategy's deadline form",
                ranked.filter { it.deadline!!.threadsLeft > 0 }.map {
                    "${it.strategy}: LEAK: ${it.deadline!!.threadsLeft} thread(s) left alive after its batch"
                },
            )
        }

    /** From the deadline until no item of the batch runs any more (median lateness plus the leftovers' run). */
    fun cleanStopNs(f: DeadlineFigures): Long = f.lateP50Ns + f.ranOnNs

    private fun row(rank: Int, c: CellResult, f: DeadlineFigures) = listOf(
        rank.toString(), c.strategy, nanos(f.lateP50Ns), nanos(f.lateP90Ns), nanos(f.lateMaxNs),
        "${f.missed}/${f.batches}", nanos(cleanStopNs(f)), f.startedAfter.toString(), f.runningAtReturn.toString(),
        nanos(f.ranOnNs), f.completed.toString(), f.cancelled.toString(), f.notStarted.toString(),
        if (f.threadsLeft > 0) "${f.threadsLeft} LEAK" else "0", f.form.substringBefore(':'),
    )

    private fun nanos(ns: Long) = Units.nanos(ns.toDouble())
}
