package dev.bakeoff.metrics

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.GroupResult
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.PairOutcome
import dev.bakeoff.result.PairTest

/**
 * Decides a group of cells from their measured runs (docs/RESULTS.md, "Deciding a group"): the
 * winner is the lowest median (then strategy spec); every other ranked cell is compared with it by
 * [MedianRatio] and is [PairOutcome.SLOWER] (Mann–Whitney U at [MedianRatio.ALPHA] and the whole
 * 95% interval above 1 + margin), [PairOutcome.SEPARATED] (its fastest run over [SEPARATION] times
 * the winner's slowest), [PairOutcome.EQUIVALENT] (the whole 90% interval within 1 ± margin: two
 * one-sided tests at 0.05, TOST) or
 * [PairOutcome.UNRESOLVED]. The group is [GroupStatus.DECIDED] when every other cell is behind,
 * a [GroupStatus.TIE] when the rest are equivalent, else [GroupStatus.UNDECIDED].
 *
 * The reports decide a finished run with it, and a race calls it between forks. Pure: the same
 * runs give the same decision on every machine (each pair's bootstrap is seeded from its names);
 * safe from any thread.
 */
internal object GroupDecision {
    /** Differences below this share of the winner's median are a tie, whatever the test says. */
    const val MIN_MARGIN = 0.02

    /** A cell whose fastest run is over this many times the winner's slowest is behind it, however few its runs. */
    const val SEPARATION = MedianRatio.SEPARATION

    /** The ranking every report and the race share: median, then strategy spec (never the input's order). */
    val RANKING: Comparator<CellResult> = compareBy<CellResult> { it.timeNs?.median }.thenBy { it.strategy }

    /** Whether [cell] takes part in its group's ranking: ok, with measured runs. */
    fun rankable(cell: CellResult): Boolean = cell.status == CellStatus.OK && !cell.timeNs?.runs.isNullOrEmpty()

    /**
     * The margin of a group whose winner's median is [winnerMedianNs]: [MIN_MARGIN], or the harness's
     * own cost per batch ([harnessNsPerItem] × [items]) relative to that median if larger.
     */
    fun margin(winnerMedianNs: Double, items: Int, harnessNsPerItem: Double?): Double =
        maxOf(MIN_MARGIN, (harnessNsPerItem ?: 0.0) * items / winnerMedianNs)

    /** Decides every group of [cells] (same workload, items, wait form) that has a rankable cell, in run order. */
    fun all(
        cells: List<CellResult>,
        harnessNsPerItem: Double?,
        decide: (List<CellResult>, Double) -> GroupResult = ::of,
    ): List<GroupResult> = cells.filter(::rankable).groupBy(GroupKey::of).values.map { group ->
        val leader = group.minWith(RANKING)
        decide(group, margin(leader.timeNs!!.median, leader.items, harnessNsPerItem))
    }

    /** Decides one group from its rankable [cells] (any order; ranked here by [RANKING]) with [margin]. */
    fun of(cells: List<CellResult>, margin: Double): GroupResult {
        require(cells.isNotEmpty() && cells.all(::rankable)) { "a decision needs ok cells with measured runs" }
        val ranked = cells.sortedWith(RANKING)
        val winner = ranked.first()
        val tests = ranked.drop(1).map { test(winner, it, margin) }
        val status = when {
            tests.all { it.outcome.behind } -> GroupStatus.DECIDED
            tests.none { it.outcome == PairOutcome.UNRESOLVED } -> GroupStatus.TIE
            else -> GroupStatus.UNDECIDED
        }
        return GroupResult(
            workload = winner.workload,
            items = winner.items,
            wait = winner.wait,
            winner = winner.strategy,
            status = status,
            tiedWith = tests.filterNot { it.outcome.behind }.map { it.strategy },
            margin = margin,
            winnerRuns = winner.timeNs!!.runs.size,
            reason = DecisionReasons.of(status, tests, margin, winner.timeNs.runs.size),
            tests = tests,
            jdk = winner.jdk,
            machine = winner.machine,
        )
    }

    private fun test(winner: CellResult, other: CellResult, margin: Double): PairTest {
        val w = winner.timeNs!!
        val o = other.timeNs!!
        val ratio = o.median / w.median
        // A gap this wide needs no test; skipping the bootstrap keeps wide groups cheap to decide.
        if (MedianRatio.separation(w.runs, o.runs) == MedianRatio.Verdict.SLOWER) {
            return PairTest(other.strategy, ratio, runs = o.runs.size, outcome = PairOutcome.SEPARATED)
        }
        val seed = "${winner.workload}|${winner.items}|${winner.wait}|${winner.strategy}|${other.strategy}".hashCode()
        val r = MedianRatio.of(w.runs, o.runs, seed.toLong())
        val outcome = when {
            r.verdict() == MedianRatio.Verdict.SLOWER && r.ciLow > 1 + margin -> PairOutcome.SLOWER
            r.eqLow >= 1 - margin && r.eqHigh <= 1 + margin -> PairOutcome.EQUIVALENT
            else -> PairOutcome.UNRESOLVED
        }
        return PairTest(
            other.strategy, r.ratio, r.ciLow, r.ciHigh, r.pValue, o.runs.size, outcome, r.eqLow, r.eqHigh,
        )
    }

    /**
     * The smallest two-sided p-value the exact Mann–Whitney U test can give with [n] and [m] runs
     * (no ties): 2 / C(n + m, n). With 3 and 3 it is 0.1, so no difference can be significant at 0.05.
     */
    fun smallestP(n: Int, m: Int): Double {
        var arrangements = 1.0
        for (i in 1..minOf(n, m)) arrangements = arrangements * (n + m - minOf(n, m) + i) / i
        return minOf(1.0, 2 / arrangements)
    }
}

/**
 * [GroupDecision.all] for a run that records its results after every cell: a group whose cells'
 * runs and margin did not change since the last call keeps its decision, so each snapshot decides
 * only the group that changed. Not thread-safe: one per run, used by the thread that records results.
 */
internal class GroupDecisionCache {
    /** Everything a decision depends on. */
    private data class Input(val cells: List<Pair<String, List<Double>>>, val key: GroupKey, val margin: Double)

    private var decided = mapOf<Input, GroupResult>()

    fun all(cells: List<CellResult>, harnessNsPerItem: Double?): List<GroupResult> {
        // Only the current groups' decisions are kept, so a long run holds one per group.
        val kept = HashMap<Input, GroupResult>()
        val current = GroupDecision.all(cells, harnessNsPerItem) { group, margin ->
            val input = Input(group.map { it.strategy to it.timeNs!!.runs }, GroupKey.of(group.first()), margin)
            (decided[input] ?: GroupDecision.of(group, margin)).also { kept[input] = it }
        }
        decided = kept
        return current
    }
}
