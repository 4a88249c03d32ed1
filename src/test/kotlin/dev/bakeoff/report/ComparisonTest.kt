package dev.bakeoff.report

import dev.bakeoff.engine.fanout.ResultsMerge
import dev.bakeoff.metrics.ForkVerdict
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertTrue

class ComparisonTest {
    private val cells = CompareFixture.STRATEGIES.size * CompareFixture.WORKLOADS.size

    private fun describe(rows: List<ComparedCell>) =
        rows.joinToString("\n") { "${it.title} ${it.figures} ${it.verdictLabel}" }

    @Test
    fun `two runs of the same cells differ in no cell but the one made slower on purpose`() {
        // Files written before forks were kept: each run counts as a fork.
        val c = Comparison.ofRuns(CompareFixture.run(1), CompareFixture.run(2, slower = "virtual-threads" to "storage"))
        assertEquals(cells, c.rows.size)
        val slowed = c.rows.single { it.title == "virtual-threads × storage, 100 items (blocking)" }
        assertEquals(ForkVerdict.SLOWER, slowed.verdict, slowed.figures)
        assertTrue(slowed.interval!!.first > 1.5, slowed.figures)
        assertContains(slowed.figures, "; 10 and 10 forks)")
        val others = c.rows - slowed
        val changed = listOf(ForkVerdict.FASTER, ForkVerdict.SLOWER)
        assertTrue(others.none { it.verdict in changed }, describe(others))
        assertEquals(emptyList(), c.notCompared)
        assertFalse(c.machinesDiffer)
    }

    @Test
    fun `a merged file of one machine meets a plain run of it cell for cell, and of two machines its own cells`() {
        val plain = CompareFixture.run(1)
        fun merge(vararg inputs: Results) = assertIs<ResultsMerge.Outcome.Merged>(
            ResultsMerge.merge(inputs.mapIndexed { i, r -> "in$i" to r }),
        ).results
        assertEquals(cells, Comparison.ofRuns(merge(plain), plain).rows.size)
        val other = CompareFixture.run(2).let { it.copy(machine = it.machine.copy(cpuModel = "Another CPU")) }
        val two = Comparison.ofRuns(merge(plain, other), plain)
        assertEquals(cells, two.rows.size)
        assertEquals(cells, two.notCompared.size, "the other machine's cells have no match in the plain run")
    }

    @Test
    fun `every interval is at the level divided over the cells tested`() {
        val c = Comparison.ofRuns(CompareFixture.run(1), CompareFixture.run(2, slower = "virtual-threads" to "storage"))
        assertEquals(cells, c.tests)
        assertEquals(1 - 0.05 / cells, c.confidence, 1e-12)
        assertContains(CompareHtml.method(c), "every interval at 99.58% (95% divided over the 12 cells tested)")
        val tested = c.rows.filter { it.verdict != ForkVerdict.SAME }
        assertTrue(tested.all { "(99.58% CI " in it.figures }, describe(c.rows))
    }

    @Test
    fun `identical code whose JVMs differ is not called slower, though its runs pooled would be`() {
        // Two forks a side, tight within each JVM, 4% to 14% apart between them: the lists case.
        val base = CompareFixture.forked(listOf(1.00e6, 1.04e6), seed = 1)
        val new = CompareFixture.forked(listOf(1.10e6, 1.14e6), seed = 2)
        val row = Comparison.ofRuns(CompareFixture.of(base), CompareFixture.of(new)).rows.single()
        assertEquals(ForkVerdict.NOT_TOLD_APART, row.verdict, row.figures)
        assertEquals("not told apart", row.verdictLabel)
        assertTrue(row.pValue!! > 0.05, row.figures)
        assertContains(row.figures, "(95% CI ")
        assertContains(row.figures, "; 2 and 2 forks)")
        // The very same forks on both sides: no difference at all, yet two JVMs 4% apart a side cannot
        // show the same within 5% either.
        val same = Comparison.ofRuns(CompareFixture.of(base), CompareFixture.of(base)).rows.single()
        assertEquals(ForkVerdict.NOT_TOLD_APART, same.verdict, same.figures)
        assertEquals(1.0, same.pValue)
    }

