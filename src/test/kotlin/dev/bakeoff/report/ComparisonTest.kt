package dev.bakeoff.report

import dev.bakeoff.metrics.MedianRatio.Verdict
import dev.bakeoff.result.CellStatus
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

class ComparisonTest {
    private val cells = CompareFixture.STRATEGIES.size * CompareFixture.WORKLOADS.size

    @Test
    fun `two runs of the same cells differ in no cell but the one made slower on purpose`() {
        val c = Comparison.ofRuns(CompareFixture.run(1), CompareFixture.run(2, slower = "virtual-threads" to "storage"))
        assertEquals(cells, c.rows.size)
        val slowed = c.rows.single { it.title == "virtual-threads × storage, 100 items (blocking)" }
        assertEquals(Verdict.SLOWER, slowed.verdict, "${slowed.stats}")
        assertTrue(slowed.stats.ciLow > 1.5, "${slowed.stats}")
        val others = c.rows - slowed
        // Noise alone: most cells, with seeded data deterministically all here, are no significant difference.
        assertTrue(others.count { it.verdict == Verdict.SAME } >= others.size - 1, others.joinToString("\n") { "${it.title} ${it.stats}" })
        assertEquals(emptyList(), c.notCompared)
        assertFalse(c.machinesDiffer)
    }

    @Test
    fun `two runs of one machine are one machine, whatever Bakeoff's measured cost per item`() {
        val base = CompareFixture.run(1).let { it.copy(machine = it.machine.copy(harnessNsPerItem = 12.5)) }
        val new = CompareFixture.run(2).let { it.copy(machine = it.machine.copy(harnessNsPerItem = 14.0)) }
        assertFalse(Comparison.ofRuns(base, new).machinesDiffer)
        assertTrue(Comparison.ofRuns(base, new.copy(machine = new.machine.copy(jdkVersion = "25.0.1"))).machinesDiffer)
    }

    @Test
    fun `three runs a side never call anything a change, not even a doubled cell`() {
        val c = Comparison.ofRuns(CompareFixture.run(1, runs = 3), CompareFixture.run(2, runs = 3, slower = "direct" to "network"))
        assertEquals(mapOf(Verdict.FASTER to 0, Verdict.SLOWER to 0, Verdict.SAME to cells), c.counts)
    }

    @Test
    fun `cells on one side only or not ok are listed with the reason, and other machines are flagged`() {
        val base = CompareFixture.run(1)
        val new = CompareFixture.run(2).let { r ->
            r.copy(
                machine = r.machine.copy(cores = 2),
                cells = r.cells.drop(1).map { if (it.strategy == "coroutine-io" && it.workload == "network") it.copy(status = CellStatus.TIMEOUT, timeNs = null) else it },
            )
        }
        val c = Comparison.ofRuns(base, new)
        assertEquals(cells - 2, c.rows.size)
        assertEquals(listOf("direct × arithmetic, 100 items (blocking): only in base", "coroutine-io × network, 100 items (blocking): new timeout"), c.notCompared.map { it.toString() })
        assertTrue(c.machinesDiffer)
    }

    @Test
    fun `cells that could not be matched are summarised in one line per reason, however many`() {
        val base = CompareFixture.run(1)
        // The new run has every cell at 1,000 items as well, and one of its 100-item cells failed.
        val new = CompareFixture.run(2).let { r ->
            val failed = r.cells.map { if (it.strategy == "direct" && it.workload == "storage") it.copy(status = CellStatus.FAILED) else it }
            r.copy(cells = failed + r.cells.map { it.copy(items = 1000) })
        }
        val c = Comparison.ofRuns(base, new)
        assertEquals(cells + 1, c.notCompared.size)
        assertEquals(
            listOf(
                "1 cell new failed: direct × storage, 100 items (blocking)",
                "12 cells only in new: direct × arithmetic, 1000 items (blocking), executor-fixed-cpu × arithmetic, 1000 items (blocking) and 10 more",
            ),
            c.notComparedSummary,
        )
    }

    @Test
    fun `two strategies within one run are matched by workload`() {
        val run = CompareFixture.run(3)
        val c = Comparison.ofStrategies(run, "direct", "virtual-threads")
        assertEquals(CompareFixture.WORKLOADS.map { "$it, 100 items (blocking)" }, c.rows.map { it.title })
        // virtual-threads' medians are twice direct's in the fixture (factor (s + 2): 4 / 2).
        assertTrue(c.rows.all { it.verdict == Verdict.SLOWER && it.stats.ratio in 1.8..2.2 }, c.rows.joinToString { "${it.stats}" })
    }

    @Test
    fun `compare html shows both machines, every row and its verdict, self-contained`() {
        val c = Comparison.ofRuns(CompareFixture.run(1), CompareFixture.run(2, slower = "virtual-threads" to "storage"))
        val html = buildString { CompareHtml.write(c, this) }
        assertEquals(1, Regex("class=\"chart\"").findAll(html).count())
        assertEquals(cells, Regex("<td class=\"verdict ").findAll(html).count())
        assertContains(html, "<td class=\"verdict slower\">slower</td>")
        assertContains(html, "<th>base</th>")
        assertContains(html, "<th>new</th>")
        assertFalse(html.contains("<script src", ignoreCase = true))
    }
}
