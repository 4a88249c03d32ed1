package dev.bakeoff.engine

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.session.RunSink
import dev.bakeoff.engine.suite.SuiteRunner
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.PlanMode
import dev.bakeoff.result.Results
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import org.openjdk.jmh.results.RunResult
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * Runs real cells through JMH (forked JVMs, smoke preset) and checks what comes back: every field
 * of every ok cell, and the status and reason of every way a cell can fail. Counts and structure
 * only; no assertion looks at a duration.
 */
class SuiteRunnerTest {
    @TempDir
    lateinit var out: Path

    private fun options(strategies: String, workloads: String, timeout: Long? = null) = RunOptions(
        strategies = Strategies.catalog.resolveList(strategies),
        workloads = Workloads.catalog.resolveList(workloads),
        items = 20,
        wait = WaitForm.BLOCKING,
        preset = Preset.SMOKE,
        out = out,
        cellTimeoutSeconds = timeout,
    )

    @Test
    fun `every field is filled for every ok cell and results are written after each cell`() {
        val written = mutableListOf<Results>()
        var jmh = emptyList<RunResult>()
        val sink = object : RunSink {
            override fun results(results: Results) {
                written += results
            }

            override fun jmh(runs: List<RunResult>) {
                jmh = runs.toList()
            }
        }
        val results = SuiteRunner(options("direct,executor-fixed-cpu,virtual-threads", "arithmetic,storage"), sink = sink).run()
        assertEquals(6, results.cells.size)
        assertEquals(listOf(1, 2, 3, 4, 5, 6, 6), written.map { it.cells.size }, "one snapshot per cell, then the final one")
        assertTrue(written.dropLast(1).none { it.complete } && results.complete)
        for (c in results.cells) {
            assertEquals(CellStatus.OK, c.status, "${c.strategy} x ${c.workload}: ${c.error}")
            val time = assertNotNull(c.timeNs)
            assertEquals(3, time.runs.size)
            assertTrue(time.runs.all { it > 0 && it.isFinite() }, "every measured run is a time: ${time.runs}")
            assertNotNull(c.allocBytesPerOp)
            val threads = assertNotNull(c.threads)
            assertEquals(0, threads.aliveAfterClose)
            assertNotNull(c.latencyNs)
            assertEquals(20, assertNotNull(c.tasks).completed, "every item of the traced batch recorded its end")
            assertNotNull(c.perThread)
            assertNotNull(c.throughputPerSec)
            assertNotNull(c.cpuNsPerOp)
            val limit = assertNotNull(c.limitNs, "physical limit")
            assertEquals(limit / time.median, assertNotNull(c.efficiency))
            assertEquals(PlanMode.AVERAGE_TIME, assertNotNull(c.plan).mode)
        }
        val vt = results.cells.first { it.strategy == "virtual-threads" }
        assertEquals(20, vt.threads!!.virtualUsed)
        assertEquals(1, results.cells.first { it.strategy == "direct" }.perThread!!.threadsUsed)
        // A pool of one thread per core: the census sees its threads start, the trace no more of them run items.
        val cores = results.machine.cores
        for (fixed in results.cells.filter { it.strategy == "executor-fixed-cpu" }) {
            assertTrue(fixed.threads!!.created >= minOf(cores, 20), "${fixed.workload}: ${fixed.threads}")
            assertTrue(fixed.perThread!!.threadsUsed in 1..cores, "${fixed.workload}: ${fixed.perThread}")
        }
        // E1 storage's longest item waits 0.69 ms at 20 items: no strategy can beat it.
        assertTrue(results.cells.filter { it.workload == "storage" }.all { it.limitNs!! >= 690_000 })
        // One limit per group, the one its cells' forks calibrated lowest, named by the strategy that did.
        for (group in results.cells.groupBy { it.workload }.values) {
            assertEquals(1, group.map { it.limitNs }.distinct().size, "${group.map { it.limitNs }}")
            val by = group.map { it.limitParts!!.calibratedBy }.distinct().single()
            assertTrue(by in group.map { it.strategy }, "calibrated by $by")
        }
        assertTrue(jmh.isNotEmpty(), "JMH's own results go to the sink (the session writes jmh.json)")
        // Every run measures its own path first, in its own JVM: cell-000 is that cell.
        assertTrue(assertNotNull(results.machine.harnessNsPerItem) > 0)
        assertTrue(Files.exists(out.resolve("cells/cell-000.log")))
        assertTrue(written.all { it.machine.harnessNsPerItem == results.machine.harnessNsPerItem })
        assertEquals(Runtime.getRuntime().availableProcessors(), results.machine.cores)
        assertTrue(results.machine.jdkVersion.isNotEmpty() && results.machine.libraries.getValue("jmh-core") == "1.37")
    }

    @Test
    fun `a throwing, a ledger-breaking, a hanging and a crashing cell get their status and the suite goes on`() {
        val results = SuiteRunner(options("fixture-throw,fixture-skip-one,fixture-hang,fixture-crash,direct", "arithmetic", timeout = 20)).run()
        val byStrategy = results.cells.associateBy { it.strategy }
        assertEquals(CellStatus.FAILED, byStrategy.getValue("fixture-throw").status)
        assertContains(byStrategy.getValue("fixture-throw").error!!, "deliberate failure")
        assertEquals(CellStatus.BROKEN, byStrategy.getValue("fixture-skip-one").status)
        assertContains(byStrategy.getValue("fixture-skip-one").error!!, "item 19 ran 0 time(s)")
        // No item completes: the progress watchdog ends it long before its time limit, with the frame that holds it.
        val hang = byStrategy.getValue("fixture-hang")
        assertEquals(CellStatus.DEADLOCKED, hang.status, hang.error)
        assertContains(hang.error!!, "no item completed")
        assertNotNull(hang.threadDump)
        assertEquals(CellStatus.FAILED, byStrategy.getValue("fixture-crash").status)
        assertNotNull(byStrategy.getValue("fixture-crash").error)
        assertEquals(CellStatus.OK, byStrategy.getValue("direct").status, "the suite continues after failures")
    }

    @Test
    fun `long batches are planned single-shot with the reason recorded`() {
        val plan = Preset.QUICK.plan(4_950_000_000)
        assertEquals(PlanMode.SINGLE_SHOT, plan.mode)
        assertTrue(plan.measurementIterations >= 3)
        assertContains(plan.reason, "4.950 s")
        assertEquals(PlanMode.AVERAGE_TIME, Preset.QUICK.plan(1_000_000).mode)
    }
}
