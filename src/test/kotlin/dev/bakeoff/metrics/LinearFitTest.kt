package dev.bakeoff.metrics

import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** The slope `bakeoff footprint` reports: synthetic points of a known slope, with and without noise. */
class LinearFitTest {
    @Test
    fun `the interval of noisy points of a known slope contains it, and is centred on the estimate`() {
        // A baseline of 50 MB and 1,234 bytes per task, with a fixed zig-zag of +-20 KB as the GC's noise.
        val points = listOf(1_000, 10_000, 25_000, 50_000, 100_000, 200_000).mapIndexed { i, n ->
            n.toDouble() to 50e6 + 1234.0 * n + if (i % 2 == 0) 20e3 else -20e3
        }
        val slope = assertNotNull(LinearFit.slope(points))
        val low = assertNotNull(slope.low)
        val high = assertNotNull(slope.high)
        assertTrue(low < 1234.0 && 1234.0 < high, "$slope")
        assertTrue(low < slope.value && slope.value < high, "$slope")
        assertEquals(slope.value - low, high - slope.value, 1e-6)
    }

    @Test
    fun `points on a line give the line's slope with an interval of no width`() {
        val slope = assertNotNull(LinearFit.slope(listOf(100.0 to 1_000.0, 200.0 to 2_000.0, 400.0 to 4_000.0)))
        assertEquals(10.0, slope.value, 1e-9)
        assertEquals(10.0, assertNotNull(slope.low), 1e-6)
        assertEquals(10.0, assertNotNull(slope.high), 1e-6)
    }

    @Test
    fun `two points give a slope without an interval, one count none`() {
        val two = assertNotNull(LinearFit.slope(listOf(100.0 to 0.0, 200.0 to 500.0)))
        assertEquals(5.0, two.value, 1e-9)
        assertNull(two.low)
        assertNull(two.high)
        assertNull(LinearFit.slope(listOf(100.0 to 0.0, 100.0 to 500.0)))
    }

    @Test
    fun `the intercept is where the line through the points' means meets x = 0`() {
        // y = 0.25 + 1e-5 x exactly (a JVM's cores busy against the rate); then points off a given slope: mean y - mean x.
        val exact = listOf(1_000.0 to 0.26, 10_000.0 to 0.35, 100_000.0 to 1.25)
        assertEquals(0.25, LinearFit.intercept(exact, assertNotNull(LinearFit.slope(exact)).value), 1e-12)
        val noisy = listOf(0.0 to 1.1, 1.0 to 2.0, 2.0 to 3.1)
        assertEquals(6.2 / 3 - 1.0, LinearFit.intercept(noisy, 1.0), 1e-12)
    }
}
