package dev.bakeoff.engine

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.engine.cell.Cell
import dev.bakeoff.engine.cell.ComponentCpuCalibration
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.model.ComponentWork
import dev.bakeoff.model.OpenScenario
import dev.bakeoff.model.PhysicalLimit
import dev.bakeoff.model.Resolved
import dev.bakeoff.model.RunContext
import dev.bakeoff.model.Scenario
import dev.bakeoff.model.ScenarioEntry
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.LimitBound
import org.junit.jupiter.api.Test
import java.lang.management.ManagementFactory
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/** A scenario cell's physical limit counts the CPU its components cost, before and after the wait, on every thread. */
class ScenarioLimitTest {
    /** Spins on the calling thread until it has used [nanos] of its own CPU. */
    private fun burn(nanos: Long) {
        val mx = ManagementFactory.getThreadMXBean()
        val end = mx.currentThreadCpuTime + nanos
        while (mx.currentThreadCpuTime < end) Thread.onSpinWait()
    }

    /**
     * Components of known cost: 1 ms of CPU per item before the wait on a thread of their own (as a
     * server's handler), [AFTER_NS] after it on the caller's: far more, because the calibration counts
     * every thread's CPU and the JIT's or GC's few milliseconds in the window before the wait must not
     * make that part look the larger (seen in CI with 2 ms: 4.2 ms before, 4.1 ms after).
     */
    private class Known(private val server: ExecutorService, private val burn: (Long) -> Unit) : ComponentWork {
        private var items = 0

        override fun beforeWait(items: Int) {
            this.items = items
            server.submit { burn(items * 1_000_000L) }.get()
        }

        override fun afterWait() = burn(items * AFTER_NS)
    }

    @Test
    fun `the calibration counts every thread's CPU, before the wait and after it`() {
        val cost = Executors.newSingleThreadExecutor().use { server ->
            ComponentCpuCalibration.measure(Known(server, ::burn), items = 3, budgetNanos = 0, reset = {})
        }
        assertTrue(cost.beforeNs >= 1_000_000, "before: ${cost.beforeNs} ns per item, on another thread")
        // The kernel adds a running thread's time to its clock at each scheduler tick: the caller's own clock, read
        // while it runs, lags by up to a tick (10 ms at the coarsest HZ) per pass, spread over the items.
        assertTrue(cost.afterNs >= AFTER_NS - TICK_NS / 3, "after: ${cost.afterNs} ns per item")
        assertTrue(cost.beforeNs < cost.afterNs, "$cost")
    }

    /**
     * A CPU clock the fixtures below advance by what they state they cost, and each reading by
     * [perRead] (as reading a file per thread costs CPU): no real time in these tests.
     */
    private class Clock(private val perRead: Long = 0) {
        var ns = 0L

        fun read(): Map<Long, Long> {
            ns += perRead
            return mapOf(1L to ns)
        }
    }

    /** Components that cost 1 ms after the wait only from the state a batch starts in (rows still READY). */
    private class Stateful(private val clock: Clock) : ComponentWork {
        var fresh = true
        var passes = 0

        override fun beforeWait(items: Int) {
            passes++
        }

        override fun afterWait() {
            if (fresh) clock.ns += 1_000_000
            fresh = false
        }
    }

    @Test
    fun `every pass starts from a reset scenario, after one pass that is not counted`() {
        val clock = Clock()
        val work = Stateful(clock)
        var resets = 0
        val reset = {
            resets++
            work.fresh = true
        }
        val cost = ComponentCpuCalibration.measure(work, items = 1, budgetNanos = 0, reset, clock::read)
        assertEquals(1 + ComponentCpuCalibration.MIN_PASSES, work.passes)
        assertEquals(work.passes, resets)
        assertEquals(ComponentCpuCalibration.Cost(beforeNs = 0.0, afterNs = 1_000_000.0), cost)
    }

    /**
     * Components that pay 2 ms per item, in their third pass only, for what every pass did (as a
     * garbage collection falls in one pass), and 4 ms in their first, which warms a path up.
     */
    private class PaidOnce(private val clock: Clock) : ComponentWork {
        var passes = 0

        override fun beforeWait(items: Int) {
            passes++
            if (passes == 1) clock.ns += 4_000_000L * items
        }

