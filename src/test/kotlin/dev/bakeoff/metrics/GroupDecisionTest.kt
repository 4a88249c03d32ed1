package dev.bakeoff.metrics

import dev.bakeoff.model.Family
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.PairOutcome
import org.apache.commons.statistics.distribution.NormalDistribution
import org.junit.jupiter.api.Test
import java.util.SplittableRandom
import kotlin.math.abs
import kotlin.math.sqrt
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertSame
import kotlin.test.assertTrue

/** The decision rule of docs/RESULTS.md ("Deciding a group") on constructed runs. */
class GroupDecisionTest {
    @Test
    fun `each look's level holds all the looks together at the stated error rate`() {
        // K looks at a growing sample under the null: the k-th look's z is the sum of k unit normals over sqrt(k).
        val random = SplittableRandom(SEED)
        val normal = NormalDistribution.of(0.0, 1.0)
        for (looks in 1..6) {
            val two = normal.inverseSurvivalProbability(GroupDecision.lookAlpha(looks) / 2)
            val one = normal.inverseSurvivalProbability(GroupDecision.lookAlphaOneSided(looks))
            var crossedTwo = 0
            var crossedOne = 0
            repeat(DRAWS) {
                var sum = 0.0
                var crossesTwo = false
                var crossesOne = false
                for (k in 1..looks) {
                    sum += random.nextGaussian()
                    val z = sum / sqrt(k.toDouble())
                    crossesTwo = crossesTwo || abs(z) > two
                    crossesOne = crossesOne || z > one
                }
                if (crossesTwo) crossedTwo++
                if (crossesOne) crossedOne++
            }
            for ((what, crossed) in listOf("two-sided" to crossedTwo, "one-sided" to crossedOne)) {
                val rate = crossed.toDouble() / DRAWS
                assertTrue(abs(rate - GroupDecision.ALPHA) < TOLERANCE, "$looks looks, $what: $rate")
            }
        }
        assertEquals(GroupDecision.ALPHA / 20, GroupDecision.lookAlpha(20), "beyond the table, the union bound")
    }

    private fun cell(
        strategy: String,
        runs: List<Double>,
        workload: String = "lists",
        status: CellStatus = CellStatus.OK,
    ) = CellResult(
        strategy,
        Family("executor"),
        workload,
        100,
        WaitForm.BLOCKING,
        status,
        timeNs = TimeSummary.of(runs, 0.0),
    )

    /** [n] runs evenly spread over centre ± spread (so the samples overlap as much as the spreads say). */
    private fun around(centre: Double, spread: Double, n: Int = 10) =
        List(n) { i -> centre - spread + 2 * spread * i / (n - 1) }

    private fun decide(vararg cells: CellResult, margin: Double = GroupDecision.DEFAULT_MARGIN) =
        GroupDecision.of(cells.toList(), margin)

    /** A cell whose runs came from [forks], each fork's runs in order. */
    private fun forked(strategy: String, vararg forks: List<Double>) = cell(strategy, forks.flatMap { it })
        .let { c -> c.copy(timeNs = TimeSummary.of(forks.flatMap { it }, 0.0, forks.map { it.size })) }

    /** [n] forks of 4 runs each, whose medians step evenly over centre ± spread. */
    private fun forks(centre: Double, spread: Double, n: Int = 4) =
        Array(n) { i -> around(centre - spread + 2 * spread * i / (n - 1), centre * 0.002, 4) }

    @Test
    fun `two forks far apart at a strict level give a wide but finite interval, which results json can hold`() {
        val w = ForkSample.of(TimeSummary.of(listOf(100.0, 101.0, 300.0, 301.0), 0.0, listOf(2, 2)))
        val o = ForkSample.of(TimeSummary.of(listOf(50.0, 51.0, 900.0, 905.0), 0.0, listOf(2, 2)))
        val (low, high) = checkNotNull(ForkRatio.of(w, o)).interval(1 - 1e-9)
        assertTrue(low > 0 && high.isFinite(), "$low–$high")
        assertTrue(high / low <= ForkRatio.MAX_FACTOR * ForkRatio.MAX_FACTOR * 1.0001, "$low–$high")
    }

