package dev.bakeoff.engine

import dev.bakeoff.engine.load.CapacityKnee
import dev.bakeoff.metrics.ModelKnee
import dev.bakeoff.metrics.Queueing
import dev.bakeoff.model.Family
import dev.bakeoff.report.LoadFixture
import dev.bakeoff.result.CapacityPoint
import dev.bakeoff.result.CapacityResult
import dev.bakeoff.result.LoadCosts
import dev.bakeoff.result.LoadResult
import dev.bakeoff.result.MachineFit
import dev.bakeoff.result.ModelAssumption
import dev.bakeoff.result.ObjectiveVerdict.MEETS
import dev.bakeoff.result.ObjectiveVerdict.MISSES
import dev.bakeoff.result.QueueingCheck
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * A capacity search's model knee from synthetic forks (no JVM, no clock): the anchor at the lowest rate, each
 * cost's median over the forks below the measured knee (the JVM's CPU a line through each rate's median), the agreement with the range and the assumptions named
 * broken at its ends.
 */
class CapacityKneeTest {
    private val fixed = "executor-fixed:size=4"

    /** A fork of [servers] servers (0: every arrival in flight) at [rate], [cpuNs] of CPU per item on 2 cores. */
    private fun fork(rate: Double, cpuNs: Double, broken: List<ModelAssumption> = emptyList(), servers: Int = 4): LoadResult {
        val c = LoadFixture.cell(fixed, Family("executor"), rate, 5_000_000)
        val costs = LoadCosts(cores = 2, cpuNsPerItem = cpuNs, generatorNsPerItem = 10_000.0, arrivalScv = 1.0, otherCores = 0.1)
        val fit = MachineFit(0.02, 10_000.0, 300_000.0, 1.5, broken)
        return c.copy(figures = c.figures!!.copy(costs = costs), queueing = QueueingCheck("M/G/4", servers, 0.5, 1e5, 2e5, fit))
    }

    /** 1,000 to 3,200/s met p99 = 20 ms, 4,000/s missed; the lowest rate's p99 2.1 ms. */
    private fun capacity(low: Double? = 3200.0, high: Double? = 4000.0, percentile: String = "p99", anchor: Double? = 2_100_000.0) =
        CapacityResult(
            fixed, Family("executor"), "storage", "p99=20ms", low, null, "explained", listOf(1000.0, 2000.0, 3200.0, 4000.0),
            percentile, LoadFixture.OBJECTIVE_NS, null, low, high, 0.95,
            judged = listOf(
                CapacityPoint(1000.0, 3, MEETS, anchor, anchor?.times(0.9), anchor?.times(1.1)),
                CapacityPoint(2000.0, 3, MEETS, 3e6, 2.7e6, 3.3e6),
                CapacityPoint(3200.0, 3, MEETS, 9e6, 8e6, 1e7),
                CapacityPoint(4000.0, 3, MISSES, 1.8e8, 1.5e8, 2e8),
            ),
        )

    /** The cores' service time: the slope of each rate's median cores busy (`cpu x rate`) on the rate, in ns. */
    private val perItem = run {
        val points = listOf(1000.0 to 52e-6 * 1000, 2000.0 to 58e-6 * 2000, 3200.0 to 62e-6 * 3200)
        val mx = points.sumOf { it.first } / 3
        val my = points.sumOf { it.second } / 3
        points.sumOf { (x, y) -> (x - mx) * (y - my) } / points.sumOf { (x, _) -> (x - mx) * (x - mx) } * 1e9
    }

    /** Three forks a rate; one at 2,000/s took 900 µs of CPU an item (a slow fork), the median does not see it. */
    private val forks = listOf(
        fork(1000.0, 50_000.0), fork(1000.0, 52_000.0), fork(1000.0, 54_000.0),
        fork(2000.0, 56_000.0), fork(2000.0, 900_000.0), fork(2000.0, 58_000.0),
        fork(3200.0, 60_000.0), fork(3200.0, 62_000.0, listOf(ModelAssumption.BUSY_CORES)), fork(3200.0, 64_000.0),
        fork(4000.0, 70_000.0, listOf(ModelAssumption.ARRIVALS)), fork(4000.0, 70_000.0).copy(queueing = null),
    )

