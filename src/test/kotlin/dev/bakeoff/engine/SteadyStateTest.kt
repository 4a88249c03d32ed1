package dev.bakeoff.engine

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.suite.SuiteRunner
import dev.bakeoff.model.WaitForm
import dev.bakeoff.report.RunView
import dev.bakeoff.report.Verdicts
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.ForkRole
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * A cell that slows down with every batch (a fixture whose waits grow with the items it ran, so
 * the trend does not depend on this machine's speed) is re-measured with more warm-up, still
 * trends, and is flagged: in results and in the verdicts.
 */
class SteadyStateTest {
    @TempDir
    lateinit var out: Path

    @Test
    fun `a cell whose runs keep rising is re-measured with more warm-up, then flagged`() {
        val options = RunOptions(
            strategies = Strategies.catalog.resolveList("direct"),
            workloads = Workloads.catalog.resolveList("fixture-slowing"),
            items = 10,
            wait = WaitForm.BLOCKING,
            preset = Preset.SMOKE,
            out = out,
        )
        val results = SuiteRunner(options).run()
        val cell = results.cells.single()
        assertEquals(CellStatus.OK, cell.status, cell.error)
        // Its screening fork searched for the steady state first (at least 4 chunks of 100 ms), and the plan it
        // records for later forks warms up longer than smoke's one iteration for it.
        val search = assertNotNull(cell.forks).first { it.role == ForkRole.SCREENING }
        assertTrue(assertNotNull(search.warmupNs) >= 400_000_000, "$search")
        val plan = assertNotNull(cell.plan)
        assertTrue(plan.warmupIterations > 1, "$plan")
        // Its 1 us more a call grows a batch by less than 10% over three runs after a long warm-up: steady then.
        if (cell.steady == false) {
            assertTrue(assertNotNull(cell.drift) > 0.1, "drift ${cell.drift}")
            val verdict = Verdicts.of(RunView.of(results).groups.single(), results.machine.cores)
            assertTrue(verdict.lines.any { "not steady: the winner, direct's runs still trended" in it }, verdict.lines.joinToString("\n"))
        }
    }
}
