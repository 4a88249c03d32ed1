package dev.bakeoff.engine

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.plan.Grid
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.suite.SuiteRunner
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellStatus
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * The spawn-cost path at a scale a test can afford: a thread per item, each waiting, with a
 * thread budget of 50 above the measured JVM's own threads in place of the machine's process-id limit.
 * 10 items fit, 100 do not: that cell must be reported as failed with how far it got, the larger
 * count skipped, and the suite must go on. Counts and statuses only, never a duration.
 */
class SpawnCostTest {
    @TempDir
    lateinit var out: Path

    @Test
    fun `a JVM that dies before measuring anything says nothing about larger counts, which still run`() {
        val options = RunOptions(
            strategies = Strategies.catalog.resolveList("fixture-crash"),
            workloads = Workloads.catalog.resolveList("arithmetic"),
            preset = Preset.SMOKE,
            out = out,
            sweep = Grid.parse("items=1,2"),
        )
        assertEquals(listOf(CellStatus.FAILED, CellStatus.FAILED), SuiteRunner(options).run().cells.map { it.status })
    }

    @Test
    fun `an approach that runs out of threads is reported with what it reached, larger counts are skipped, the run goes on`() {
        // The JVM's own threads (JIT compilers, GC, JMH) vary by machine: the budget is set above a measured
        // fork's baseline, so that 10 items fit with about 40 threads to spare and 100 exceed it by about 50.
        val budget = baselineThreads() + 50
        val options = RunOptions(
            strategies = Strategies.catalog.resolveList("thread-per-task"),
            workloads = Workloads.catalog.resolveList("io-sleep:ms=200"),
            wait = WaitForm.BLOCKING,
            preset = Preset.SMOKE,
            out = out,
            sweep = Grid.parse("items=10..1000x10"),
            maxThreads = budget,
            cellTimeoutSeconds = 120,
        )
        val cells = SuiteRunner(options).run().cells
        assertEquals(listOf(CellStatus.OK, CellStatus.FAILED, CellStatus.SKIPPED), cells.map { it.status }, cells.joinToString("\n") { "${it.items}: ${it.error}" })
        assertEquals(listOf("10", "100", "1000"), cells.map { it.sweep!!["items"] })

        val ok = cells[0]
        assertEquals(10, assertNotNull(ok.tasks).completed)
        val threads = assertNotNull(ok.threads)
        assertNotNull(threads.endLive)
        assertNotNull(threads.liveAfterClose)
        assertTrue(threads.created >= 10, "a thread per item: $threads")
        val memory = assertNotNull(ok.memory)
        assertTrue(memory.heapPeakBytes > 0)
        if (System.getProperty("os.name") == "Linux") assertNotNull(memory.rssPeakBytes)

        val died = assertNotNull(cells[1].error)
        assertContains(died, "over the thread budget of $budget")
        assertContains(died, "live platform threads")
        assertNotNull(cells[1].memory, "memory measured until it died")
        assertContains(cells[2].error!!, "did not finish at items=100")
    }

    /** Live platform threads of a measured JVM when its strategy opened (one `direct` cell of one item). */
    private fun baselineThreads(): Int {
        val options = RunOptions(
            strategies = Strategies.catalog.resolveList("direct"),
            workloads = Workloads.catalog.resolveList("arithmetic"),
            items = 1,
            preset = Preset.SMOKE,
            out = Files.createDirectories(out.resolve("baseline")),
        )
        val cell = SuiteRunner(options).run().cells.single()
        return assertNotNull(cell.threads, "baseline cell: ${cell.status} ${cell.error}").startLive
    }
}
