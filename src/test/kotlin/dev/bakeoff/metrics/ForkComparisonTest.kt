package dev.bakeoff.metrics

import dev.bakeoff.model.Family
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.PairOutcome
import dev.bakeoff.result.PairTest
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** The one fork-level comparison: which gaps each reader separates, its verdict and its figures. */
class ForkComparisonTest {
    /** A ranked cell whose forks have these [medians] (one run a fork, as an old file's runs count). */
    private fun cell(vararg medians: Double) = checkNotNull(
        RankedCell.of(
            CellResult(
                "direct",
                Family("direct"),
                "arithmetic",
                100,
                WaitForm.BLOCKING,
                CellStatus.OK,
                timeNs = TimeSummary.of(medians.toList(), 0.0),
            ),
        ),
    )

    @Test
    fun `compare separates either way, the decision and check only a candidate behind`() {
        val fast = cell(1.0, 1.1, 1.05)
        val slow = cell(3.0, 3.1, 3.05)
        assertEquals(ForkVerdict.FASTER, ForkComparison(slow, fast).separation)
        assertEquals(ForkVerdict.SLOWER, ForkComparison(fast, slow).separation)
        val ahead = ForkComparison(slow, fast, slowerOnly = true)
        assertEquals(null, ahead.separation)
        assertTrue(ahead.tested)
        assertEquals(ForkVerdict.FASTER, ahead.verdict(0.05, 0.95))
        assertEquals(ForkVerdict.SLOWER, ForkComparison(fast, slow, slowerOnly = true).separation)
    }

    @Test
    fun `one fork a side is never tested, and separated only where the decision allows it, at ten times`() {
        val one = cell(1.0)
        assertEquals(ForkVerdict.NOT_TESTED, ForkComparison(one, cell(9.0)).verdict(0.05, 0.95))
        assertEquals(null, ForkComparison(one, cell(11.0)).separation)
        assertEquals(null, ForkComparison(one, cell(9.0), oneFork = true).separation)
        val far = ForkComparison(one, cell(11.0), oneFork = true)
        assertEquals(ForkVerdict.SLOWER, far.separation)
        assertFalse(far.tested)
        assertEquals(ForkVerdict.ONE_FORK_SEPARATION, far.separationFactor)
        assertEquals("1 fork a side", far.sides)
        assertEquals("1 and 2 forks", ForkComparison(one, cell(1.0, 1.1)).sides)
    }

    @Test
    fun `a tested pair's figures read as a decision's do`() {
        val pair = ForkComparison(cell(1.0, 1.01, 0.99, 1.0), cell(1.5, 1.51, 1.49, 1.5))
        val test = checkNotNull(pair.test)
        val (low, high) = test.interval(0.95)
        val asDecision = DecisionReasons.figures(
            PairTest(
                "direct", test.ratio, low, high, test.pValue, 4, PairOutcome.SLOWER,
                forks = 4, confidence = 0.95,
            ),
            4,
        )
        assertEquals(asDecision, pair.figures(0.95))
        assertTrue(pair.figures(0.95).startsWith("×1.50 (95% CI "), pair.figures(0.95))
        assertTrue(pair.figures(0.95).endsWith("; 4 and 4 forks)"), pair.figures(0.95))
        assertEquals(pair.ratio, test.ratio, 1e-12)
    }
}
