package dev.bakeoff.metrics

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.GroupResult
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.PairOutcome
import dev.bakeoff.result.PairTest
import dev.bakeoff.result.TimeStats
import org.apache.commons.statistics.distribution.NormalDistribution

/**
 * Decides a group of cells from their measured runs (docs/RESULTS.md, "Deciding a group"), counting
 * forks, not runs ([ForkSample]: each fork's steady runs, summarised by their median). The winner is
 * the lowest trimmed geometric-mean fork median ([ForkSample.location], then strategy spec: [RANKING],
 * the order every table shows); every other ranked cell is compared with it by [ForkRatio], first
 * match wins: [PairOutcome.EQUIVALENT] (the whole interval at [PairTest.eqConfidence] within 1 ±
 * margin: two one-sided tests, TOST), [PairOutcome.SLOWER] (behind: the whole interval at
 * [PairTest.confidence] above 1, however small the gap; the margin only says whether it matters, in
 * the reason), [PairOutcome.SEPARATED] (its fastest fork over [SEPARATION] times the winner's
 * slowest, or [ForkVerdict.ONE_FORK_SEPARATION] times with one fork on a side) or
 * [PairOutcome.UNRESOLVED] (not told apart); a side with fewer than [ForkRatio.MIN_FORKS] forks is
 * otherwise never anything but unresolved. The test decides the order, so a true gap near the margin
 * (×1.05) is no longer neither at any number of forks. The group is [GroupStatus.DECIDED] when every
 * other cell is behind (slower or separated), a [GroupStatus.TIE] when none is left not told apart
 * (some equivalent, the rest behind), else [GroupStatus.UNDECIDED].
 *
 * Error rate: at most [ALPHA] per group of calling a cell behind when none is (docs/RESULTS.md),
 * over all [looks] a race takes at it. Each look tests at the same nominal level ([lookAlpha], a fixed
 * schedule: Pocock's, which holds the looks together at ALPHA because a look's data contain the last
 * look's, where dividing ALPHA by the looks would hold them far below it). Within a look the winner is the
 * data's choice, so a cell behind it could be any pair of the t testable cells (two forks or more,
 * not separated) the wrong way round: the t (t − 1) / 2 pairs are one family, tested by Holm's
 * step-down (Holm 1979: the pair with the smallest p at the look's level / m, the next at / (m − 1),
 * ..., stopping at the first that fails), which holds the family's error rate at the look's level like
 * Bonferroni over every pair, whatever the pairs' dependence, and spends what the clearly different
 * pairs leave on the close ones. A pair's [PairTest.confidence] is the level Holm tested it at (or,
 * past the step where Holm stopped, that step's). Equivalence needs every pair to hold (an
 * intersection-union test), so only the looks set its level ([lookAlphaOneSided], each side).
 *
 * The reports decide a finished run with it, and a race calls it after every round. Pure: the same
 * runs give the same decision on every machine; safe from any thread.
 */
internal object GroupDecision {
    /** Differences below this share of the winner's median are a tie unless the user sets another (`--margin`). */
    const val DEFAULT_MARGIN = 0.05

    /** The chance, per group, of calling a cell behind when it is not: over every look and comparison. */
    const val ALPHA = 0.05

    /**
     * The two-sided level each of [looks] looks tests at so that all of them together call a true null
     * at most [ALPHA]: Pocock's constant boundary (Pocock 1977; Jennison and Turnbull 2000, table 2.1,
     * [POCOCK_TWO_SIDED] standard errors for 1 to 10 equally spaced looks). A race looks after forks
     * 2, 3, ... a side up to its most (6 at the default budget, 11 at most), closer together than equal
     * steps from the first, so its looks call a null less often still (the simulation in
     * `DecisionSimulationTest` measures it). Beyond 10 looks, ALPHA / looks (the union bound).
     */
    fun lookAlpha(looks: Int): Double =
        nominal(POCOCK_TWO_SIDED, looks) { 2 * (1 - normal.cumulativeProbability(it)) }

    /**
     * The one-sided level each side of an equivalence test takes at each of [looks] looks: Pocock's
     * boundary for a one-sided [ALPHA] ([POCOCK_ONE_SIDED] standard errors for 1 to 10 looks, the same
     * table at 2 ALPHA two-sided).
     */
    fun lookAlphaOneSided(looks: Int): Double =
        nominal(POCOCK_ONE_SIDED, looks) { 1 - normal.cumulativeProbability(it) }

