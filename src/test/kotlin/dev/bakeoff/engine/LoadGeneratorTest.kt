package dev.bakeoff.engine

import dev.bakeoff.engine.cell.InFlightSampler
import dev.bakeoff.engine.cell.LoadClock
import dev.bakeoff.engine.cell.LoadGenerator
import dev.bakeoff.engine.cell.MachineCpu
import dev.bakeoff.engine.probe.CpuClocks
import dev.bakeoff.model.ItemDone
import dev.bakeoff.model.ItemSink
import dev.bakeoff.result.Arrival
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * The generator on an injected clock: arrivals and completions are counted exactly, a generator
 * slower than its schedule is marked as not keeping the rate, and items that never finish are
 * counted as late as the drain's end. No real time is asserted.
 */
class LoadGeneratorTest {
    /** Time moves only when the generator sleeps, plus [perCall] on every reading (a slow generator). */
    private class FakeClock(private val perCall: Long = 0) : LoadClock {
        var time = 0L

        override fun now(): Long {
            time += perCall
            return time
        }

        override fun sleepUntil(time: Long) {
            this.time = maxOf(this.time, time)
        }
    }

    /** Finishes every item at once, on the generator's thread. */
    private val instant = ItemSink { _, done -> done.done(null) }

    private fun run(
        clock: LoadClock,
        sink: ItemSink,
        rate: Double = 1000.0,
        arrival: Arrival = Arrival.UNIFORM,
        cpu: CpuClocks = CpuClocks.SYSTEM,
        machine: MachineCpu = MachineCpu { null },
        held: (Int) -> Long = { 1_000_000 },
        allocated: () -> Long = { 0L },
    ) = InFlightSampler().use { sampler ->
        LoadGenerator(rate, arrival, clock, cpu = cpu, cores = 2, machine = machine, allocated = allocated).run(
            sink,
            warmupNs = SECOND,
            durationNs = 2 * SECOND,
            drainNs = SECOND,
            maxArrivals = 10_000,
            sampler = sampler,
            held = held,
        )
    }

    @Test
    fun `the service time summarises the measured window's arrivals that ended, not the warm-up's`() {
        // Uniform 1000/s: arrival k is due at k + 1 ms, so 999 .. 2998 fall in the window (1 s to 3 s).
        val f = run(FakeClock(), instant, held = { i ->
            when {
                i < 999 -> 50_000_000L
                i == 1500 -> 0L
                i % 2 == 0 -> 1_000_000L
                else -> 3_000_000L
            }
        }).figures
        // 1999 that ended: 1000 odd at 3 ms, 999 even at 1 ms.
        val mean = (1000 * 3e6 + 999 * 1e6) / 1999
        assertEquals(mean, f.serviceNs, 1e-6)
        val variance = (1000 * (3e6 - mean) * (3e6 - mean) + 999 * (1e6 - mean) * (1e6 - mean)) / 1999
        assertEquals(variance / (mean * mean), f.serviceScv, 1e-9)
    }

    @Test
    fun `the service times' order is their lag-1 autocorrelation in arrival order, derived after the drain`() {
        fun correlation(held: (Int) -> Long) = run(FakeClock(), instant, held = held).figures.costs?.serviceCorrelation
        // Alternating 1 ms and 3 ms: each item's neighbour is its opposite.
        assertEquals(-1.0, assertNotNull(correlation { if (it % 2 == 0) 1_000_000L else 3_000_000L }), 0.001)
        // The storage workload's seeds in order: a 0.5-1.49 ms ramp, neighbours alike.
        assertEquals(0.94, assertNotNull(correlation { (500L + 10L * (it % 100)) * 1_000 }), 0.005)
        assertNull(correlation { 1_000_000L }, "all alike: no correlation to speak of")
    }

    @Test
    fun `the window's costs are the CPU from its first arrival to its last per arrival, and the gaps as submitted`() {
        val clock = FakeClock()
        // The generator's thread runs a tenth of the wall time, the JVM as a whole half of it.
        val cpu = object : CpuClocks {
            override fun thread() = clock.time / 10

            override fun process() = clock.time / 2
        }
        val costs = assertNotNull(run(clock, instant, cpu = cpu).figures.costs)
        // 2,000 arrivals from 1,000 ms to 2,999 ms: 1,999 ms of wall between the first and the last.
        assertEquals(2, costs.cores)
        assertEquals(1_999e6 / 2 / 2000, costs.cpuNsPerItem, 1e-6)
        // The in-flight sampler's own thread (really running) is the generator's too: it only adds, a little.
        val generator = 1_999e6 / 10 / 2000
        assertTrue(costs.generatorNsPerItem in generator..generator * 1.05, "${costs.generatorNsPerItem}")
        assertEquals(0.0, costs.arrivalScv, "even arrivals submitted on time")
        val poisson = assertNotNull(run(FakeClock(), instant, arrival = Arrival.POISSON, cpu = cpu).figures.costs)
        assertEquals(1.0, poisson.arrivalScv, 0.15)
        // A generator 2 ms behind on every reading submits them 2 ms apart whatever the schedule: no variation left.
        val late = assertNotNull(run(FakeClock(perCall = 2_000_000), instant, arrival = Arrival.POISSON).figures.costs)
        assertEquals(0.0, late.arrivalScv, 0.01)
    }

