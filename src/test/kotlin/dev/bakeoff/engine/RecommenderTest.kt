package dev.bakeoff.engine

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.recommend.Recommender
import dev.bakeoff.engine.recommend.WorkDescription
import dev.bakeoff.metrics.Prediction
import dev.bakeoff.model.CatalogException
import dev.bakeoff.model.WaitForm
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** The recommend model's rankings for the two reference descriptions, and the confirming run it builds. */
class RecommenderTest {
    private val candidates = Strategies.catalog.resolveList(Strategies.recommended.joinToString(","))

    private fun rank(cpuUs: Int, waitMs: Int, items: Int, wait: WaitForm = WaitForm.BLOCKING) = Recommender.rank(WorkDescription(cpuUs, waitMs, items, wait), candidates, cores = 2)

    @Test
    fun `tiny CPU items put a CPU-sized pool on top, and direct ahead of every costlier dispatch`() {
        val picks = rank(cpuUs = 5, waitMs = 0, items = 100)
        assertContains(picks.first().reason, "CPU-sized pool")
        val ahead = picks.takeWhile { it.strategy.spec != "direct" }
        assertTrue(ahead.all { it.overheadNs <= POOL_HANDOFF_NS }, "ranked ahead of direct: $ahead")
    }

    @Test
    fun `long blocking waits put an unbounded waiting approach on top`() {
        val picks = rank(cpuUs = 10, waitMs = 50, items = 1000)
        assertEquals("virtual-threads", picks.first().strategy.spec)
        assertContains(picks.first().reason, "all 1000 items in flight")
        val fixed = picks.first { it.strategy.spec == "executor-fixed-cpu" }
        assertContains(fixed.reason, "2 in flight, 500 waves of 50.0 ms")
        assertEquals(setOf("direct", "coroutine-one"), picks.takeLast(2).map { it.strategy.spec }.toSet(), "one item at a time is slowest")
    }

    @Test
    fun `suspending waits let coroutines keep every item in flight`() {
        val picks = rank(cpuUs = 10, waitMs = 50, items = 1000, wait = WaitForm.SUSPENDING)
        assertEquals("coroutines", picks.first().strategy.entry.family.family.id)
        assertContains(picks.first().reason, "suspended waits hold no thread")
    }

    @Test
    fun `a semaphore's permits or a channel's workers cap the items in flight`() {
        val capped = Strategies.catalog.resolveList("virtual-threads-bounded:permits=100,channel-workers:workers=10")
        val picks = Recommender.rank(WorkDescription(10, 50, 1000, WaitForm.BLOCKING), capped, cores = 2)
        assertContains(picks.first { it.strategy.entry.id == "virtual-threads-bounded" }.reason, "100 in flight, 10 waves")
        assertContains(picks.first { it.strategy.entry.id == "channel-workers" }.reason, "10 in flight, 100 waves")
    }

    @Test
    fun `the model is waves of in-flight items or CPU over the computing threads, plus overhead`() {
        assertEquals(25_000_000.0 + 0.0, Prediction.batchNanos(1000, 0.0, 50_000.0, cores = 2, inFlight = 2, computing = 2, overheadNs = 0.0))
        assertEquals(250_000.0 + 100 * 10.0, Prediction.batchNanos(100, 5_000.0, 0.0, cores = 2, inFlight = 100, computing = 100, overheadNs = 10.0))
        assertEquals(500_000.0, Prediction.batchNanos(100, 5_000.0, 0.0, cores = 2, inFlight = 1, computing = 1, overheadNs = 0.0))
    }

    @Test
    fun `the confirming run measures the top picks on the synthetic workload`() {
        val work = WorkDescription(10, 50, 1000, WaitForm.BLOCKING)
        val picks = rank(10, 50, 1000)
        val options = Recommender.confirmation(work, picks, top = 3, preset = Preset.SMOKE, out = Path.of("unused"), cpus = null)
        assertEquals(picks.take(3).map { it.strategy.spec }, options.strategies.map { it.spec })
        assertEquals(listOf("synthetic:cpu-us=10:wait-ms=50"), options.workloads.map { it.spec })
        assertEquals(1000, options.items)
    }

    @Test
    fun `work that is nothing is refused with the reason`() {
        assertContains(assertThrows<CatalogException> { WorkDescription(0, 0, 10, WaitForm.BLOCKING) }.message!!, "--cpu-us or --wait-ms must be > 0")
    }

    private companion object {
        /** The model's assumed dispatch cost of a thread-pool hand-off: only that is cheap enough to beat direct here. */
        const val POOL_HANDOFF_NS = 2_000.0
    }
}