    @Test
    fun `a clearly slower cell is told apart by its forks and the group is decided`() {
        val d = decide(forked("b", *forks(130.0, 3.0)), forked("a", *forks(100.0, 3.0)))
        assertEquals("a", d.winner)
        assertEquals(GroupStatus.DECIDED, d.status)
        val t = d.tests.single()
        assertEquals(PairOutcome.SLOWER, t.outcome)
        assertEquals(4, t.forks)
        assertEquals(4, d.winnerForks)
        assertEquals(16, t.runs)
        assertTrue(t.ciLow!! > 1 + d.margin, "$t")
        assertContains(d.reason, "ahead of b, ×1.30 behind (95% CI 1.2")
        assertContains(d.reason, "p < 0.001; 4 and 4 forks)")
    }

    @Test
    fun `runs of the same forks are not independent evidence`() {
        // Two JVMs a side whose medians differ by 40% from JVM to JVM: pooled, b's 16 runs would sit above
        // a's, and a rank test on the runs would find that significant; two forks a side cannot.
        val d = decide(
            forked("a", around(100.0, 0.5, 8), around(140.0, 0.5, 8)),
            forked("b", around(125.0, 0.5, 8), around(165.0, 0.5, 8)),
        )
        val t = d.tests.single()
        assertEquals(PairOutcome.UNRESOLVED, t.outcome, "$t")
        assertTrue(t.pValue!! > 0.2, "$t")
        assertEquals(GroupStatus.UNDECIDED, d.status)
    }

    @Test
    fun `a difference within the margin is a tie whatever the p-value`() {
        // 1% slower in every fork: the test is significant, and still a tie.
        val d = decide(forked("a", *forks(100.0, 0.2)), forked("b", *forks(101.0, 0.2)))
        val t = d.tests.single()
        assertTrue(t.pValue!! < 0.001, "$t")
        assertEquals(PairOutcome.EQUIVALENT, t.outcome)
        assertEquals(GroupStatus.TIE, d.status)
        assertEquals(listOf("b"), d.tiedWith)
        assertTrue(t.eqLow!! >= 0.95 && t.eqHigh!! <= 1.05, "the 90% interval lies within the margin: $t")
        assertContains(d.reason, "equivalent within ±5%: b ×1.01 (90% CI 1.0")
    }

    @Test
    fun `one fork a side is never a tie nor slower however many runs it has`() {
        val d = decide(forked("a", around(100.0, 0.2)), forked("b", around(100.5, 0.2)))
        assertEquals(PairOutcome.UNRESOLVED, d.tests.single().outcome)
        assertEquals(GroupStatus.UNDECIDED, d.status)
        assertContains(d.reason, "b has 1 fork(s): a test takes at least 2 a side")
        val far = decide(forked("a", around(100.0, 0.2)), forked("b", around(300.0, 0.2)))
        assertEquals(PairOutcome.UNRESOLVED, far.tests.single().outcome, "not even three times slower")
    }

    @Test
    fun `overlapping forks are not told apart and the group stays undecided`() {
        val d = decide(
            forked("a", *forks(100.0, 10.0)),
            forked("b", *forks(103.0, 10.0)),
            forked("c", *forks(150.0, 3.0)),
        )
        assertEquals(GroupStatus.UNDECIDED, d.status)
        assertEquals(listOf("b"), d.tiedWith)
        assertEquals(listOf(PairOutcome.UNRESOLVED, PairOutcome.SLOWER), d.tests.map { it.outcome })
        assertContains(d.reason, "not told apart from b ×1.03")
    }

    @Test
    fun `a cell slower beyond doubt but under the margin is behind, its size stated against the margin`() {
        // Forks within about 1.3%, 4.5% apart: the interval lies above 1 and across 1.05. The test orders the
        // pair; the margin only says the gap may not matter (issue 44: the old rule left such a pair open forever).
        val d = decide(forked("a", *forks(100.0, 1.5)), forked("b", *forks(104.5, 1.5)))
        val test = d.tests.single()
        assertEquals(PairOutcome.SLOWER, test.outcome)
        assertEquals(GroupStatus.DECIDED, d.status)
        assertTrue(checkNotNull(test.ciLow) > 1 && test.ratio < 1.05 && checkNotNull(test.eqHigh) > 1.05, "$test")
        assertTrue(d.reason.startsWith("ahead of b, ×1.0"), d.reason)
        assertContains(d.reason, " behind, under the 5% margin (")
    }

