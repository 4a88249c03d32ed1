package dev.bakeoff.engine

import dev.bakeoff.engine.load.ForkClock
import dev.bakeoff.engine.plan.LoadPlan
import dev.bakeoff.result.Arrival
import org.junit.jupiter.api.Test
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** A capacity search's budget on a scripted clock: forks fit while their expected time is left. */
class ForkClockTest {
    private var now = 0L
    private val plan = LoadPlan(1000.0, Arrival.POISSON, durationNs = 2_000_000_000L) // 2 s warm-up + 2 s window

    @Test
    fun `before any fork a fork is expected to take its warm-up and window, then the forks' mean`() {
        val clock = ForkClock(10_000_000_000L, plan) { now }
        assertTrue(clock.fits(2))
        assertFalse(clock.fits(3))
        clock.time { now += 1_000_000_000L }
        // 1 s spent, 1 s a fork: nine more fit, ten do not.
        assertTrue(clock.fits(9))
        assertFalse(clock.fits(10))
    }

    @Test
    fun `no budget fits anything`() {
        assertTrue(ForkClock(null, plan) { now }.fits(1_000))
    }
}
