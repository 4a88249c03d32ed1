package dev.bakeoff.cli

import dev.bakeoff.engine.plan.RaceOptions
import dev.bakeoff.report.RunSummary
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.RaceStop
import dev.bakeoff.result.Results
import kotlin.math.ceil

/**
 * What a raced run that left groups undecided says before its answer, when a longer budget would buy
 * their cells more forks ([RaceOptions.maxForks]): which groups ran out of forks or budget, and the
 * `--budget` that gives a cell the most. Pure.
 */
internal object BudgetHint {
    /** The stops more forks could have moved on: the last fork, a pair too close for the most, the budget. */
    private val MORE_WOULD_HELP = setOf(RaceStop.MAX_FORKS, RaceStop.TOO_CLOSE, RaceStop.BUDGET)

    /** The line for [results] raced with [race], or null: no race, every group settled, or the most forks already. */
    fun of(results: Results, race: RaceOptions?): String? {
        if (race == null || race.maxForks >= RaceOptions.MOST_FORKS) return null
        val short = results.cells.filter { it.race?.stop in MORE_WOULD_HELP }.map(GroupKey::of).toSet()
        val open = results.groups.orEmpty().filter { it.status == GroupStatus.UNDECIDED }
            .map(GroupKey::of).filter { it in short }
        if (open.isEmpty()) return null
        val names = RunSummary.names(open).values
        val minutes = ceil(RaceOptions.budgetFor(RaceOptions.MOST_FORKS) / 60e9).toInt()
        return "undecided within the budget: ${names.joinToString(", ")}; a longer --budget buys forks as well as " +
            "time: --budget ${minutes}m gives a cell up to ${RaceOptions.MOST_FORKS} forks instead of ${race.maxForks}"
    }
}