        override fun afterWait() {
            if (passes == 3) clock.ns += 2_000_000L * 10
        }
    }

    @Test
    fun `a cost paid in one pass is spread over the passes counted, without the first pass or reading the clock`() {
        val clock = Clock(perRead = 300_000)
        val work = PaidOnce(clock)
        val cost = ComponentCpuCalibration.measure(work, items = 10, budgetNanos = 0, {}, clock::read)
        assertEquals(3, work.passes)
        assertEquals(ComponentCpuCalibration.Cost(beforeNs = 0.0, afterNs = 1_000_000.0), cost)
    }

    /**
     * A scenario of known cost: every item waits [WAIT_NS]; its components burn 1 ms of CPU per item
     * before the wait on a thread of their own (a server's), and 5 ms per item after it on the
     * caller's, for rows still READY only (as order-status updates only READY rows), which [reset]
     * brings back.
     */
    private inner class Burning : Scenario {
        override fun expected(index: Int) = index

        override fun waitNanos(index: Int) = WAIT_NS

        override fun limit() = PhysicalLimit(WAIT_NS, "one wait")

        override fun open(): OpenScenario = object : OpenScenario {
            private val server = Executors.newSingleThreadExecutor()
            private var ready = true

            override fun run(seed: Int) = seed

            override fun reset() {
                ready = true
            }

            override fun verify() = Unit

            override fun close() = server.close()

            override fun components() = object : ComponentWork {
                private var items = 0

                override fun beforeWait(items: Int) {
                    this.items = items
                    server.submit { burn(items * 1_000_000L) }.get()
                }

                override fun afterWait() {
                    if (ready) burn(items * 5_000_000L)
                    ready = false
                }
            }
        }
    }

    @Test
    fun `a scenario of known cost gets its parts and the binding one named`() {
        val entry = ScenarioEntry("burning", "known cost", defaultItems = 4, strategies = "direct") { _, _ ->
            Burning()
        }
        val direct = Strategies.catalog.resolve("direct")
        val spec = CellSpec(direct, null, 4, WaitForm.BLOCKING, Resolved(entry, emptyMap()))
        val bound = Cell(spec, RunContext()).use { cell ->
            cell.open()
            cell.physicalLimit(cores = 2, budgetNanos = 0)
        }
        val parts = bound.parts
        assertEquals(WAIT_NS.toDouble(), parts.waitNs)
        assertTrue(parts.cpuBeforeNs > 0, "$parts")
        assertTrue(parts.cpuAfterNs!! > parts.cpuBeforeNs, "$parts")
        // 100 ms + 20 ms / 2 cores after the wait, against 24 ms / 2 cores in all and 106 ms for one item: the JIT
        // or GC time the calibration also counts (every kernel thread) would need 200 ms to change the binding.
        assertEquals(LimitBound.CPU_AFTER_WAIT, parts.binds, "$parts")
    }

    @Test
    fun `each scenario's limit is its critical path plus its components' measured CPU, with the parts`() {
        val scenarios = mapOf(
            "api-fanout:latency-ms=20:warm-up-calls=50" to 20_000_000.0,
            "order-status:call-ms=20:warm-up-calls=50:api=http" to 20_000_000.0,
            "file-sender:send-ms=5:failure-percent=0" to 5_000_000.0,
        )
        for ((scenario, path) in scenarios) {
            val bound = Cell(CellSpec.parseScenario("direct", scenario, 8, "blocking"), RunContext()).use { cell ->
                cell.open()
                cell.physicalLimit(cores = 2, budgetNanos = 0)
            }
            val parts = bound.parts
            assertEquals(path, parts.waitNs, scenario)
            val after = assertNotNull(parts.cpuAfterNs, scenario)
            assertEquals(path + after / 2, bound.afterWaitNs, scenario)
            assertTrue(bound.limitNs >= path, "$scenario: ${bound.limitNs}")
            // The HTTP client reads every response after the wait; file-sender's components cost next to
            // nothing, so which bound it names is the JVM's background noise (the fixture above names one).
            if (!scenario.startsWith("file-sender")) assertTrue(after > 0, "$scenario: $parts")
        }
    }

    private companion object {
        const val WAIT_NS = 100_000_000L
        const val AFTER_NS = 20_000_000L
        const val TICK_NS = 10_000_000L
    }
}