    @Test
    fun `the knee of the servers' and the cores' queues from the median costs below the measured knee`() {
        val fit = assertNotNull(CapacityKnee.of(capacity(), forks))
        assertEquals(9, fit.forks, "the forks at 1,000 to 3,200/s")
        // M/G/4 of the fixture's 995 µs, SCV 0.083 under Poisson arrivals, as the points' model has it at the range's
        // low end (3,200/s); the cores' line through each rate's median (52, 58, 62 µs an item at 1,000, 2,000 and
        // 3,200/s), 0.1 busy beside it (its intercept is below 0: none of its own).
        val mgc = Queueing.ggcWait(4, 3200e-9, 995_000.0, 1.0, 0.083) / Queueing.mmcWait(4, 3200e-9, 995_000.0)
        assertTrue(mgc > (1 + 0.083) / 2 && mgc < 1.0, "above Allen–Cunneen's (low for 4 servers), below M/M/c's: $mgc")
        val queues = listOf(ModelKnee.Queue(4, 995_000.0, mgc), ModelKnee.Queue(2, perItem, 1.0, 0.1))
        val expected = assertNotNull(ModelKnee.knee(2_100_000.0, 1000.0, 20e6, 0.99, queues)?.perSec)
        val knee = assertNotNull(fit.perSec)
        assertEquals(expected, knee, 1e-6)
        assertEquals(4e9 / 995_000.0, fit.saturationPerSec, 1e-6, "the pool saturates before the cores")
        assertEquals(knee / fit.saturationPerSec, assertNotNull(fit.utilisation), 1e-12)
        assertEquals(knee / 3600.0, assertNotNull(fit.agreement), 1e-12, "over the range's middle")
        assertEquals(knee in 3200.0..4000.0, fit.inside)
        assertEquals(2_100_000.0, fit.anchorNs)
        assertEquals(listOf(ModelAssumption.BUSY_CORES, ModelAssumption.ARRIVALS), fit.broken, "named at the range's ends")
    }

    @Test
    fun `a strategy that keeps every arrival in flight waits for the cores only`() {
        val unbounded = forks.map { it.copy(queueing = it.queueing?.let { q -> QueueingCheck(q.model, 0, 0.0, 0.0, q.measuredWaitNs, q.machine) }) }
        val fit = assertNotNull(CapacityKnee.of(capacity(), unbounded))
        assertEquals((2 - 0.1) * 1e9 / perItem, fit.saturationPerSec, 1e-6)
        val alone = ModelKnee.knee(2_100_000.0, 1000.0, 20e6, 0.99, listOf(ModelKnee.Queue(2, perItem, 1.0, 0.1)))
        assertEquals(assertNotNull(alone?.perSec), assertNotNull(fit.perSec), 1e-6)
        assertEquals(false, fit.inside, "far beyond the pool's range: the cores saturate past 28,000/s")
    }

    @Test
    fun `the JVM's CPU is a line in the rate, what an item adds beside the cores busy whatever the rate`() {
        // virtual-threads x storage on 2026-11-28: 252 µs an item at 500/s, 11 µs at 132,000/s. Cores busy: 0.25 +
        // 10 µs x rate, exactly; the median per item (34 µs, at 10,000/s) would saturate the cores near 56,000/s.
        val rates = listOf(1_000.0, 10_000.0, 100_000.0)
        val line = rates.flatMap { r -> List(3) { fork(r, (0.25 + 10e-6 * r) / r * 1e9, servers = 0) } }
        val fit = assertNotNull(CapacityKnee.of(capacity(low = 100_000.0, high = 125_000.0), line))
        assertEquals((2 - 0.1 - 0.25) / 10e-6, fit.saturationPerSec, 1e-3)
    }

    @Test
    fun `an open-ended range has no middle, and the knee is inside when past its one end`() {
        val fit = assertNotNull(CapacityKnee.of(capacity(high = null), forks.filter { it.ratePerSec < 4000.0 }))
        assertNull(fit.agreement)
        assertEquals(true, fit.inside, "${fit.perSec} at least 3,200/s")
        assertNull(assertNotNull(CapacityKnee.of(capacity(low = null, high = null), forks)).inside, "nothing bracketed: nothing to be inside")
    }

    @Test
    fun `no model knee without a percentile to predict, an anchor or a queueing check below the knee`() {
        assertNull(CapacityKnee.of(capacity(percentile = "max"), forks))
        assertNull(CapacityKnee.of(capacity(anchor = null), forks), "fewer than two forks kept the lowest rate")
        assertNull(CapacityKnee.of(capacity(), forks.map { it.copy(queueing = null) }))
        val broke = assertNotNull(CapacityKnee.of(capacity(anchor = 25_000_000.0), forks))
        assertNull(broke.perSec, "the lowest rate's p99 alone breaks the objective")
        assertNull(broke.agreement)
    }
}
