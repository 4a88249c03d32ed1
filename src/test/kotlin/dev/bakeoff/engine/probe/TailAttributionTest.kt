package dev.bakeoff.engine.probe

import dev.bakeoff.report.LoadTailCauses
import dev.bakeoff.result.StallKind
import dev.bakeoff.result.TailCause
import dev.bakeoff.result.TailStalls
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertNull

/** The tail's dominant cause on synthetic windows: 1,000 items a millisecond apart, each 1 ms long unless slowed. */
class TailAttributionTest {
    private val ms = 1_000_000L

    /** Items 500 to 509 last [slowNs]; item `i` was submitted `lag(i)` late. */
    private fun window(slowNs: Long, lag: (Int) -> Long = { 0 }): ItemTimes {
        val n = 1_000
        val start = LongArray(n) { it * ms }
        val end = LongArray(n) { start[it] + if (it in 500 until 510) slowNs else ms }
        return ItemTimes(start, end, LongArray(n, lag), n)
    }

    @Test
    fun `a GC pause inside the slow items' lives is the p99's cause`() {
        val stalls = listOf(Stall(StallKind.GC_PAUSE, 505 * ms, 18 * ms), Stall(StallKind.GC_PAUSE, 100 * ms, 30 * ms))
        val cause = TailAttribution.cause("p99", 99.0, 20 * ms, window(20 * ms), stalls)
        assertEquals(StallKind.GC_PAUSE, cause.cause)
        assertEquals(10, cause.items)
        assertEquals(10, cause.covered)
        // The pause at 100 ms touched no slow item: it is not counted.
        assertEquals(1, cause.stalls)
        assertEquals(18 * ms, cause.longestNs)
        assertEquals("p99 20.0 ms: 1 GC pause of 18.0 ms in the window (its 10 slowest items)", LoadTailCauses.sentence(cause, TailStalls()))
    }

    @Test
    fun `the generator's own lag on the slow items is their cause when no pause covers them`() {
        val late = { i: Int -> if (i in 500 until 510) 15 * ms else 0L }
        val cause = TailAttribution.cause("p99", 99.0, 20 * ms, window(20 * ms, late), emptyList())
        assertEquals(StallKind.GENERATOR_LAG, cause.cause)
        assertEquals(10, cause.covered)
        val lag = TailCause("p99.9", 3_390_000, 3, StallKind.GENERATOR_LAG, covered = 2, stalls = 2, shortestNs = 2_160_000, longestNs = 3_420_000)
        assertEquals("p99.9 3.39 ms: the generator 2.16 ms–3.42 ms late (2 of its 3 slowest items)", LoadTailCauses.sentence(lag, TailStalls()))
    }

    @Test
    fun `a stall shorter than half an item's excess over the median does not explain it`() {
        val stalls = listOf(Stall(StallKind.SAFEPOINT, 505 * ms, 5 * ms))
        val cause = TailAttribution.cause("p99", 99.0, 20 * ms, window(20 * ms), stalls)
        assertNull(cause.cause)
        assertEquals(0, cause.covered)
        val sentence = LoadTailCauses.sentence(cause, TailStalls(involuntarySwitches = 42))
        assertEquals(
            "p99 20.0 ms: none of GC pauses, safepoints or generator lag explains its 10 slowest items; " +
                "around the window: 42 involuntary context switches",
            sentence,
        )
    }

    @Test
    fun `a cause covering fewer than half the slow items is not dominant`() {
        // A 12 ms pause from 516 ms overlaps items 506 to 509 by at least 9.5 ms (half their 19 ms excess): 4 of 10.
        val late = TailAttribution.cause("p99", 99.0, 20 * ms, window(20 * ms), listOf(Stall(StallKind.GC_PAUSE, 516 * ms, 12 * ms)))
        assertNull(late.cause)
        // From 515 ms it covers items 505 to 509: half of them, so it is named.
        val half = TailAttribution.cause("p99", 99.0, 20 * ms, window(20 * ms), listOf(Stall(StallKind.GC_PAUSE, 515 * ms, 12 * ms)))
        assertEquals(StallKind.GC_PAUSE, half.cause)
        assertEquals(5, half.covered)
    }

    @Test
    fun `an empty window has no slow items and no cause`() {
        val cause = TailAttribution.cause("p99.9", 99.9, 0, ItemTimes(LongArray(0), LongArray(0), LongArray(0), 0), emptyList())
        assertEquals(0, cause.items)
        assertNull(cause.cause)
    }
}
