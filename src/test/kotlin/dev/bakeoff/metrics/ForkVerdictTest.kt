package dev.bakeoff.metrics

import org.junit.jupiter.api.Test
import kotlin.test.assertEquals

/** The rule `compare` and `check` share: separation, the margin both ways, and the divided level. */
class ForkVerdictTest {
    /** One run per fork, as an old file's runs count. */
    private fun forks(vararg medians: Double) = ForkSample.of(TimeSummary.of(medians.toList(), 0.0))

    @Test
    fun `forks are separated only when one side's fastest is over twice the other's slowest, two forks a side`() {
        assertEquals(ForkVerdict.SLOWER, ForkVerdict.separation(forks(1.0, 1.5), forks(3.01, 3.2)))
        assertEquals(ForkVerdict.FASTER, ForkVerdict.separation(forks(3.01, 3.2), forks(1.0, 1.5)))
        // Just under twice is not over it; one overlapping fork leaves it to the test; one fork is never enough.
        assertEquals(null, ForkVerdict.separation(forks(1.0, 1.5), forks(2.99, 3.2)))
        assertEquals(null, ForkVerdict.separation(forks(1.0, 1.5), forks(2.9, 10.0)))
        assertEquals(null, ForkVerdict.separation(forks(1.0, 1.5), forks(10.0)))
    }

    @Test
    fun `faster and slower need the interval off 1 and the ratio beyond the margin, either way`() {
        val base = forks(1.00, 1.01, 0.99, 1.00)
        val slower = ForkRatio.of(base, forks(1.10, 1.11, 1.09, 1.10))!!
        val faster = ForkRatio.of(base, forks(0.90, 0.91, 0.89, 0.90))!!
        assertEquals(ForkVerdict.SLOWER, ForkVerdict.of(slower, 0.05, 0.95))
        assertEquals(ForkVerdict.FASTER, ForkVerdict.of(faster, 0.05, 0.95))
        // Sure, but within a 20% margin: not a change, and the same once the equivalence test is asked.
        assertEquals(ForkVerdict.NOT_TOLD_APART, ForkVerdict.of(slower, 0.2, 0.95))
        assertEquals(ForkVerdict.SAME, ForkVerdict.of(slower, 0.2, 0.95, 0.90))
        assertEquals("same within 20%", ForkVerdict.SAME.label(0.2))
    }

    @Test
    fun `the level is divided over the tests made, and one test or none keeps it whole`() {
        assertEquals(0.95, ForkVerdict.confidence(0), 1e-12)
        assertEquals(0.95, ForkVerdict.confidence(1), 1e-12)
        assertEquals(1 - 0.05 / 12, ForkVerdict.confidence(12), 1e-12)
        assertEquals(1 - 0.1 / 12, ForkVerdict.confidence(12, 0.1), 1e-12)
    }
}
