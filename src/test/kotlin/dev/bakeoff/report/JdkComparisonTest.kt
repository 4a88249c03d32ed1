package dev.bakeoff.report

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.metrics.MedianRatio.Verdict
import dev.bakeoff.result.EventTally
import dev.bakeoff.result.Evidence
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

    /**
     * As a race leaves it: the pinned cell on 21 stopped after its screening run (it cannot win its
     * group), its evidence pass counted pins on 21 and none on 25.
     */
    private fun raced(): Results {
        val r = run()
        fun pinned(count: Double) = Evidence(batches = 1, wallNs = 1e8, pinned = EventTally(count, count * 5e7))
        return r.copy(
            cells = r.cells.map { c ->
                if (c.strategy != "virtual-threads" || c.workload != "network") return@map c
                val t = c.timeNs!!
                if (c.jdk == "21.0.8") {
                    c.copy(timeNs = t.copy(runs = t.runs.take(1)), evidence = pinned(100.0))
                } else {
                    c.copy(evidence = pinned(0.0))
                }
            },
        )
    }

    @Test
    fun `a cell measured once on one JDK is compared when its runs are separated, and its pins are cited`() {
        val c = Comparison.ofJdks(raced()).single()
        val pinned = c.rows.single { it.title == "virtual-threads × network, 100 items (blocking)" }
        assertEquals(1, pinned.stats.baselineRuns)
        assertEquals(Verdict.FASTER, pinned.verdict)
        assertEquals("faster (separated)", pinned.verdictLabel)
        assertTrue(c.notCompared.isEmpty(), c.notCompared.toString())
        val sentence = EvidenceVerdicts.acrossJdks(c).single()
        assertContains(sentence, "on JDK 21.0.8 100 pinned events per batch, 5.00 s pinned in total")
        assertContains(sentence, "JDK 25 does not pin (")
        assertContains(sentence, "× faster; significant: every run over 2.00× apart)")
        val html = buildString { HtmlReportFormat(Strategies.colours).write(raced(), this) }
        assertContains(html, "JDK against JDK")
        assertContains(html, "faster (separated)")
        assertContains(html, "Where the answer differs")
    }

    @Test
    fun `a cell measured once whose runs overlap the other JDK's is not compared`() {
        val once = run().let { r ->
            r.copy(cells = r.cells.map { c -> if (c.jdk == "25") c else c.copy(timeNs = c.timeNs!!.copy(runs = c.timeNs!!.runs.take(1))) })
        }
        val c = Comparison.ofJdks(once).single()
        // Only the 20x slower cell is separated; every other cell has one run on 21 within noise of 25's.
        assertEquals(listOf("virtual-threads × network, 100 items (blocking)"), c.rows.map { it.title })
        assertEquals(CompareFixture.STRATEGIES.size * CompareFixture.WORKLOADS.size - 1, c.notCompared.size)
        assertTrue(c.notCompared.all { n -> n.reasons.single().problem == Reason.Problem.ONE_RUN })
    }

    @Test
    fun `a run on one JDK has no JDK table`() {
        assertEquals(emptyList(), Comparison.ofJdks(CompareFixture.run(1)))
    }
}