    @Test
    fun `a cell behind beyond the margin reads its size alone`() {
        val d = decide(forked("a", *forks(100.0, 1.5)), forked("b", *forks(122.0, 1.5)))
        assertEquals(PairOutcome.SLOWER, d.tests.single().outcome)
        assertTrue(d.reason.startsWith("ahead of b, ×1.22 behind ("), d.reason)
    }

    @Test
    fun `equivalent cells and cells behind under the margin make a tie`() {
        // c: ×1.045, its interval above 1 and its equivalence interval across 1.05.
        val d = decide(forked("a", *forks(100.0, 0.2)), forked("b", *forks(101.0, 0.2)), forked("c", *forks(104.5, 1.0)))
        assertEquals(listOf(PairOutcome.EQUIVALENT, PairOutcome.SLOWER), d.tests.map { it.outcome })
        assertEquals(GroupStatus.TIE, d.status)
        assertEquals(listOf("b"), d.tiedWith)
        assertContains(d.reason, "; behind: c ×1.0")
        assertContains(d.reason, " behind, under the 5% margin (")
    }

    @Test
    fun `an interval wider than twice either way reads too few forks to tell`() {
        val d = decide(forked("a", *forks(100.0, 60.0, 3)), forked("b", *forks(110.0, 60.0, 3)))
        val test = d.tests.single()
        assertEquals(PairOutcome.UNRESOLVED, test.outcome)
        assertTrue(checkNotNull(test.ciHigh) / test.ratio > 2, "$test")
        assertTrue(d.reason.startsWith("not told apart from b ×1.1"), d.reason)
        assertContains(d.reason, ", too few forks to tell (3 and 3)")
        assertTrue(checkNotNull(DecisionReasons.resolution(d.tests)) > 2, d.reason)
    }

    @Test
    fun `one fork twice its cell's others does not hold a 17 percent gap open at six forks a side`() {
        // Issue 44's storage pair. Trimmed, the bad fork drops out of the location (untrimmed it would read ×1.35)
        // and of the variance (untrimmed, Welch's p would be about 0.05, short of any corrected level).
        val bad = forks(117.0, 3.0, 6).mapIndexed { i, runs -> if (i == 2) runs.map { it * 2 } else runs }
        val d = decide(forked("a", *forks(100.0, 3.0, 6)), forked("b", *bad.toTypedArray()))
        val test = d.tests.single()
        assertEquals(PairOutcome.SLOWER, test.outcome, "$test")
        assertEquals(1.17, test.ratio, 0.02)
        val untrimmed = bad.map { kotlin.math.ln(it.sorted()[it.size / 2]) }
        assertTrue(untrimmed.max() - untrimmed.min() > kotlin.math.ln(2.0) - 0.1, "the bad fork is in the sample")
    }

    @Test
    fun `five forks are not trimmed, six lose one a side and eleven two`() {
        assertEquals(listOf(2, 5, 4, 8, 7), listOf(2, 5, 6, 10, 11).map(ForkSample::kept))
    }

    @Test
    fun `an undecided group's resolution is the widest half-interval of its open pairs`() {
        val d = decide(forked("a", *forks(100.0, 3.0)), forked("b", *forks(101.0, 3.0)), forked("c", *forks(102.0, 6.0)))
        assertEquals(GroupStatus.UNDECIDED, d.status)
        val widest = d.tests.filter { it.outcome == PairOutcome.UNRESOLVED }.maxOf { kotlin.math.sqrt(it.ciHigh!! / it.ciLow!!) }
        assertEquals(widest, DecisionReasons.resolution(d.tests))
    }

    @Test
    fun `an undecided group names the strategies already shown equivalent as well as the open ones`() {
        val d = decide(
            forked("a", *forks(100.0, 0.2)),
            forked("b", *forks(101.0, 0.2)),
            forked("c", *forks(103.0, 10.0)),
        )
        assertEquals(GroupStatus.UNDECIDED, d.status)
        assertEquals(listOf(PairOutcome.EQUIVALENT, PairOutcome.UNRESOLVED), d.tests.map { it.outcome })
        assertEquals(listOf("b", "c"), d.tiedWith)
        assertTrue(d.reason.startsWith("not told apart from c ×1.03 ("), d.reason)
        assertContains(d.reason, "; equivalent within ±5%: b ×1.01 (90% CI 1.0")
    }

