package dev.bakeoff.report

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.Results
import dev.bakeoff.result.StopFigures
import dev.bakeoff.wording.Units

/**
 * The tables [FailureReport] and [DeadlineReport] share: one per group ([GroupKey]) of the cells that have
 * [figures], a row per cell, cleanest stop first (from the outcome until no item of the batch runs any more),
 * strategy spec breaking ties. A row is the table's own [lead] columns, then what became of the items
 * ([StopFigures]), then its own [trail]. A strategy that left threads behind is ranked as usual and named under
 * the table as a leak, "left alive after its [batchName]". [cleanStop] says what a clean stop is timed from and
 * to, for report.html's matrix. Pure functions, safe from any thread.
 */
internal abstract class StopReport<F : StopFigures>(
    private val figures: (CellResult) -> F?,
    leadColumns: List<String>,
    trailColumns: List<String> = emptyList(),
    private val batchName: String,
    val cleanStop: String,
) {
    val columns = listOf("#", "strategy") + leadColumns + ITEM_COLUMNS + trailColumns

    /** From the outcome until no item of the batch runs any more. */
    abstract fun cleanStopNs(f: F): Long

    /** A table's title, from its group's [key] and its [ranked] cells. */
    protected abstract fun title(key: GroupKey, ranked: List<CellResult>): String

    /** What a table's columns mean, under it. */
    protected abstract val legend: String

    /** The columns of a row before the items' (ending with its clean stop). */
    protected abstract fun lead(f: F): List<String>

    /** The columns of a row after the items' (none unless a table says so). */
    protected open fun trail(f: F): List<String> = emptyList()

    /** [cell]'s clean stop and the threads it left, for a cell this report ranks. */
    fun stop(cell: CellResult): Pair<Long, Int> = figures(cell)!!.let { cleanStopNs(it) to it.threadsLeft }

    /**
     * [results]' cells with figures by group (in order of each group's first cell), each group's cells cleanest
     * stop first: what the console tables and report.html's matrix rank. By the whole [GroupKey], so two JDKs'
     * or two sweep points' cells of one workload are never ranked in one table, nor a strategy twice in one.
     */
    fun ranked(results: Results): Map<GroupKey, List<CellResult>> = results.cells
        .filter { figures(it) != null }
        .groupBy(GroupKey::of)
        .mapValues { (_, cells) -> cells.sortedWith(compareBy({ stop(it).first }, { it.strategy })) }

    /** The tables of [results]' cells with figures, in order of each group's first cell; empty without any. */
    fun of(results: Results): List<RankedTable> = ranked(results)
        .map { (key, ranked) ->
            RankedTable(
                title(key, ranked),
                columns,
                ranked.mapIndexed { i, c -> row(i + 1, c, figures(c)!!) },
                legend,
                ranked.filter { stop(it).second > 0 }.map {
                    "${it.strategy}: LEAK: ${stop(it).second} thread(s) left alive after its $batchName"
                },
            )
        }

    private fun row(rank: Int, c: CellResult, f: F) = listOf(rank.toString(), c.strategy) + lead(f) + listOf(
        f.startedAfter.toString(),
        f.runningAtReturn.toString(),
        nanos(f.ranOnNs),
        f.completed.toString(),
        f.cancelled.toString(),
        f.notStarted.toString(),
        if (f.threadsLeft > 0) "${f.threadsLeft} LEAK" else "0",
    ) + trail(f)

    protected fun nanos(ns: Long) = Units.nanos(ns.toDouble())

    private companion object {
        val ITEM_COLUMNS = listOf(
            "started after",
            "running at return",
            "ran on",
            "completed",
            "cancelled",
            "not started",
            "threads left",
        )
    }
}
