package dev.bakeoff.metrics

import dev.bakeoff.result.Arrival
import dev.bakeoff.result.GeneratorLag
import dev.bakeoff.result.HandoffGroup
import dev.bakeoff.result.LoadCosts
import dev.bakeoff.result.LoadFigures
import dev.bakeoff.result.LoadHandoff
import dev.bakeoff.result.LoadLatency
import dev.bakeoff.result.ModelAssumption
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * The model that knows the machine on synthetic windows: the cores' wait added to the servers', the agreement
 * with the measured wait, and the rule that names what broke when it is off by more than 20%. No timing.
 */
class MachineQueueingTest {
    /** 2 cores, 250 µs of CPU per item at 2,000/s: the cores busy at 25%, the generator at 5%, Poisson arrivals. */
    private val costs = LoadCosts(cores = 2, cpuNsPerItem = 250_000.0, generatorNsPerItem = 50_000.0, arrivalScv = 1.0)

    /** 4 threads of 1 ms at 2,000/s: the servers busy at 50%. */
    private val pool = MachineQueueing.Pool(4, 1_000_000.0)

    private fun fit(measuredNs: Double, serviceScv: Double = 0.5, c: LoadCosts = costs, arrival: Arrival = Arrival.POISSON) =
        MachineQueueing.fit(pool, measuredNs, 2000.0, serviceScv, arrival, c)

    /**
     * A window like the first cut's `executor-fixed:size=4` at 1,000/s: 20 µs of lag, items submitted with 0 to 3
     * others in flight (a server idle) waited 80-100 µs for a woken thread, the few with 4 or more queued.
     */
    private val handoff = LoadHandoff(
        lagNs = 20_000.0,
        byInFlight = listOf(
            HandoffGroup(600, 80_000.0, 40_000.0),
            HandoffGroup(300, 100_000.0, 40_000.0),
            HandoffGroup(60, 100_000.0, 40_000.0),
            HandoffGroup(10, 100_000.0, 40_000.0),
            HandoffGroup(30, 900_000.0, 100_000.0),
        ),
    )

    @Test
    fun `the hand-off is paid by the items that found a server idle, their lag by every item`() {
        val quiet = LoadCosts(cores = 2, cpuNsPerItem = 20_000.0, generatorNsPerItem = 5_000.0, arrivalScv = 1.0, handoff = handoff)
        val f = assertNotNull(MachineQueueing.fit(pool, 123_000.0, 1000.0, 0.1, Arrival.POISSON, quiet))
        val wake = (600 * 80_000.0 + 370 * 100_000.0) / 970
        assertEquals(20_000.0 + wake, assertNotNull(f.handoffNs), 1e-6)
        assertEquals(970L, f.handoffItems)
        val square = (600 * (40_000.0 * 40_000 + 80_000.0 * 80_000) + 370 * (40_000.0 * 40_000 + 100_000.0 * 100_000)) / 970
        assertEquals((square - wake * wake) / (wake * wake), assertNotNull(f.handoffScv), 1e-9)
        val servers = MachineQueueing.servers(pool, 1000.0, wake, 1.0, 0.1)
        assertEquals(20_000.0 + servers.idle * wake + servers.waitNs + f.coreWaitNs, f.predictedWaitNs, 1e-6)
        assertTrue(servers.idle < 1.0, "some items queued and paid no hand-off")
        assertEquals(1.0, assertNotNull(f.agreement), 0.2, "within 20% once the hand-off is in")
        // An unbounded strategy's carriers are the cores: only the items with 0 or 1 others in flight found one idle,
        // and every item finds one (M/G/∞): all pay the hand-off.
        val carriers = assertNotNull(MachineQueueing.fit(null, 123_000.0, 1000.0, 0.1, Arrival.POISSON, quiet))
        assertEquals(900L, carriers.handoffItems)
        assertEquals(assertNotNull(carriers.handoffNs) + carriers.coreWaitNs, carriers.predictedWaitNs, 1e-6)
    }

