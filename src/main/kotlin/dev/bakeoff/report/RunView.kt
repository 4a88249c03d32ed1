package dev.bakeoff.report

import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.metrics.RankedCell
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.GroupResult
import dev.bakeoff.result.Results
import kotlin.math.exp

/**
 * The cells of one [key], in run order, and the completed ones [ranked] by the figure the decision's
 * tests compare (the trimmed geometric-mean fork median, [GroupDecision.RANKING]) with a deterministic
 * tie-break (strategy spec), so the console table, the verdicts, the HTML report and `recommend` name
 * the same [winner] as the decision, even on equal figures. [problems] are the
 * cells that could not be ranked (not ok, or ok without measured runs). [decision] says whether the
 * winner is told apart from the others: the run's recorded one ([recorded]) or, for files written
 * before groups were recorded, decided here once, on first use, from the runs and the run's
 * [harnessNsPerItem]. Immutable (the lazy decision is computed at most once, thread-safely).
 */
public class RankedGroup(
    public val key: GroupKey,
    public val cells: List<CellResult>,
    private val harnessNsPerItem: Double? = null,
    private val recorded: GroupResult? = null,
) {
    public val title: String get() = key.title

    /** The ok cells with measured runs, fastest first, as [RankedCell]s: their runs are always there. */
    internal val rankedCells: List<RankedCell> = cells.mapNotNull(RankedCell::of).sortedWith(RankedCell.RANKING)

    /** The ok cells with measured runs, fastest first. */
    public val ranked: List<CellResult> = rankedCells.map { it.cell }

    public val winner: CellResult? get() = ranked.firstOrNull()

    /**
     * The ok cells a race stopped at their floor (`RaceStop.FLOOR`): traced once, never timed, so not
     * ranked, yet no problem either. Lowest floor first.
     */
    public val floored: List<CellResult> =
        cells.filter { it.status == CellStatus.OK && it.timeNs == null && it.floorNs != null }.sortedBy { it.floorNs }

    public val problems: List<CellResult> = cells.filter { c -> ranked.none { it === c } && floored.none { it === c } }

    /** The group's decision (docs/RESULTS.md, "Deciding a group"); null when no cell could be ranked. */
    public val decision: GroupResult? by lazy {
        recorded ?: rankedCells.firstOrNull()?.let {
            GroupDecision.ofRanked(rankedCells, GroupDecision.margin(it.time.median, it.cell.items, harnessNsPerItem))
        }
    }

    /** The winner and the cells not told apart from it, fastest first: the cells that share the star. */
    public val leaders: List<CellResult> get() {
        val tied = decision?.tiedWith.orEmpty().toSet()
        return ranked.filter { it === winner || it.strategy in tied }
    }

    /** Whether [cell] is the winner or tied with it. */
    public fun leads(cell: CellResult): Boolean = leaders.any { it === cell }

    /**
     * How many times slower ranked [cell] is than the winner, by the figure the ranking and the tests compare:
     * the decision's own pair ratio where it recorded one (the figure its reason prints), else the ratio of the
     * two trimmed geometric-mean fork medians. The one ratio of a pair every table, verdict and matrix shows, so
     * a block never gives two figures for one pair. Null for a cell that is not ranked.
     */
    internal fun ratio(cell: CellResult): Double? {
        val ranked = rankedCells.firstOrNull { it.cell === cell } ?: return null
        if (ranked === rankedCells.first()) return 1.0
        return decision?.tests?.firstOrNull { it.strategy == cell.strategy }?.ratio
            ?: exp(ranked.forks.location - rankedCells.first().forks.location)
    }

    /** [cell]'s [ratio] over [baseline]'s: how many times slower than [baseline] it is; null if either is unranked. */
    internal fun ratio(cell: CellResult, baseline: CellResult): Double? =
        ratio(baseline)?.let { b -> ratio(cell)?.div(b) }

    public companion object {
        /** The decision's figure, then strategy spec: equal figures never leave the order to the input's order. */
        public val RANKING: Comparator<CellResult> = GroupDecision.RANKING

        /** Why [cell] is not ranked: the first line of its error, or what is missing. */
        public fun reason(cell: CellResult): String =
            cell.error?.lineSequence()?.firstOrNull()?.takeIf { it.isNotBlank() }
                ?: if (cell.status == CellStatus.OK) "no measured runs recorded" else "no error recorded"
    }
}

/**
 * One view of a run: its cells grouped by [GroupKey] in the order each group's first cell appears,
 * each group ranked and decided once ([RankedGroup]; the decisions recorded in the results where
 * present). Every report of a run reads this view instead of grouping, ranking or deciding on its
 * own. Immutable; [of] is a pure function, safe from any thread.
 */
public class RunView(public val results: Results, public val groups: List<RankedGroup>) {
    public companion object {
        public fun of(results: Results): RunView {
            val recorded = results.groups.orEmpty().associateBy(GroupKey::of)
            fun harness(key: GroupKey) = (key.machine?.let { results.machines?.get(it) } ?: results.machine)
                .harnessNsPerItem
            return RunView(
                results,
                results.cells.groupBy(GroupKey::of).map { (key, cells) ->
                    RankedGroup(key, cells, harness(key), recorded[key])
                },
            )
        }
    }
}
