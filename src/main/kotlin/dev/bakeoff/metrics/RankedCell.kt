package dev.bakeoff.metrics

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.TimeStats

/**
 * A cell that takes part in its group's ranking: ok, with measured runs, so its [time] is always
 * there. [of] is the one test of that; the decision, the race, `compare` and `check` read a ranked
 * cell's figures from it instead of asserting at every use that its `timeNs` is set. Immutable.
 */
internal class RankedCell private constructor(val cell: CellResult, val time: TimeStats) {
    val strategy: String get() = cell.strategy

    /** Its forks, as every test counts them. */
    val forks: ForkSample by lazy { ForkSample.of(time) }

    companion object {
        /** [cell] as a ranked cell, or null when it is not ok or has no measured runs. */
        fun of(cell: CellResult): RankedCell? = cell.timeNs
            ?.takeIf { cell.status == CellStatus.OK && it.runs.isNotEmpty() }
            ?.let { RankedCell(cell, it) }

        /**
         * The one ranking ([GroupDecision.RANKING]): the figure the tests compare ([ForkSample.location]),
         * then strategy spec, so the table's first row is the decision's winner.
         */
        val RANKING: Comparator<RankedCell> = compareBy<RankedCell> { it.forks.location }.thenBy { it.strategy }
    }
}
