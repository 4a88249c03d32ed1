package dev.bakeoff.metrics

import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

class TrendTest {
    @Test
    fun `E5's falling single-shot runs trend`() {
        // The measured runs: 149, 77 and 58 ms with no warm-up.
        val drift = assertNotNull(Trend.drift(listOf(149.0, 77.0, 58.0)))
        assertTrue(drift < -Trend.THRESHOLD, "$drift")
        assertEquals(false, Trend.steady(listOf(149.0, 77.0, 58.0)))
    }

    @Test
    fun `runs that rise trend the other way`() {
        val drift = assertNotNull(Trend.drift(listOf(5.4, 7.0, 8.3)))
        assertTrue(drift > Trend.THRESHOLD, "$drift")
        assertEquals(false, Trend.steady(listOf(5.4, 7.0, 8.3)))
    }

    @Test
    fun `noise without a direction is steady, one outlier included`() {
        assertEquals(true, Trend.steady(listOf(50.0, 52.0, 49.0, 51.0, 50.0)))
        assertEquals(true, Trend.steady(listOf(50.0, 51.0, 90.0, 50.0, 51.0)), "Theil–Sen ignores one outlier")
        // A large drift by size alone, but the first two runs disagree: one late outlier, not a trend.
        assertTrue(assertNotNull(Trend.drift(listOf(29.3, 29.2, 47.4))) > Trend.THRESHOLD)
        assertEquals(true, Trend.steady(listOf(29.3, 29.2, 47.4)))
    }

    @Test
    fun `Kendall's exact p counts the orders of the runs, so a handful of runs can never be significant`() {
        // Five runs in order: 2 of the 120 orders are as monotone, either way.
        assertEquals(2.0 / 120, Trend.kendallP(listOf(50.0, 40.0, 30.0, 20.0, 10.0)), 1e-12)
        // One pair out of order: 1 + 4 orders of 120 each way.
        assertEquals(10.0 / 120, Trend.kendallP(listOf(50.0, 30.0, 40.0, 20.0, 10.0)), 1e-12)
        assertEquals(1.0, Trend.kendallP(listOf(1.0, 3.0, 2.0)))
        assertTrue(Trend.significant(listOf(50.0, 40.0, 30.0, 20.0, 10.0)))
        // Four runs in order are 2 of 24 orders, p = 0.083: never significant, however steep.
        assertEquals(false, Trend.significant(listOf(400.0, 300.0, 200.0, 100.0)))
        // Monotone but within 10%: no trend worth dropping runs for.
        assertEquals(false, Trend.significant(listOf(10.5, 10.4, 10.3, 10.2, 10.1, 10.0)))
    }

    @Test
    fun `fewer than three runs cannot be tested`() {
        assertNull(Trend.drift(listOf(1.0, 2.0)))
        assertNull(Trend.steady(listOf(1.0, 2.0)))
        assertNull(Trend.all(listOf(null, null)))
        assertEquals(false, Trend.all(listOf(true, false, null)))
    }

    @Test
    fun `a trend reads as a ratio of its first run to its last, never a percentage below -100%`() {
        assertEquals("its first run took 3.31× its last", Trend.told(3.31))
        assertEquals("its last run took 1.40× its first", Trend.told(1 / 1.4))
        val warming = listOf(331.0, 200.0, 120.0, 100.0)
        assertTrue(Trend.drift(warming)!! < -1, "as a percentage it would read below -100%")
        assertEquals(3.31, Trend.largest(listOf(listOf(100.0, 101.0, 100.5), warming))!!.second, 1e-12)
    }
}