    /** [ALPHA] for one look, the [tail] beyond [constants]' entry for [looks], or the union bound beyond them. */
    private fun nominal(constants: DoubleArray, looks: Int, tail: (Double) -> Double): Double {
        require(looks >= 1) { "a decision is at least one look" }
        return when {
            looks == 1 -> ALPHA
            looks <= constants.size -> tail(constants[looks - 1])
            else -> ALPHA / looks
        }
    }

    private val normal = NormalDistribution.of(0.0, 1.0)
    private val POCOCK_TWO_SIDED = doubleArrayOf(1.960, 2.178, 2.289, 2.361, 2.413, 2.453, 2.485, 2.512, 2.535, 2.555)
    private val POCOCK_ONE_SIDED = doubleArrayOf(1.645, 1.875, 1.992, 2.067, 2.122, 2.164, 2.197, 2.225, 2.249, 2.270)

    /** A cell whose fastest fork is over this many times the winner's slowest is behind it, with two forks a side. */
    const val SEPARATION = MedianRatio.SEPARATION

    /**
     * The ranking every report and the race share, by the figure the tests compare: the trimmed geometric-mean
     * fork median, then strategy spec (never the input's order); cells that cannot be ranked first.
     */
    val RANKING: Comparator<CellResult> = compareBy(nullsFirst(RankedCell.RANKING)) { RankedCell.of(it) }

    /** Whether [cell] takes part in its group's ranking: ok, with measured runs ([RankedCell]). */
    fun rankable(cell: CellResult): Boolean = RankedCell.of(cell) != null

    /**
     * The margin of a group whose winner's median is [winnerMedianNs]: the user's [margin], or the
     * harness's own cost per batch ([harnessNsPerItem] × [items]) relative to that median if larger.
     */
    fun margin(winnerMedianNs: Double, items: Int, harnessNsPerItem: Double?, margin: Double = DEFAULT_MARGIN): Double =
        maxOf(margin, (harnessNsPerItem ?: 0.0) * items / winnerMedianNs)

    /**
     * Decides every group of [cells] (same workload, items, wait form) that has a rankable cell, in run
     * order, with the user's [margin] and the [looks] the run took at its groups.
     */
    fun all(
        cells: List<CellResult>,
        harnessNsPerItem: Double?,
        margin: Double = DEFAULT_MARGIN,
        looks: Int = 1,
        decide: (List<RankedCell>, Double) -> GroupResult = { group, m -> ofRanked(group, m, looks) },
    ): List<GroupResult> = cells.mapNotNull(RankedCell::of).groupBy { GroupKey.of(it.cell) }.values.map { group ->
        val leader = group.minWith(RankedCell.RANKING)
        decide(group, margin(leader.time.median, leader.cell.items, harnessNsPerItem, margin))
    }

    /**
     * Decides one group from its rankable [cells] (any order; ranked here by [RANKING]) with [margin],
     * at the last of [looks] equally weighted looks.
     */
    fun of(cells: List<CellResult>, margin: Double, looks: Int = 1): GroupResult = ofRanked(
        cells.map { requireNotNull(RankedCell.of(it)) { "a decision needs ok cells with measured runs" } },
        margin,
        looks,
    )

    /** [of] for cells known to be ranked. */
    fun ofRanked(cells: List<RankedCell>, margin: Double, looks: Int = 1): GroupResult {
        require(cells.isNotEmpty()) { "a decision needs ok cells with measured runs" }
        require(looks >= 1) { "a decision is at least one look" }
        val ranked = cells.sortedWith(RankedCell.RANKING)
        val winner = ranked.first()
        val w = winner.forks
        // Against the fastest cell, only a cell behind is separated; with one fork a side, ten times apart.
        val pairs = ranked.drop(1).map { ForkComparison(winner, it, oneFork = true, slowerOnly = true) }
        val testable = pairs.filter { it.tested }
        val slower = testable.zip(holm(listOf(w) + testable.map { it.candidate.forks }, lookAlpha(looks))).toMap()
        val tests = pairs.map { test(it, margin, slower[it], 1 - 2 * lookAlphaOneSided(looks)) }
        val status = when {
            tests.all { it.outcome.behind } -> GroupStatus.DECIDED
            tests.none { it.outcome == PairOutcome.UNRESOLVED } -> GroupStatus.TIE
            else -> GroupStatus.UNDECIDED
        }
        val key = GroupKey.of(winner.cell)
        return GroupResult(
            workload = key.subject,
            items = key.items,
            wait = key.wait,
            winner = winner.strategy,
            status = status,
            tiedWith = tests.filterNot { it.outcome.behind }.map { it.strategy },
            margin = margin,
            winnerRuns = winner.time.runs.size,
            reason = DecisionReasons.of(status, tests, margin, w.size),
            tests = tests,
            jdk = key.jdk,
            machine = key.machine,
            winnerForks = w.size,
            cpus = key.cpus,
            lib = key.lib,
        )
    }

