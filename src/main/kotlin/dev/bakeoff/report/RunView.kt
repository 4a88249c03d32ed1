package dev.bakeoff.report

import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.Results

/**
 * What makes cells comparable, so that they are ranked against each other: the same [subject]
 * (the workload or scenario spec), the same [items] per batch and the same [wait] form. A typed
 * key, so groupings are matched by value and never by their display strings; a later field (the
 * JDK, the machine) goes here and into [title]. Immutable.
 */
public data class GroupKey(val subject: String, val items: Int, val wait: WaitForm) {
    /** How every report heads the group: `lists, 100 items (blocking)`. */
    val title: String get() = "$subject, $items items (${wait.id})"

    public companion object {
        public fun of(cell: CellResult): GroupKey = GroupKey(cell.workload, cell.items, cell.wait)
    }
}

/**
 * The cells of one [key], in run order, and the completed ones [ranked] by median batch time with
 * a deterministic tie-break (median, then strategy spec), so the console table, the verdicts, the
 * HTML report and `recommend` name the same [winner] even on equal medians. [problems] are the
 * cells that could not be ranked (not ok, or ok without time figures). Immutable.
 */
public class RankedGroup(
    public val key: GroupKey,
    public val cells: List<CellResult>,
    /** The run's [dev.bakeoff.result.Machine.harnessNsPerItem]: differences below its cost are no win. */
    public val harnessNsPerItem: Double? = null,
) {
    public val title: String get() = key.title

    /** The ok cells with time figures, fastest first. */
    public val ranked: List<CellResult> = cells.filter {
        it.status == CellStatus.OK && it.timeNs != null
    }.sortedWith(RANKING)

    public val winner: CellResult? get() = ranked.firstOrNull()

    public val problems: List<CellResult> = cells.filter { c -> ranked.none { it === c } }

    /**
     * True when [cell] is slower than the [winner] by less than what the harness itself costs for
     * a batch of the group's items: a difference that small is never called a win.
     */
    public fun withinHarness(cell: CellResult): Boolean {
        val best = winner?.timeNs?.median ?: return false
        val cost = (harnessNsPerItem ?: return false) * key.items
        return cell.timeNs!!.median - best < cost
    }

    public companion object {
        /** Median, then strategy spec: equal medians never leave the order to the input's order. */
        public val RANKING: Comparator<CellResult> = compareBy<CellResult> { it.timeNs?.median }.thenBy { it.strategy }

        /** Why [cell] is not ranked: the first line of its error, or what is missing. */
        public fun reason(cell: CellResult): String =
            cell.error?.lineSequence()?.firstOrNull()?.takeIf { it.isNotBlank() }
                ?: if (cell.status == CellStatus.OK) "no time figures recorded" else "no error recorded"
    }
}

/**
 * One view of a run: its cells grouped by [GroupKey] in the order each group's first cell appears,
 * each group ranked once ([RankedGroup]). Every report of a run reads this view instead of
 * grouping and ranking on its own. Immutable; [of] is a pure function, safe from any thread.
 */
public class RunView(public val results: Results, public val groups: List<RankedGroup>) {
    public companion object {
        public fun of(results: Results): RunView = RunView(
            results,
            results.cells.groupBy(GroupKey::of).map { (key, cells) ->
                RankedGroup(key, cells, results.machine.harnessNsPerItem)
            },
        )
    }
}
