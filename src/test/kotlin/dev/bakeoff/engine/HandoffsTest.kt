package dev.bakeoff.engine

import dev.bakeoff.engine.cell.Handoffs
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull

/** The hand-offs of synthetic windows: each item's wait from submission to start, by what was in flight. No timing. */
class HandoffsTest {
    @Test
    fun `each measured item's wait is its end minus its service minus its submission, grouped by the others in flight`() {
        // Item 0 (warm-up) runs 0..1000; item 1 is submitted at 100 with item 0 in flight; item 2 at 2000 alone,
        // item 3 at 2100 with item 2 in flight, item 4 at 2200 with items 2 and 3 in flight.
        val submitted = longArrayOf(0, 100, 2000, 2100, 2200)
        val ended = longArrayOf(1000, 900, 2600, 2900, 3500)
        val held = longArrayOf(900, 700, 500, 500, 500)
        val lag = longArrayOf(0, 10, 20, 30, 40)
        val h = assertNotNull(Handoffs.of(submitted, ended, held, lag, from = 1, count = 5))
        assertEquals(listOf(1L, 2L, 1L), h.byInFlight.map { it.items })
        // Alone: item 2 waited 2600 - 500 - 2000 = 100. With one other: items 1 (100) and 3 (300). With two: 800.
        assertEquals(100.0, h.byInFlight[0].meanNs)
        assertEquals(200.0, h.byInFlight[1].meanNs)
        assertEquals(100.0, h.byInFlight[1].sdNs, 1e-9)
        assertEquals(800.0, h.byInFlight[2].meanNs)
        assertEquals(25.0, h.lagNs, "the measured items' mean lag, the warm-up's left out")
    }

    @Test
    fun `an item that never ended stays in flight, and one without a service time is left out`() {
        val submitted = longArrayOf(0, 100, 200)
        val ended = longArrayOf(Long.MAX_VALUE, 500, 700)
        val held = longArrayOf(0, 0, 400)
        val h = assertNotNull(Handoffs.of(submitted, ended, held, LongArray(3), from = 0, count = 3))
        // Item 2 was submitted with items 0 (never ended) and 1 in flight; items 0 and 1 have no service time.
        assertEquals(listOf(0L, 0L, 1L), h.byInFlight.map { it.items })
        assertEquals(100.0, h.byInFlight[2].meanNs)
        assertNull(Handoffs.of(submitted, ended, LongArray(3), LongArray(3), from = 0, count = 3), "no service time")
    }
}
