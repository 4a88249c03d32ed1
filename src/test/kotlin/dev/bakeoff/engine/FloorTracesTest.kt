package dev.bakeoff.engine

import dev.bakeoff.engine.fork.FloorTraces
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.PlanMode
import org.junit.jupiter.api.Test
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** Trace-only cells run side by side, never more than [FloorTraces.PARALLELISM], reported on the caller's thread. */
class FloorTracesTest {
    private val plan = MeasurementPlan(PlanMode.SINGLE_SHOT, 1, 1, 1, 0, "test")

    private fun request(i: Int, floor: Long) =
        FloorTraces.Request(i, CellSpec.parse("direct", "network", 10, "blocking"), plan, floor, "test")

    @Test
    fun `the first cells run at once, longest floor first, and every result comes back on the calling thread`() {
        val requests = (1..6).map { request(it, floor = it * 1_000L) }
        // The first PARALLELISM calls each wait for all of them: only calls running at once can pass.
        val together = CountDownLatch(FloorTraces.PARALLELISM)
        val inFlight = AtomicInteger()
        val most = AtomicInteger()
        val met = AtomicInteger()
        val workers = java.util.concurrent.ConcurrentHashMap.newKeySet<Thread>()
        val entered = java.util.Collections.synchronizedList(mutableListOf<Int>())
        val traces = FloorTraces({ r ->
            workers += Thread.currentThread()
            entered += r.index
            most.accumulateAndGet(inFlight.incrementAndGet(), ::maxOf)
            together.countDown()
            if (together.await(10, TimeUnit.SECONDS)) met.incrementAndGet()
            inFlight.decrementAndGet()
            CellResult(r.spec.strategy.spec, r.spec.strategy.entry.family.family, "network", 10, r.spec.wait, CellStatus.OK)
        }, System::nanoTime)
        val caller = Thread.currentThread()
        val done = mutableListOf<Int>()
        traces.run(requests) {
            assertTrue(Thread.currentThread() === caller)
            done += it.request.index
        }
        assertEquals(6, met.get(), "the first ${FloorTraces.PARALLELISM} ran at once, the rest after them")
        assertEquals(FloorTraces.PARALLELISM, most.get())
        // A fifth starts only once one of the first four ended, which needs all four in: the longest floors.
        assertEquals(setOf(6, 5, 4, 3), entered.take(FloorTraces.PARALLELISM).toSet())
        assertEquals((1..6).toSet(), done.toSet())
        workers.forEach { it.join(10_000) }
        assertTrue(workers.isNotEmpty() && workers.none { it.isAlive }, "the pool's threads end with the run")
    }

    @Test
    fun `a trace that throws ends the run with its exception`() {
        val traces = FloorTraces({ error("probe broke") }, System::nanoTime)
        val e = runCatching { traces.run(listOf(request(1, 1))) {} }.exceptionOrNull()
        assertEquals("probe broke", e?.message)
    }
}
