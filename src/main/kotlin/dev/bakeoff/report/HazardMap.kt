package dev.bakeoff.report

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.Results

/**
 * Where approaches stall, as a matrix: one row per workload (with its items and the cores its cells
 * ran on: a `cpus=` sweep's, else the machine's) that has a starved or deadlocked cell, one column per
 * strategy, each entry `completed`, `starved`, `deadlocked` or the cell's other status. Built from the
 * cells' statuses only; null for a run where nothing stalled. Immutable; [of] is a pure function.
 */
internal data class HazardMap(val header: List<String>, val rows: List<List<String>>) {
    companion object {
        const val TITLE = "Where it stalls: completed, starved or deadlocked (thread dumps in cells/)"

        fun of(results: Results): HazardMap? {
            val stalling = results.cells.filter { it.status.stalled }.map { it.workload }.toSet()
            if (stalling.isEmpty()) return null
            val cells = results.cells.filter { it.workload in stalling }
            val strategies = cells.map { it.strategy }.distinct()
            val rows = cells.groupBy { row(it, results.machine.cores) }.map { (title, row) ->
                listOf(title) + strategies.map { s -> row.lastOrNull { it.strategy == s }?.let(::label) ?: "–" }
            }
            return HazardMap(listOf("workload") + strategies, rows)
        }

        private fun row(c: CellResult, cores: Int): String =
            "${c.workload} x ${c.items}, ${GroupKey.cores(c.sweep?.cpus ?: cores)}"

        private fun label(c: CellResult): String = if (c.status == CellStatus.OK) "completed" else c.status.id
    }
}