    @Test
    fun `the allocation per item is the window's, from its first arrival to its last, per arrival`() {
        val clock = FakeClock()
        // Three bytes a nanosecond all along: the warm-up's and the drain's are not the window's.
        val f = run(clock, instant, allocated = { clock.time * 3 }).figures
        assertEquals(1_999e6 * 3 / 2000, assertNotNull(f.allocBytesPerItem), 1e-6)
    }

    @Test
    fun `the warm-up's late arrivals and failures are not the window's`() {
        // The first 200 readings 1.5 ms each (about 100 arrivals late, all in the warm-up), then none; warm-up items fail.
        var readings = 0
        val clock = object : LoadClock {
            var time = 0L

            override fun now(): Long {
                if (++readings <= 200) time += 1_500_000
                return time
            }

            override fun sleepUntil(time: Long) {
                this.time = maxOf(this.time, time)
            }
        }
        val failing = ItemSink { index, done -> done.done(if (index < 500) IllegalStateException("warm-up") else null) }
        val f = run(clock, failing).figures
        assertEquals(0L, f.lag.late)
        assertTrue(f.lag.kept)
        assertEquals(0L, f.failed)
        assertEquals(f.arrived, f.completed)
    }

    @Test
    fun `the cores busy outside the JVM are the machine's busy CPU over the window minus the JVM's`() {
        val clock = FakeClock()
        val cpu = object : CpuClocks {
            override fun thread() = 0L

            override fun process() = clock.time / 2
        }
        // The machine busy at 1.5 cores, the JVM at half a core: one core's worth of other processes.
        val costs = assertNotNull(run(clock, instant, cpu = cpu, machine = { clock.time * 3 / 2 }).figures.costs)
        assertEquals(1.0, assertNotNull(costs.otherCores), 1e-9)
        assertEquals(null, run(FakeClock(), instant).figures.costs?.otherCores, "no /proc: not measured")
        // Every item of an instant sink found nothing in flight; the hand-offs are grouped after the drain.
        val handoff = assertNotNull(costs.handoff)
        assertEquals(listOf(2000L), handoff.byInFlight.map { it.items })
    }

    @Test
    fun `an item counts in flight from its intended start, submitted or not, until it finishes`() {
        InFlightSampler { 0 }.use { sampler ->
            sampler.plan(longArrayOf(10, 20, 30, 0), 3)
            assertEquals(0, sampler.inFlight(5))
            // A generator running late has submitted nothing yet: both items are its backlog, in flight.
            assertEquals(2, sampler.inFlight(25))
            sampler.finished()
            assertEquals(1, sampler.inFlight(25))
            assertEquals(2, sampler.inFlight(40), "the planned arrivals only, not the array's tail")
        }
    }

    @Test
    fun `a rate the generator keeps counts every arrival of the window and none late`() {
        val outcome = run(FakeClock(), instant)
        val f = outcome.figures
        // Even arrivals 1 ms apart: 999 in the warm-up (1..999 ms), 2,000 in the window (1,000..2,999 ms).
        assertEquals(2999, outcome.submitted)
        assertEquals(2000, f.arrived)
        assertEquals(2000, f.completed)
        assertEquals(0, f.unfinished)
        assertEquals(0, f.lag.late)
        assertTrue(f.lag.kept)
        assertEquals(1000.0, f.offeredPerSec)
        assertEquals(0, outcome.duplicates)
    }

    @Test
    fun `a generator slower than its schedule marks the rate as not kept`() {
        // Each reading of the clock costs 2 ms: twice the gap between arrivals at 1,000/s.
        val f = run(FakeClock(perCall = 2_000_000), instant).figures
        assertFalse(f.lag.kept)
        assertEquals(f.arrived, f.lag.late)
        assertTrue(f.lag.maxNs > 1_000_000)
    }

    @Test
    fun `items that never finish count as unfinished, as late as the drain's end`() {
        val f = run(FakeClock(), ItemSink { _, _ -> }).figures
        assertEquals(2000, f.arrived)
        assertEquals(0, f.completed)
        assertEquals(2000, f.unfinished)
        // The window's last item was intended at 2.999 s; the drain ends 1 s after the window.
        assertTrue(f.latencyNs.p50 >= SECOND, "latency from the intended start: ${f.latencyNs}")
        assertEquals(0.0, f.achievedPerSec)
    }

    @Test
    fun `a completion reported twice is caught, and failures are counted`() {
        val twice = ItemSink { i, done: ItemDone ->
            done.done(if (i % 2 == 0) IllegalStateException("item $i") else null)
            if (i == 1500) done.done(null)
        }
        val outcome = run(FakeClock(), twice)
        assertEquals(1, outcome.duplicates)
        assertEquals(1000, outcome.figures.failed)
    }

    @Test
    fun `Poisson arrivals follow a seeded schedule`() {
        val a = run(FakeClock(), instant, arrival = Arrival.POISSON).figures
        val b = run(FakeClock(), instant, arrival = Arrival.POISSON).figures
        assertEquals(a.arrived, b.arrived)
        assertTrue(a.arrived in 1800L..2200L, "about 2,000 arrivals in 2 s at 1,000/s: ${a.arrived}")
    }

    private companion object {
        const val SECOND = 1_000_000_000L
    }
}