    /**
     * Holm's step-down over every pair of [samples] (the winner's first) at family level [alpha]:
     * for each other sample, the two-sided confidence its pair with the winner is tested at. Pairs
     * are taken by ascending p ([ForkRatio]); the k-th (from 0) of m is tested at alpha / (m − k) until one
     * is not significant; from there on every pair is tested at that step's level and fails it.
     */
    fun holm(samples: List<ForkSample>, alpha: Double): List<Double> {
        val pairs = samples.indices.flatMap { i -> (i + 1 until samples.size).map { j -> i to j } }
        val p = pairs.associateWith { (i, j) -> checkNotNull(ForkRatio.of(samples[i], samples[j])).pValue }
        val order = pairs.sortedBy { p.getValue(it) }
        val m = order.size
        val stop = order.indices.firstOrNull { k -> p.getValue(order[k]) > alpha / (m - k) } ?: m
        return (1 until samples.size).map { j ->
            val k = order.indexOf(0 to j)
            1 - alpha / (m - minOf(k, stop))
        }
    }

    /**
     * [pair] (a cell against the winner) as the decision records it: separated, untested (a side with one
     * fork: the ratio of the medians) or tested at the two-sided confidence [slower] ([holm]'s level) and
     * the equivalence test's [equivalent].
     */
    private fun test(pair: ForkComparison, margin: Double, slower: Double?, equivalent: Double): PairTest {
        val cell = pair.candidate
        val runs = cell.time.runs.size
        val forks = cell.forks.size
        if (pair.separation != null) {
            return PairTest(cell.strategy, pair.ratio, runs = runs, outcome = PairOutcome.SEPARATED, forks = forks)
        }
        val fr = pair.test ?: return PairTest(
            cell.strategy,
            pair.medianRatio,
            runs = runs,
            outcome = PairOutcome.UNRESOLVED,
            forks = forks,
        )
        val level = checkNotNull(slower) { "${cell.strategy} is testable, so Holm gave it a level" }
        val (low, high) = fr.interval(level)
        val (eqLow, eqHigh) = fr.interval(equivalent)
        // Equivalence first: a gap shown within the margin is a tie, however sure. A cell the forks put
        // ahead of the winner is unresolved here.
        val outcome = when {
            ForkVerdict.within(fr, margin, equivalent) -> PairOutcome.EQUIVALENT
            low > 1 -> PairOutcome.SLOWER
            else -> PairOutcome.UNRESOLVED
        }
        return PairTest(
            cell.strategy, fr.ratio, low, high, fr.pValue, runs, outcome, eqLow, eqHigh,
            forks = forks, confidence = level, eqConfidence = equivalent,
        )
    }
}

/**
 * [GroupDecision.all] for a run that records its results after every cell: a group whose cells'
 * runs and margin did not change since the last call keeps its decision, so each snapshot decides
 * only the group that changed. Not thread-safe: one per run, used by the thread that records results.
 */
internal class GroupDecisionCache {
    /** Everything a decision depends on. */
    private data class Input(val cells: List<Pair<String, TimeStats>>, val key: GroupKey, val margin: Double)

    private var decided = mapOf<Input, GroupResult>()

    /** [GroupDecision.all] with the same arguments. */
    fun all(cells: List<CellResult>, harnessNsPerItem: Double?, margin: Double, looks: Int): List<GroupResult> {
        // Only the current groups' decisions are kept, so a long run holds one per group.
        val kept = HashMap<Input, GroupResult>()
        val current = GroupDecision.all(cells, harnessNsPerItem, margin, looks) { group, m ->
            val input = Input(group.map { it.strategy to it.time }, GroupKey.of(group.first().cell), m)
            (decided[input] ?: GroupDecision.ofRanked(group, m, looks)).also { kept[input] = it }
        }
        decided = kept
        return current
    }
}
