package dev.bakeoff.report

import dev.bakeoff.result.label

/**
 * Where a merged run's answer depends on the machine: every machine by fingerprint, then, for
 * each kind of work measured on more than one machine, the winner on each and whether they
 * agree. Empty for one machine's run. Stateless; thread-safe.
 */
public object MachineDifferences {
    public fun of(view: RunView): List<String> {
        val machines = view.results.machines.orEmpty()
        if (machines.size < 2) return emptyList()
        val lines = mutableListOf("Machines:")
        machines.forEach { (id, m) -> lines += "  $id: ${m.label}" }
        val byWork = view.groups.groupBy { it.key.work }.filterValues { g -> g.map { it.key.machine }.distinct().size > 1 }
        if (byWork.isEmpty()) return lines + "No kind of work was measured on more than one machine."
        lines += "Winner per machine:"
        byWork.forEach { (work, groups) ->
            val winners = groups.map { it.key.machine to (it.winner?.strategy ?: "no winner") }
            val verdict = if (winners.map { it.second }.distinct().size == 1) "same answer" else "DIFFERS"
            lines += "  ${work.title}: " + winners.joinToString(", ") { (m, w) -> "$w on $m" } + " — $verdict"
        }
        return lines
    }
}
