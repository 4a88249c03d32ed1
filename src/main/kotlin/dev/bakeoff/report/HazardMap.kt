package dev.bakeoff.report

import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.Results

/**
 * Where approaches stall, as a matrix: one row per group ([GroupKey]: a workload with its items, wait form, the
 * cores its cells ran on, a `cpus=` sweep's, else the machine's, and JDK and machine where set) of a workload
 * that has a starved or deadlocked cell, one column per
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
            // A row per group (GroupKey: items, wait form, cores, JDK, machine), so no cell hides another's status.
            val rows = cells.groupBy(GroupKey::of).map { (key, row) ->
                listOf(title(key, results.machine.cores)) +
                    strategies.map { s -> row.lastOrNull { it.strategy == s }?.let(::label) ?: "–" }
            }
            return HazardMap(listOf("workload") + strategies, rows)
        }

        /** `hazard-self-wait x 16, 1 cpu`, then ` (suspending)`, ` on JDK 25` and ` on machine 1a2b3c4d` where so. */
        private fun title(k: GroupKey, cores: Int): String =
            "${k.subject} x ${k.items}, ${GroupKey.cores(k.cpus ?: cores)}" +
                (if (k.wait == WaitForm.BLOCKING) "" else " (${k.wait.id})") +
                k.jdk?.let { " on JDK $it" }.orEmpty() + k.machine?.let { " on machine $it" }.orEmpty()

        private fun label(c: CellResult): String = if (c.status == CellStatus.OK) "completed" else c.status.id
    }
}