    @Test
    fun `more looks and more cells widen the interval that calls a cell slower`() {
        val a = forked("a", *forks(100.0, 3.0))
        val b = forked("b", *forks(112.0, 3.0))
        val once = decide(a, b).tests.single()
        val raced = GroupDecision.of(listOf(a, b), 0.05, looks = 3).tests.single()
        assertEquals(0.95, once.confidence!!, 1e-12)
        // Pocock's levels for three looks: 2.289 standard errors two-sided, 1.992 each side of equivalence.
        assertEquals(1 - GroupDecision.lookAlpha(3), raced.confidence!!, 1e-12)
        assertEquals(0.978, raced.confidence!!, 0.001)
        assertEquals(1 - 2 * GroupDecision.lookAlphaOneSided(3), raced.eqConfidence!!, 1e-12)
        assertEquals(0.954, raced.eqConfidence!!, 0.001)
        assertTrue(raced.ciLow!! < once.ciLow!!, "$raced against $once")
        // Three testable cells are three pairs the data could have put the wrong way round: Holm tests the
        // clearest (a, c) at 0.05 / 3, then (a, b) at 0.05 / 2, then stops at (b, c), which is not significant.
        val three = decide(a, b, forked("c", *forks(113.0, 3.0))).tests
        assertEquals(listOf(1 - 0.05 / 2, 1 - 0.05 / 3), three.map { it.confidence!! })
        assertEquals(listOf(PairOutcome.SLOWER, PairOutcome.SLOWER), three.map { it.outcome })
    }

    @Test
    fun `Holm tests every pair at the first step's level when even the clearest pair is not significant`() {
        val a = forked("a", *forks(100.0, 30.0))
        val b = forked("b", *forks(104.0, 30.0))
        val c = forked("c", *forks(108.0, 30.0))
        val tests = decide(a, b, c).tests
        assertEquals(listOf(1 - 0.05 / 3, 1 - 0.05 / 3), tests.map { it.confidence!! })
        assertTrue(tests.none { it.outcome.behind }, "$tests")
    }

    @Test
    fun `a cell over ten times the winner is separated with one fork a side, over twice only with two`() {
        val far = decide(forked("a", around(100.0, 1.0, 4)), forked("b", around(1_010.0, 1.0, 4)))
        assertEquals(GroupStatus.DECIDED, far.status, far.reason)
        assertEquals(PairOutcome.SEPARATED, far.tests.single().outcome)
        assertContains(far.reason, "its fastest fork over 10.0× the winner's slowest (1 and 1 forks)")
        val near = decide(forked("a", around(100.0, 1.0, 4)), forked("b", around(900.0, 1.0, 4)))
        assertEquals(PairOutcome.UNRESOLVED, near.tests.single().outcome)
    }

    @Test
    fun `a fork's leading runs that still trend are left out`() {
        // Each fork of b warms up from 400 to 100: its steady runs are as fast as a's; all its runs' median is 110.
        val warming = listOf(400.0, 300.0, 200.0, 120.0, 100.0, 100.2, 99.8, 100.1)
        val b = forked("b", warming, warming.map { it * 1.001 }, warming.map { it * 0.999 })
        val d = decide(forked("a", *forks(100.0, 0.2, 3)), b)
        assertEquals(PairOutcome.EQUIVALENT, d.tests.single().outcome, "${d.tests}")
        val tail = ForkSample.steadyTail(warming)
        assertEquals(warming.drop(2), tail, "its first two runs trend")
    }

    @Test
    fun `a gap of over twice the winner's slowest fork decides without a test, with two forks a side`() {
        val d = decide(
            forked("a", listOf(10.0, 12.0, 11.0), listOf(12.0, 11.5, 12.5)),
            forked("b", listOf(26.0, 25.0, 27.0), listOf(27.0, 28.0, 26.0)),
        )
        assertEquals(GroupStatus.DECIDED, d.status)
        val t = d.tests.single()
        assertEquals(PairOutcome.SEPARATED, t.outcome)
        assertNull(t.pValue)
        assertNull(t.ciLow)
        assertEquals("ahead of b ×2.31, its fastest fork over 2.00× the winner's slowest (2 and 2 forks)", d.reason)
    }

