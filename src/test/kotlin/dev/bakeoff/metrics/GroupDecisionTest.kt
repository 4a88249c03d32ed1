package dev.bakeoff.metrics

import dev.bakeoff.model.Family
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.PairOutcome
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertSame
import kotlin.test.assertTrue

/** The decision rule of docs/RESULTS.md ("Deciding a group") on constructed runs. */
class GroupDecisionTest {
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

    private fun decide(vararg cells: CellResult, margin: Double = GroupDecision.MIN_MARGIN) =
        GroupDecision.of(cells.toList(), margin)

    @Test
    fun `a clearly slower cell is told apart and the group is decided`() {
        val d = decide(cell("b", around(120.0, 3.0)), cell("a", around(100.0, 3.0)))
        assertEquals("a", d.winner)
        assertEquals(GroupStatus.DECIDED, d.status)
        assertEquals(emptyList(), d.tiedWith)
        val t = d.tests.single()
        assertEquals(PairOutcome.SLOWER, t.outcome)
        assertTrue(t.pValue!! < MedianRatio.ALPHA && t.ciLow!! > 1 + d.margin, "$t")
        assertEquals(10, d.winnerRuns)
        assertEquals(10, t.runs)
        assertContains(d.reason, "ahead of b ×1.20 (95% CI")
    }

    @Test
    fun `a difference within the margin is a tie whatever the p-value`() {
        // 1% slower in every run: the rank test is as significant as 10 runs allow, and still a tie.
        val d = decide(cell("a", around(100.0, 0.2)), cell("b", around(101.0, 0.2)))
        val t = d.tests.single()
        assertTrue(t.pValue!! < 0.001, "$t")
        assertEquals(PairOutcome.EQUIVALENT, t.outcome)
        assertEquals(GroupStatus.TIE, d.status)
        assertEquals(listOf("b"), d.tiedWith)
        assertTrue(t.eqLow!! >= 0.98 && t.eqHigh!! <= 1.02, "the 90% interval lies within the margin: $t")
        assertContains(d.reason, "equivalent within ±2.00%: b ×1.01 (90% CI 1.0")
    }

    @Test
    fun `overlapping samples are not told apart and the group stays undecided`() {
        val d = decide(cell("a", around(100.0, 10.0)), cell("b", around(103.0, 10.0)), cell("c", around(150.0, 3.0)))
        assertEquals(GroupStatus.UNDECIDED, d.status)
        assertEquals(listOf("b"), d.tiedWith)
        assertEquals(listOf(PairOutcome.UNRESOLVED, PairOutcome.SLOWER), d.tests.map { it.outcome })
        assertContains(d.reason, "not told apart from b ×1.03")
    }

    @Test
    fun `an undecided group names the strategies already shown equivalent as well as the open ones`() {
        val d = decide(cell("a", around(100.0, 0.2)), cell("b", around(101.0, 0.2)), cell("c", around(103.0, 10.0)))
        assertEquals(GroupStatus.UNDECIDED, d.status)
        assertEquals(listOf(PairOutcome.EQUIVALENT, PairOutcome.UNRESOLVED), d.tests.map { it.outcome })
        assertEquals(listOf("b", "c"), d.tiedWith)
        assertTrue(d.reason.startsWith("not told apart from c ×1.03 (95% CI"), d.reason)
        assertContains(d.reason, "; equivalent within ±2.00%: b ×1.01 (90% CI 1.0")
    }

    @Test
    fun `three runs a side cannot be significant, and the reason says so`() {
        // Every run of b is slower than every run of a, by a third: with 3 and 3 runs the smallest p is 0.1.
        val d = decide(cell("a", listOf(10.0, 11.0, 12.0)), cell("b", listOf(14.0, 15.0, 16.0)))
        assertEquals(GroupStatus.UNDECIDED, d.status)
        assertEquals(0.1, d.tests.single().pValue!!, 1e-12)
        assertContains(d.reason, "with 3 and 3 runs no p can fall below 0.05 (the smallest is 0.100): more runs are needed")
    }

    @Test
    fun `a gap of over twice the winner's slowest run decides without a test`() {
        val d = decide(cell("a", listOf(10.0, 11.0, 12.0)), cell("b", listOf(25.0, 26.0, 27.0)))
        assertEquals(GroupStatus.DECIDED, d.status)
        val t = d.tests.single()
        assertEquals(PairOutcome.SEPARATED, t.outcome)
        assertNull(t.pValue)
        assertNull(t.ciLow)
        assertEquals("ahead of b ×2.36, its fastest run over 2.00× the winner's slowest", d.reason)
    }

    @Test
    fun `the harness's own cost widens the margin`() {
        // 100 items at 1 ns each against a 1 µs batch: 10% of the winner's median is the harness.
        assertEquals(0.1, GroupDecision.margin(1_000.0, 100, 1.0), 1e-12)
        assertEquals(GroupDecision.MIN_MARGIN, GroupDecision.margin(1_000_000.0, 100, 1.0))
        assertEquals(GroupDecision.MIN_MARGIN, GroupDecision.margin(1_000.0, 100, null))
        val a = cell("a", around(1_000.0, 2.0))
        val b = cell("b", around(1_050.0, 2.0))
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
    fun `the smallest p of the exact test is 2 over the number of arrangements`() {
        assertEquals(0.1, GroupDecision.smallestP(3, 3), 1e-12)
        assertEquals(0.5, GroupDecision.smallestP(1, 3), 1e-12)
        assertEquals(2.0 / 252, GroupDecision.smallestP(5, 5), 1e-12)
        assertEquals(1.0, GroupDecision.smallestP(1, 1))
    }

    @Test
    fun `the cache decides again only the group whose runs changed`() {
        val cache = GroupDecisionCache()
        val lists = listOf(cell("a", around(100.0, 3.0)), cell("b", around(120.0, 3.0)))
        val network = listOf(cell("c", around(100.0, 3.0), workload = "network"))
        val faster = network.map { it.copy(timeNs = TimeSummary.of(around(90.0, 3.0), 0.0)) } +
            cell("e", around(95.0, 3.0), workload = "network")
        val first = cache.all(lists + network, null)
        val second = cache.all(lists + faster, null)
        assertSame(first[0], second[0], "the unchanged group keeps its decision")
        assertEquals(GroupDecision.all(faster, null), listOf(second[1]), "the changed group is decided again")
        assertEquals(listOf("e"), second[1].tests.map { it.strategy })
    }
}