    @Test
    fun `a side half as slow again over three forks each is slower, with its interval`() {
        val base = CompareFixture.forked(listOf(1.00e6, 1.02e6, 0.98e6), runs = 5, seed = 3)
        val new = CompareFixture.forked(listOf(1.50e6, 1.53e6, 1.48e6), runs = 5, seed = 4)
        val c = Comparison.ofRuns(CompareFixture.of(base), CompareFixture.of(new))
        val row = c.rows.single()
        assertEquals(ForkVerdict.SLOWER, row.verdict, row.figures)
        val (low, high) = row.interval!!
        assertTrue(low > 1.4 && high < 1.6 && low < row.ratio && row.ratio < high, row.figures)
        assertContains(row.figures, "(95% CI ${Units.ratio(low)}–${Units.ratio(high)}, p < 0.001; 3 and 3 forks)")
        val counts = "0 faster, 1 slower, 0 same within 5%, 0 not told apart, 0 not tested"
        assertEquals("$counts (1 cell compared, 0 not compared)", CompareHtml.summary(c))
    }

    @Test
    fun `one fork a side is not tested, however far apart its runs`() {
        val base = CompareFixture.forked(listOf(1.0e6), seed = 5)
        val new = CompareFixture.forked(listOf(1.5e6), seed = 6)
        val row = Comparison.ofRuns(CompareFixture.of(base), CompareFixture.of(new)).rows.single()
        assertEquals(ForkVerdict.NOT_TESTED, row.verdict)
        assertEquals("not tested (1 fork a side: a test takes at least 2)", row.verdictLabel)
        assertEquals(null, row.interval)
        assertEquals(null, row.pValue)
        assertEquals("×1.50", row.figures.take(5))
        // Not separated either: that takes two forks a side, as one JVM's luck can be that wide.
        val far = CompareFixture.forked(listOf(3.0e6), seed = 6)
        val farRow = Comparison.ofRuns(CompareFixture.of(base), CompareFixture.of(far)).rows.single()
        assertEquals(ForkVerdict.NOT_TESTED, farRow.verdict)
    }

    @Test
    fun `a 2 percent difference between tight forks is the same within the 5 percent margin, not within 1 percent`() {
        val base = CompareFixture.forked(listOf(1.000e6, 1.004e6, 0.997e6, 1.002e6), noise = 0.005, seed = 7)
        val new = CompareFixture.forked(listOf(1.020e6, 1.023e6, 1.018e6, 1.021e6), noise = 0.005, seed = 8)
        val row = Comparison.ofRuns(CompareFixture.of(base), CompareFixture.of(new)).rows.single()
        assertEquals(ForkVerdict.SAME, row.verdict, row.figures)
        assertEquals("same within 5%", row.verdictLabel)
        // The interval shown is the equivalence test's, the one that decided.
        assertContains(row.figures, "(90% CI ")
        val strict = Comparison.ofRuns(CompareFixture.of(base), CompareFixture.of(new), margin = 0.01).rows.single()
        assertEquals(ForkVerdict.SLOWER, strict.verdict, strict.figures)
    }

    @Test
    fun `separated forks need no test with two forks a side, and do not count among the tests`() {
        val base = CompareFixture.forked(listOf(1.0e6, 1.1e6), seed = 9)
        val new = CompareFixture.forked(listOf(2.5e6, 2.7e6), seed = 10)
        val c = Comparison.ofRuns(CompareFixture.of(base), CompareFixture.of(new))
        val row = c.rows.single()
        assertEquals(ForkVerdict.SLOWER, row.verdict)
        assertEquals("slower (separated)", row.verdictLabel)
        assertContains(row.figures, "one side's fastest fork over 2.00× the other's slowest; 2 and 2 forks)")
        assertEquals(0, c.tests)
    }

    @Test
    fun `two runs of one machine are one machine, whatever Bakeoff's measured cost per item`() {
        val base = CompareFixture.run(1).let { it.copy(machine = it.machine.copy(harnessNsPerItem = 12.5)) }
        val new = CompareFixture.run(2).let { it.copy(machine = it.machine.copy(harnessNsPerItem = 14.0)) }
        assertFalse(Comparison.ofRuns(base, new).machinesDiffer)
        assertTrue(Comparison.ofRuns(base, new.copy(machine = new.machine.copy(jdkVersion = "25.0.1"))).machinesDiffer)
    }

    @Test
    fun `three runs a side, counted as three forks in an old file, call a doubled cell slower and nothing else`() {
        val c = Comparison.ofRuns(CompareFixture.run(1, runs = 3), CompareFixture.run(2, runs = 3, slower = "direct" to "network"))
        assertEquals(0, c.counts[ForkVerdict.FASTER])
        assertEquals(1, c.counts[ForkVerdict.SLOWER], describe(c.rows))
        val doubled = c.rows.single { it.title == "direct × network, 100 items (blocking)" }
        assertEquals(ForkVerdict.SLOWER, doubled.verdict)
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
        assertTrue(c.rows.all { it.verdict == ForkVerdict.SLOWER && it.ratio in 1.8..2.2 }, describe(c.rows))
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