    @Test
    fun `p-values have two significant figures and never claim more than a handful of forks can`() {
        assertEquals("= 0.052", DecisionReasons.pValue(0.05234))
        assertEquals("= 0.10", DecisionReasons.pValue(0.1))
        assertEquals("< 0.001", DecisionReasons.pValue(0.000487))
        assertEquals("5%", DecisionReasons.percent(0.05))
        assertEquals("98.3%", DecisionReasons.percent(1 - 0.05 / 3))
    }

    @Test
    fun `a confidence level corrected for many pairs keeps its miss rate and never reads 100 percent`() {
        assertEquals("95%", DecisionReasons.confidencePercent(0.95))
        assertEquals("98.3%", DecisionReasons.confidencePercent(1 - 0.05 / 3))
        // 0.05 over 3 looks and 45 pairs (10 testable cells): printed as "100%" before.
        assertEquals("99.963%", DecisionReasons.confidencePercent(1 - 0.05 / 3 / 45))
    }

    @Test
    fun `the user's margin, or the harness's own cost when larger, is the margin`() {
        // 100 items at 1 ns each against a 1 µs batch: 10% of the winner's median is the harness.
        assertEquals(0.1, GroupDecision.margin(1_000.0, 100, 1.0), 1e-12)
        assertEquals(GroupDecision.DEFAULT_MARGIN, GroupDecision.margin(1_000_000.0, 100, 1.0))
        assertEquals(0.02, GroupDecision.margin(1_000.0, 100, null, margin = 0.02))
        val a = forked("a", *forks(1_000.0, 2.0))
        val b = forked("b", *forks(1_080.0, 2.0))
        assertEquals(GroupStatus.DECIDED, decide(a, b).status)
        assertEquals(GroupStatus.TIE, decide(a, b, margin = GroupDecision.margin(1_000.0, 100, 1.0)).status)
    }

    @Test
    fun `the winner is the lowest median, then the strategy spec, whatever the input order`() {
        val same = around(100.0, 1.0)
        val d = decide(cell("zeta", same), cell("alpha", same), cell("mid", around(99.0, 1.0)))
        assertEquals("mid", d.winner)
        assertEquals(listOf("alpha", "zeta"), d.tests.map { it.strategy })
        assertEquals("alpha", decide(cell("zeta", same), cell("alpha", same)).winner)
    }

    @Test
    fun `a lone cell is decided and every group of a run is decided once, not-ok cells left out`() {
        val lone = decide(cell("a", listOf(1.0)))
        assertEquals(GroupStatus.DECIDED, lone.status)
        assertEquals("the only strategy that completed", lone.reason)
        val cells = listOf(
            cell("a", around(100.0, 3.0)),
            cell("b", around(300.0, 3.0), workload = "network"),
            cell("c", around(50.0, 3.0), status = CellStatus.FAILED),
            cell("d", around(200.0, 3.0)),
        )
        val groups = GroupDecision.all(cells, null)
        assertEquals(listOf("lists" to "a", "network" to "b"), groups.map { it.workload to it.winner })
        assertEquals(listOf("d"), groups[0].tests.map { it.strategy })
    }

    @Test
    fun `the cache decides again only the group whose runs changed`() {
        val cache = GroupDecisionCache()
        val lists = listOf(cell("a", around(100.0, 3.0)), cell("b", around(120.0, 3.0)))
        val network = listOf(cell("c", around(100.0, 3.0), workload = "network"))
        val faster = network.map { it.copy(timeNs = TimeSummary.of(around(90.0, 3.0), 0.0)) } +
            cell("e", around(95.0, 3.0), workload = "network")
        val first = cache.all(lists + network, null, GroupDecision.DEFAULT_MARGIN, 1)
        val second = cache.all(lists + faster, null, GroupDecision.DEFAULT_MARGIN, 1)
        assertSame(first[0], second[0], "the unchanged group keeps its decision")
        assertEquals(GroupDecision.all(faster, null), listOf(second[1]), "the changed group is decided again")
        assertEquals(listOf("e"), second[1].tests.map { it.strategy })
    }

    private companion object {
        const val SEED = 25L
        const val DRAWS = 200_000

        /** About five standard errors of a rate of 0.05 over [DRAWS] draws. */
        const val TOLERANCE = 0.0025
    }
}