    @Test
    fun `a woken server held through its hand-off serves longer, so the servers wait longer`() {
        // One server, x = S + (1 - lambda x) h: x = (S + h) / (1 + lambda h), in closed form.
        val one = MachineQueueing.Pool(1, 1_000_000.0)
        val held = (1_000_000.0 + 100_000.0) / (1 + 500e-9 * 100_000.0)
        val s = MachineQueueing.servers(one, 500.0, 100_000.0, 1.0, 0.0)
        assertEquals(Queueing.ggcWait(1, 500e-9, held, 1.0, 0.0), s.waitNs, 1e-6)
        assertEquals(1 - 500e-9 * held, s.idle, 1e-9)
        // No hand-off: M/G/c at the items' own service time.
        val none = MachineQueueing.servers(pool, 2000.0, 0.0, 1.0, 0.1)
        assertEquals(Queueing.ggcWait(4, 2000e-9, 1e6, 1.0, 0.1), none.waitNs, 1e-9)
        assertEquals(1 - Queueing.erlangC(4, 2.0), none.idle, 1e-12)
        val waits = listOf(0.0, 20_000.0, 50_000.0, 200_000.0).map { MachineQueueing.servers(pool, 3000.0, it, 1.0, 0.1) }
        assertEquals(waits.map { it.waitNs }.sorted(), waits.map { it.waitNs }, "a longer hand-off, a longer wait")
        assertEquals(waits.map { it.idle }.sortedDescending(), waits.map { it.idle }, "and fewer servers idle")
        // The hand-off alone never saturates a pool: P(idle) falls to 0 before it would.
        val near = MachineQueueing.servers(pool, 3990.0, 200_000.0, 1.0, 0.1)
        assertTrue(near.waitNs.isFinite() && near.idle < 0.01)
        assertNull(MachineQueueing.fit(pool, 1e6, 4000.0, 0.1, Arrival.POISSON, costs), "a saturated pool: no steady state")
    }

    @Test
    fun `other processes' CPU makes the cores busier and, off by more than 20 percent, is named as busy cores`() {
        // One of the 2 cores busy outside the JVM: one erlang offered beside the arrivals' 0.5, at 250 µs a service.
        val shared = costs.copyWith(otherCores = 1.0)
        val f = assertNotNull(fit(measuredNs = 3e6, c = shared))
        assertEquals(0.5, f.otherShare)
        assertEquals(Queueing.mmcWait(2, 2000.0 + 1.0 / 250e-6, 250e-6) * 1e9, f.coreWaitNs, 1e-6)
        assertEquals(listOf(ModelAssumption.BUSY_CORES), f.broken, "the generator's 5% alone is under the limit")
        assertEquals(emptyList(), fit(3e6, c = costs.copyWith(otherCores = 0.02))?.broken, "5% + 1%: not busy")
    }

    @Test
    fun `the cores' wait is M over M over k with the CPU per item as its service, added to the servers'`() {
        val core = Queueing.mmcWait(2, 2000.0, 250e-6) * 1e9
        val servers = Queueing.ggcWait(4, 2000e-9, 1e6, 1.0, 0.5)
        val f = assertNotNull(fit(measuredNs = servers + core))
        assertEquals(0.05, f.generatorShare, 1e-12)
        assertEquals(core, f.coreWaitNs, 1e-6)
        assertEquals(servers + core, f.predictedWaitNs, 1e-6)
        assertEquals(1.0, assertNotNull(f.agreement), 1e-12)
        assertEquals(emptyList(), f.broken)
    }

    @Test
    fun `within 20 percent nothing is said to have broken, even where a measurement is off`() {
        val predicted = assertNotNull(fit(measuredNs = 1.0, serviceScv = 3.0)).predictedWaitNs
        val f = assertNotNull(fit(measuredNs = predicted * 1.1, serviceScv = 3.0, c = costs.with(arrivalScv = 2.0)))
        assertEquals(emptyList(), f.broken)
    }

