package dev.bakeoff.report

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.metrics.ForkVerdict
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.result.EventTally
import dev.bakeoff.result.Evidence
import dev.bakeoff.result.JdkInfo
import dev.bakeoff.result.Results
import dev.bakeoff.result.copy
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** A several-JDK run: groups, decisions and the JDK-against-JDK table keep the JDKs apart. */
class JdkComparisonTest {
    /** Two honest runs of the same cells, labelled JDK 21.0.8 and 25, with one cell [factor] times slower on 21. */
    private fun run(factor: Double = 20.0): Results {
        val on21 = CompareFixture.run(1, slower = "virtual-threads" to "network", factor = factor).cells.map { it.copy(jdk = "21.0.8") }
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
        assertEquals(ForkVerdict.FASTER, pinned.verdict, pinned.figures)
        assertTrue(pinned.ratio < 0.1, pinned.figures)
        val others = c.rows - pinned
        assertTrue(others.none { it.verdict == ForkVerdict.FASTER }, others.joinToString("\n") { "${it.title} ${it.figures}" })
        assertContains(CompareHtml.method(c), "ratio = JDK 25 / JDK 21.0.8 of each cell's geometric-mean fork median")
    }

    /**
     * As a race leaves it: the pinned cell on 21 stopped after its screening run (it cannot win its
     * group), its evidence pass counted pins on 21 and none on 25.
     */
    private fun raced(factor: Double = 20.0): Results {
        val r = run(factor)
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
    fun `a cell measured once on one JDK is separated ten times apart, as its group's decision is, and its pins are cited`() {
        val c = Comparison.ofJdks(raced()).single()
        val pinned = c.rows.single { it.title == "virtual-threads × network, 100 items (blocking)" }
        // An old file: its one run is one fork, too few for a test; 20 times apart, the one-fork separation holds.
        assertEquals(1, pinned.base.forks.size)
        assertEquals(ForkVerdict.FASTER, pinned.verdict, pinned.figures)
        assertEquals("faster (separated)", pinned.verdictLabel)
        assertTrue(c.notCompared.isEmpty(), c.notCompared.toString())
        val sentence = EvidenceVerdicts.acrossJdks(c).single()
        assertContains(sentence, "on JDK 21.0.8 100 pinned events per batch, 5.00 s pinned in total")
        assertContains(sentence, "JDK 25 does not pin (")
        val html = buildString { HtmlReportFormat(Strategies.colours).write(raced(), this) }
        assertContains(html, "JDK against JDK")
        assertContains(html, "faster (separated)")
        assertContains(html, "Where the answer differs")
    }

    @Test
    fun `a cell measured once on one JDK under ten times apart is not tested`() {
        val c = Comparison.ofJdks(raced(factor = 5.0)).single()
        val pinned = c.rows.single { it.title == "virtual-threads × network, 100 items (blocking)" }
        assertEquals(ForkVerdict.NOT_TESTED, pinned.verdict, pinned.figures)
        assertEquals("not tested (1 and 10 forks: a test takes at least 2 a side)", pinned.verdictLabel)
        assertContains(EvidenceVerdicts.acrossJdks(c).single(), "× faster; not tested (1 and 10 forks: a test takes at least 2 a side))")
    }

    @Test
    fun `a cell with two separated forks a side is faster without a test, and its pins are cited`() {
        // The pinned cell on 21 with its first two runs (two forks in an old file) instead of one.
        val two = raced().let { r ->
            val twoRuns = r.cells.zip(run().cells) { c, full ->
                if (c.timeNs!!.runs.size == 1) c.copy(timeNs = full.timeNs!!.copy(runs = full.timeNs.runs.take(2))) else c
            }
            r.copy(cells = twoRuns)
        }
        val c = Comparison.ofJdks(two).single()
        val pinned = c.rows.single { it.title == "virtual-threads × network, 100 items (blocking)" }
        assertEquals(ForkVerdict.FASTER, pinned.verdict)
        assertEquals("faster (separated)", pinned.verdictLabel)
        assertContains(EvidenceVerdicts.acrossJdks(c).single(), "× faster; significant: every fork over 2.00× apart)")
    }

    @Test
    fun `cells measured once on one JDK are all listed, none tested, only ten times apart separated`() {
        val once = run().let { r ->
            r.copy(cells = r.cells.map { c -> if (c.jdk == "25") c else c.copy(timeNs = c.timeNs!!.copy(runs = c.timeNs!!.runs.take(1))) })
        }
        val c = Comparison.ofJdks(once).single()
        assertEquals(CompareFixture.STRATEGIES.size * CompareFixture.WORKLOADS.size, c.rows.size)
        // All but the cell twenty times slower on 21, which one fork a side separates.
        val apart = c.rows.filter { it.verdict != ForkVerdict.NOT_TESTED }
        assertEquals(listOf("virtual-threads × network, 100 items (blocking)"), apart.map { it.title })
        assertEquals(emptyList(), c.notCompared)
    }

    @Test
    fun `a run on one JDK has no JDK table`() {
        assertEquals(emptyList(), Comparison.ofJdks(CompareFixture.run(1)))
    }
}
