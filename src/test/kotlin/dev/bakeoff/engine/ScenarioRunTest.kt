package dev.bakeoff.engine

import dev.bakeoff.catalog.Scenarios
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.suite.SuiteRunner
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellStatus
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals

/** Scenario cells through JMH (forked JVMs, smoke preset): a verification failure marks the cell broken and the suite goes on. */
class ScenarioRunTest {
    @TempDir
    lateinit var out: Path

    @Test
    fun `a cell whose scenario verification fails is broken, with the scenario's reason`() {
        val options = RunOptions(
            strategies = Strategies.catalog.resolveList("fixture-skip-one,direct"),
            workloads = emptyList(),
            items = 20,
            wait = WaitForm.BLOCKING,
            preset = Preset.SMOKE,
            out = out,
            scenario = Scenarios.catalog.resolve("file-sender:send-ms=1"),
        )
        val cells = SuiteRunner(options).run().cells.associateBy { it.strategy }
        val broken = cells.getValue("fixture-skip-one")
        assertEquals(CellStatus.BROKEN, broken.status)
        assertContains(broken.error!!, "file-sender: ")
        assertContains(broken.error!!, "1 file(s) in neither list")
        assertEquals(CellStatus.OK, cells.getValue("direct").status, cells.getValue("direct").error)
        assertEquals("file-sender", cells.getValue("direct").scenario)
    }
}