    @Test
    fun `off by more than 20 percent, each broken assumption is named by its own measurement`() {
        // Predicted under 0.1 ms against 3 ms measured: the model says a fraction of what happened.
        assertEquals(emptyList(), assertNotNull(fit(measuredNs = 3e6)).broken, "nothing measured broke: unexplained")
        assertEquals(listOf(ModelAssumption.ARRIVALS), fit(3e6, c = costs.with(arrivalScv = 1.6))?.broken)
        assertEquals(listOf(ModelAssumption.SERVICE_TIME), fit(3e6, serviceScv = 1.5)?.broken)
        // 150 µs of generator CPU per item at 2,000/s on 2 cores: 15% of them.
        val busy = costs.with(generatorNs = 150_000.0)
        assertEquals(listOf(ModelAssumption.BUSY_CORES), fit(3e6, c = busy)?.broken)
        assertEquals(
            ModelAssumption.entries,
            fit(10_000.0, serviceScv = 2.0, c = busy.with(arrivalScv = 0.5, serviceCorrelation = 0.9))?.broken,
            "a model that predicts too much is off too",
        )
        // Neighbours' service times alike: a pool's queue feels it, M/G/∞ (no queue) does not.
        val ordered = costs.with(serviceCorrelation = 0.94)
        assertEquals(listOf(ModelAssumption.SERVICE_ORDER), fit(3e6, c = ordered)?.broken)
        assertEquals(emptyList(), fit(3e6, c = costs.with(serviceCorrelation = 0.2))?.broken, "under the limit")
        assertEquals(emptyList(), MachineQueueing.fit(null, 3e6, 2000.0, 0.5, Arrival.POISSON, ordered)?.broken)
        // Even arrivals declared: an SCV of 0.1 is within the tolerance, 0.3 is not.
        assertEquals(emptyList(), fit(3e6, c = costs.with(arrivalScv = 0.1), arrival = Arrival.UNIFORM)?.broken)
        assertEquals(
            listOf(ModelAssumption.ARRIVALS),
            fit(3e6, c = costs.with(arrivalScv = 0.3), arrival = Arrival.UNIFORM)?.broken,
        )
    }

    @Test
    fun `no agreement without a positive measured wait, and no fit with the cores saturated`() {
        val f = assertNotNull(fit(measuredNs = -20_000.0))
        assertNull(f.agreement)
        assertEquals(emptyList(), f.broken)
        assertNull(fit(1e6, c = costs.with(cpuNs = 1_000_000.0)), "2,000/s x 1 ms on 2 cores: saturated")
    }

    @Test
    fun `a strategy that keeps every arrival in flight has no server to wait for, only the cores`() {
        val figures = LoadFigures(
            arrived = 20_000, completed = 20_000, failed = 0, unfinished = 0, offeredPerSec = 2000.0, achievedPerSec = 2000.0,
            latencyNs = LoadLatency(1, 1, 1, 1, 1, 1.3e6), lag = GeneratorLag(0, 0, 0, kept = true), meanInFlight = 2.6,
            serviceNs = 1e6, serviceScv = 0.0, costs = costs,
        )
        val check = assertNotNull(Queueing.check(figures, null, Arrival.POISSON))
        assertEquals("M/D/∞", check.model, "no server to wait for: no Erlang C")
        assertEquals(0, check.servers)
        assertEquals(0.0, check.predictedWaitNs)
        val machine = assertNotNull(check.machine)
        assertEquals(machine.coreWaitNs, machine.predictedWaitNs)
        assertEquals(machine.predictedWaitNs / 0.3e6, assertNotNull(machine.agreement), 1e-9)
        assertNull(Queueing.check(figures.copy(costs = null), 4, Arrival.POISSON)?.machine, "no costs measured: no fit")
    }

    private fun LoadCosts.with(
        arrivalScv: Double = this.arrivalScv,
        generatorNs: Double = generatorNsPerItem,
        cpuNs: Double = cpuNsPerItem,
        serviceCorrelation: Double? = this.serviceCorrelation,
    ) = LoadCosts(cores, cpuNs, generatorNs, arrivalScv, otherCores, handoff, serviceCorrelation)

    private fun LoadCosts.copyWith(otherCores: Double? = this.otherCores, handoff: LoadHandoff? = this.handoff) =
        LoadCosts(cores, cpuNsPerItem, generatorNsPerItem, arrivalScv, otherCores, handoff)
}
