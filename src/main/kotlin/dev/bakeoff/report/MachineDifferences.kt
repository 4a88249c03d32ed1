package dev.bakeoff.report

import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.label

/**
 * Where a run's answer depends on the machine, the JDK or a library's version (`--lib`): in a merged file every
 * machine by fingerprint (the JDK is part of it), then, for each kind of work measured on more than one
 * machine, JDK or library version, the winner on each and whether they agree. Empty when every group ran on
 * one machine, one JDK and one version of each library. The console of `run` and `merge` and report.html show
 * the same lines.
 * Stateless; thread-safe.
 */
public object MachineDifferences {
    /** The marker of a kind of work whose winner is not the same everywhere. */
    public const val DIFFERS: String = "DIFFERS"

    public fun of(view: RunView): List<String> {
        val machines = view.results.machines.orEmpty()
        val lines = mutableListOf<String>()
        if (machines.size > 1) {
            lines += "Machines:"
            machines.forEach { (id, m) -> lines += "  $id: ${m.label}" }
        }
        val byWork = view.groups.groupBy { it.key.copy(jdk = null, machine = null, lib = null) }
            .filterValues { g -> g.map { place(it.key) }.distinct().size > 1 }
        if (byWork.isEmpty()) {
            return if (lines.isEmpty()) lines else lines + "No kind of work was measured on more than one machine."
        }
        val places = if (view.groups.any {
                it.key.lib != null
            }
        ) {
            "machine, JDK and library version"
        } else {
            "machine and JDK"
        }
        lines += "Winner per $places:"
        byWork.forEach { (work, groups) ->
            val winners = groups.map { place(it.key) to (it.winner?.strategy ?: "no winner") }
            // A strategy that could not run somewhere (a JDK without its API: not run) is no difference
            // between the places: their winners are compared among the strategies that ran everywhere.
            val notRun = groups.flatMap { g ->
                g.cells.filter { it.status == CellStatus.SKIPPED }.map { "${it.strategy} not run ${place(g.key)}" }
            }.distinct()
            val absent = groups.flatMap { g -> g.cells.filter { it.status == CellStatus.SKIPPED } }
                .map { it.strategy }
                .toSet()
            val compared = groups.map { g -> g.ranked.firstOrNull { it.strategy !in absent }?.strategy ?: "no winner" }
            // Leaders of groups their forks did not decide are no answer yet, so neither is a difference between them.
            val open = groups.filter { it.decision?.status == GroupStatus.UNDECIDED }.map { place(it.key) }
            val verdict = when {
                compared.distinct().size > 1 && open.isNotEmpty() ->
                    "leaders differ, but the group is undecided ${open.joinToString(" and ")}: no answer differs yet"

                compared.distinct().size > 1 -> DIFFERS

                absent.isEmpty() -> "same answer"

                else -> "same answer among the strategies run on each"
            }
            val note = if (notRun.isEmpty()) "" else " (${notRun.joinToString()})"
            lines += "  ${work.title}: " + winners.joinToString(", ") { (m, w) -> "$w $m" } + "$note — $verdict"
        }
        return lines
    }

    private fun place(key: GroupKey) =
        listOfNotNull(key.jdk?.let { "on JDK $it" }, key.libs.trim().ifEmpty { null }, key.machine?.let { "on $it" })
            .joinToString(" ")
}
