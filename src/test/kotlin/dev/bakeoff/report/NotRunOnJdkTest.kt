package dev.bakeoff.report

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.engine.jdk.Jdk
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.model.Family
import dev.bakeoff.model.RunContext
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.JdkInfo
import org.junit.jupiter.api.Test
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse

/**
 * Issue 45, cause 12: a strategy whose API a JDK lacks (structured-task-scope before JDK 25) is a cell
 * "not run" on that JDK, with the reason, and the JDK comparison does not call its absence a difference.
 */
class NotRunOnJdkTest {
    private fun jdk(version: String) = Jdk(Path.of("/jdk$version"), version, "Eclipse Adoptium", null)

    @Test
    fun `structured-task-scope is not run on a JDK before 25, whichever JDK runs Bakeoff`() {
        val spec = CellSpec.parse("structured-task-scope", "arithmetic", 10, "blocking")
        val on21 = spec.copy(jdk = jdk("21.0.8")).deadlock(RunContext())
        assertContains(on21.orEmpty(), "not run: structured-task-scope needs JDK 25")
        assertContains(on21.orEmpty(), "JDK 21")
        if (Strategies.catalog["structured-task-scope"].unavailable == null) {
            assertEquals(null, spec.copy(jdk = jdk("25.0.1")).deadlock(RunContext()))
        }
    }

    @Test
    fun `a strategy not run on one JDK is no difference between the JDKs`() {
        val on21 = CompareFixture.run(1).cells.map { it.copy(jdk = "21.0.8") } + CellResult(
            "structured-task-scope",
            Family("virtual-thread"),
            "arithmetic",
            100,
            WaitForm.BLOCKING,
            CellStatus.SKIPPED,
            error = "not run: structured-task-scope needs JDK 25's StructuredTaskScope API",
            jdk = "21.0.8",
        )
        // On 25 it runs and wins arithmetic (1 ms against direct's 2 ms); every other cell is as on 21.
        val sts = CompareFixture.forked(listOf(1e6, 1e6, 1e6)).copy(strategy = "structured-task-scope", jdk = "25")
        val on25 = CompareFixture.run(2).cells.map { it.copy(jdk = "25") } + sts
        val results = CompareFixture.run(1).copy(
            cells = on21 + on25,
            jdks = listOf(JdkInfo("21.0.8", "Eclipse Adoptium", "/jdk21"), JdkInfo("25", "Eclipse Adoptium", "/jdk25")),
        )
        val lines = MachineDifferences.of(RunView.of(results))
        val arithmetic = lines.single { it.trim().startsWith("arithmetic") }
        assertFalse(arithmetic.endsWith(MachineDifferences.DIFFERS), lines.joinToString("\n"))
        assertContains(arithmetic, "same answer")
        assertContains(arithmetic, "structured-task-scope not run on JDK 21.0.8")
    }
}
