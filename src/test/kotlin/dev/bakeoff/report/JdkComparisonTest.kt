package dev.bakeoff.report

import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.metrics.MedianRatio.Verdict
import dev.bakeoff.result.JdkInfo
import dev.bakeoff.result.Results
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** A several-JDK run: groups, decisions and the JDK-against-JDK table keep the JDKs apart. */
class JdkComparisonTest {
    /** Two honest runs of the same cells, labelled JDK 21.0.8 and 25, with one cell 20x slower on 21. */
    private fun run(): Results {
        val on21 = CompareFixture.run(1, slower = "virtual-threads" to "network", factor = 20.0).cells.map { it.copy(jdk = "21.0.8") }
        val on25 = CompareFixture.run(2).cells.map { it.copy(jdk = "25") }
        return CompareFixture.run(1).copy(
            cells = on21.zip(on25).flatMap { (a, b) -> listOf(a, b) },
            jdks = listOf(JdkInfo("21.0.8", "Eclipse Adoptium", "/jdk21"), JdkInfo("25", "Eclipse Adoptium", "/jdk25")),
        )
    }

    @Test
    fun `every JDK's cells form groups of their own, decided apart`() {
        val results = run()
        val view = RunView.of(results)
        assertEquals(2 * CompareFixture.WORKLOADS.size, view.groups.size)
        assertEquals("network, 100 items (blocking) on JDK 21.0.8", view.groups[4].title)
        assertEquals("network, 100 items (blocking) on JDK 25", view.groups[5].title)
        val decisions = GroupDecision.all(results.cells, null)
        assertEquals(listOf("21.0.8", "25"), decisions.filter { it.workload == "network" }.map { it.jdk })
    }

    @Test
    fun `the JDK table calls the pinned cell significantly faster on the later JDK and nothing else`() {
        val c = Comparison.ofJdks(run()).single()
        assertEquals("JDK 21.0.8" to "JDK 25", c.baseLabel to c.newLabel)
        assertEquals(CompareFixture.STRATEGIES.size * CompareFixture.WORKLOADS.size, c.rows.size)
        val pinned = c.rows.single { it.title == "virtual-threads × network, 100 items (blocking)" }
        assertEquals(Verdict.FASTER, pinned.verdict, "${pinned.stats}")
        assertTrue(pinned.stats.ciHigh < 0.1, "${pinned.stats}")
        assertTrue((c.rows - pinned).none { it.verdict == Verdict.FASTER }, c.rows.joinToString("\n") { "${it.title} ${it.stats}" })
        assertContains(CompareHtml.method(c), "ratio = JDK 25 median / JDK 21.0.8 median")
    }

    @Test
    fun `a run on one JDK has no JDK table`() {
        assertEquals(emptyList(), Comparison.ofJdks(CompareFixture.run(1)))
    }
}
