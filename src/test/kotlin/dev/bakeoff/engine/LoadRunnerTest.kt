package dev.bakeoff.engine

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.fork.LoadRunner
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.LoadPlan
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.result.Arrival
import dev.bakeoff.result.CellStatus
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.io.path.exists
import kotlin.io.path.readText
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * Load cells in their own JVMs: a strategy with an open-loop form reports every figure and the
 * theory's checks; one that only knows a fixed batch is skipped with its reason. Counts only.
 */
class LoadRunnerTest {
    @TempDir
    lateinit var out: Path

    private val options get() = RunOptions(
        strategies = Strategies.catalog.resolveList("direct"),
        workloads = Workloads.catalog.resolveList("storage"),
        out = out,
    )

    private val plan = LoadPlan(200.0, Arrival.POISSON, durationNs = 300_000_000L, warmupNs = 100_000_000L)

    @Test
    fun `a load cell runs in its own JVM and reports its figures and the checks`() {
        val spec = CellSpec.parse("executor-fixed:size=4", "storage", 100, "blocking")
        val result = LoadRunner(options, out).run(7, spec, plan)
        assertEquals(CellStatus.OK, result.status, result.error)
        val f = assertNotNull(result.figures)
        assertTrue(f.arrived > 0)
        assertEquals(f.arrived, f.completed)
        assertEquals(0, f.unfinished)
        assertEquals(0, f.failed)
        assertTrue(f.latencyNs.p50 > 0 && f.latencyNs.p50 <= f.latencyNs.p99 && f.latencyNs.p99 <= f.latencyNs.max)
        assertNotNull(f.peakThreads)
        assertNotNull(f.allocBytesPerItem)
        assertNotNull(result.little)
        assertEquals(4, assertNotNull(result.queueing).servers)
        // The tail's causes, recorded in the load JVM: JFR's pause counts and both percentiles attributed.
        val tail = assertNotNull(f.tail, "tail stalls")
        assertNull(tail.unavailable, tail.unavailable)
        assertNotNull(tail.gcPauses)
        assertEquals(listOf("p99", "p99.9"), tail.tails.map { it.percentile })
        assertTrue(tail.tails.all { it.items > 0 && it.valueNs == f.latencyNs.at(it.percentile) }, "${tail.tails}")
        // Its JVM wrote the cell's log and report under the cell's name, in the run's folder.
        assertTrue(out.resolve("cell-007.log").exists())
        assertTrue(out.resolve("cell-007.probe.json").readText().contains("\"figures\""))
    }

    @Test
    fun `a strategy that only knows a fixed batch is skipped with its reason`() {
        val spec = CellSpec.parse("parallel-stream", "storage", 100, "blocking")
        val result = LoadRunner(options, out).run(1, spec, plan)
        assertEquals(CellStatus.SKIPPED, result.status)
        assertEquals("not applicable: IntStream.range(...).parallel() splits a fixed range of items", result.error)
    }
}
