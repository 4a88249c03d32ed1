package dev.bakeoff.metrics

import org.junit.jupiter.api.Test
import kotlin.math.exp
import kotlin.math.ln
import kotlin.math.pow
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * The model's knee on synthetic queues (no timing): the wait's percentile against M/M/1's and M/M/c's closed
 * forms, its growth with the rate, the bisection, no knee when the anchor's service alone breaks the objective,
 * the knee at saturation when the waits never reach it.
 */
class ModelKneeTest {
    private val ms = 1_000_000.0

    @Test
    fun `M over M over 1's wait percentile is the textbook's, s over 1 - rho times ln(rho over 1 - q)`() {
        // 1 ms service at 800/s: rho = 0.8, P(W > t) = rho exp(-(1 - rho) t / s).
        val queue = ModelKnee.Queue(1, ms, 1.0)
        val t = queue.waitQuantileNs(800.0, 0.99)
        assertEquals(ms / 0.2 * ln(0.8 / 0.01), t, 1e-6)
        assertEquals(0.01, 0.8 * exp(-0.2 * t / ms), 1e-12, "exactly 1% wait longer")
        // At 5/s only 0.5% of the arrivals wait at all: the p99 wait is 0.
        assertEquals(0.0, queue.waitQuantileNs(5.0, 0.99))
        assertEquals(Double.POSITIVE_INFINITY, queue.waitQuantileNs(1000.0, 0.99), "saturated")
    }

    @Test
    fun `M over M over c's wait percentile is exact, from Erlang C's sum formula`() {
        // 4 servers of 1 ms at 3,000/s: 3 erlangs. C from the textbook's sum, not Queueing.erlangC.
        val a = 3.0
        val last = a.pow(4) / 24 * 4 / (4 - a)
        val c = last / ((0..3).sumOf { k -> a.pow(k) / (1..k).fold(1.0) { f, i -> f * i } } + last)
        val t = ModelKnee.Queue(4, ms, 1.0).waitQuantileNs(3000.0, 0.99)
        assertEquals(ms / (4 - a) * ln(c / 0.01), t, 1e-6)
        // P(W > t) = C exp(-(c mu - lambda) t): 1% at the percentile.
        assertEquals(0.01, c * exp(-(4 - a) * t / ms), 1e-12)
        // Allen–Cunneen's factor scales the wait, the probability of waiting is M/M/c's.
        assertEquals(t * 0.54, ModelKnee.Queue(4, ms, 0.54).waitQuantileNs(3000.0, 0.99), 1e-6)
    }

    @Test
    fun `the wait's percentile grows with the rate, busy cores bring saturation nearer`() {
        val queues = listOf(ModelKnee.Queue(4, ms, 0.54), ModelKnee.Queue(2, 250_000.0, 1.0, busyErlangs = 0.5))
        assertEquals(4000.0, queues[0].saturationPerSec, 1e-9)
        assertEquals(6000.0, queues[1].saturationPerSec, 1e-9, "(2 - 0.5) cores / 250 µs")
        for (q in listOf(0.5, 0.9, 0.99, 0.999)) {
            val waits = (1..399).map { ModelKnee.waitQuantileNs(queues, it * 10.0, q) }
            waits.zipWithNext().forEach { (a, b) -> assertTrue(b >= a, "p${q * 100}: $a then $b") }
            assertTrue(waits.last() > waits.first(), "it does grow at p${q * 100}")
        }
    }

    @Test
    fun `the bisection finds the rate where the anchor's service plus the waits reach the objective`() {
        val queues = listOf(ModelKnee.Queue(4, ms, 0.54), ModelKnee.Queue(2, 100_000.0, 1.0, busyErlangs = 0.2))
        val knee = assertNotNull(ModelKnee.knee(2 * ms, 500.0, 20 * ms, 0.99, queues))
        val rate = assertNotNull(knee.perSec)
        assertFalse(knee.atSaturation)
        assertEquals(4000.0, knee.saturationPerSec, 1e-9, "the servers saturate before the cores")
        // The anchor's own model wait taken out (the cores, a fifth busy from outside, make 2.8% wait at 500/s), the
        // prediction meets the limit at the knee.
        val service = 2 * ms - ModelKnee.waitQuantileNs(queues, 500.0, 0.99)
        assertTrue(service < 2 * ms)
        assertEquals(20 * ms, service + ModelKnee.waitQuantileNs(queues, rate, 0.99), 20 * ms * 1e-6)
        // Against a scan of the rates: the last one that meets is within a step of it.
        val scanned = (500..3999).last { service + ModelKnee.waitQuantileNs(queues, it.toDouble(), 0.99) <= 20 * ms }
        assertTrue(rate >= scanned && rate < scanned + 1, "bisection $rate, scan $scanned")
        // A tighter objective moves the knee down.
        assertTrue(assertNotNull(ModelKnee.knee(2 * ms, 500.0, 10 * ms, 0.99, queues)?.perSec) < rate)
    }

    @Test
    fun `no knee when the anchor's service alone breaks the objective`() {
        val queues = listOf(ModelKnee.Queue(4, ms, 0.54))
        val knee = assertNotNull(ModelKnee.knee(25 * ms, 500.0, 20 * ms, 0.99, queues))
        assertNull(knee.perSec)
        assertEquals(4000.0, knee.saturationPerSec, 1e-9)
        // An anchor over the limit only by the model's own wait at its rate: the knee lies below the anchor's rate.
        val waitThere = ModelKnee.waitQuantileNs(queues, 3500.0, 0.99)
        assertTrue(waitThere + 17 * ms > 20 * ms && waitThere < 20 * ms, "$waitThere")
        val below = assertNotNull(ModelKnee.knee(waitThere + 17 * ms, 3500.0, 20 * ms, 0.99, queues)?.perSec)
        assertTrue(below < 3500.0, "$below")
        assertEquals(20 * ms, 17 * ms + ModelKnee.waitQuantileNs(queues, below, 0.99), 20 * ms * 1e-6)
    }

    @Test
    fun `the knee is the saturation when the waits never reach the objective, none past it`() {
        // Even arrivals of a fixed service time: Allen–Cunneen's factor is 0, no wait below saturation.
        val even = assertNotNull(ModelKnee.knee(2 * ms, 500.0, 20 * ms, 0.99, listOf(ModelKnee.Queue(4, ms, 0.0))))
        assertTrue(even.atSaturation)
        assertEquals(4000.0, assertNotNull(even.perSec), 1e-9)
        assertNull(ModelKnee.knee(2 * ms, 4000.0, 20 * ms, 0.99, listOf(ModelKnee.Queue(4, ms, 0.5))), "anchor at saturation")
        assertNull(ModelKnee.knee(2 * ms, 500.0, 20 * ms, 0.99, emptyList()), "no queue, no model")
    }
}
