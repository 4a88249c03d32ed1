package dev.bakeoff.metrics

import org.junit.jupiter.api.Test
import java.util.SplittableRandom
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class MedianRatioTest {
    // SplittableRandom: java.util.Random's streams for nearby seeds start out correlated.
    private fun noisy(seed: Long, n: Int, median: Double) =
        SplittableRandom(seed).let { r -> List(n) { median * (1 + 0.03 * r.nextGaussian()) } }

    @Test
    fun `identical single runs have p 1 rather than a number that is not one`() {
        val r = MedianRatio.of(listOf(5.0), listOf(5.0), seed = 1)
        assertEquals(1.0, r.pValue)
    }

    @Test
    fun `three runs a side can never be significant at 5 percent, however far apart`() {
        val r = MedianRatio.of(listOf(1.0, 1.1, 1.2), listOf(10.0, 11.0, 12.0), seed = 1)
        assertEquals(10.0, r.ratio, 1e-9)
        // The exact two-sided p of the most extreme 3 vs 3 split is 2 / C(6,3) = 0.1.
        assertEquals(0.1, r.pValue, 1e-9)
    }

    @Test
    fun `twice as slow with ten runs a side has a CI around 2 and a tiny p`() {
        val r = MedianRatio.of(noisy(1, 10, 1e6), noisy(2, 10, 2e6), seed = 7)
        assertTrue(r.ciLow > 1.8 && r.ciHigh < 2.2 && r.ciLow <= r.ratio && r.ratio <= r.ciHigh, "$r")
        // The equivalence test's 90% interval is the narrower one, inside the 95% interval.
        assertTrue(r.ciLow < r.eqLow && r.eqLow <= r.ratio && r.ratio <= r.eqHigh && r.eqHigh < r.ciHigh, "$r")
        assertTrue(r.pValue < 0.001, "$r")
    }

    @Test
    fun `the same runs in another order are no difference at all`() {
        val base = noisy(3, 10, 1e6)
        val r = MedianRatio.of(base, base.reversed(), seed = 7)
        assertEquals(1.0, r.ratio)
        assertEquals(1.0, r.pValue, 1e-12)
        assertTrue(r.ciLow < 1.0 && r.ciHigh > 1.0, "$r")
    }

    @Test
    fun `the bootstrap is reproducible from its seed`() {
        val base = noisy(5, 10, 1e6)
        val new = noisy(6, 10, 1.05e6)
        assertEquals(MedianRatio.of(base, new, seed = 42), MedianRatio.of(base, new, seed = 42))
    }
}
