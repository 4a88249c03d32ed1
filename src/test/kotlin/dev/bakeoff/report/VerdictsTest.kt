package dev.bakeoff.report

import dev.bakeoff.result.CellStatus
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** Verdicts are generated from the run's own figures: checked on the seeded fixture with known limits. */
class VerdictsTest {
    /** The fixture with a physical limit of 1 ms on every lists cell and 99 ms on every network cell. */
    private val results = ResultsFixture.results().let { r ->
        r.copy(
            cells = r.cells.map { c ->
                val limit = if (c.workload == "lists") 1_000_000.0 else 99_000_000.0
                c.timeNs?.let { c.copy(limitNs = limit, efficiency = limit / it.median) } ?: c
            },
        )
    }
    private val verdicts = Verdicts.of(results).associate { it.title to it.lines }

    @Test
    fun `one verdict per group, titled as its console table`() {
        assertEquals(ConsoleReport.of(results).tables.map { it.title }, Verdicts.of(results).map { it.title })
    }

    @Test
    fun `the verdict says who won, whether it is decided, by how much, and how close to the limit`() {
        val lists = verdicts.getValue("lists, 100 items (blocking)")
        // Not told apart from executor-fixed-cpu: the fastest median only leads.
        assertEquals("coroutine-default leads at 1.19 ms, 1.03× ahead of executor-fixed-cpu (1.23 ms), 1.88× ahead of the slowest, direct (2.24 ms)", lists[0])
        assertEquals("undecided: not told apart from executor-fixed-cpu ×1.03 (95% CI 0.979–1.08, p = 0.222)", lists[1])
        assertEquals("physical limit 1.00 ms; the winner's efficiency is 0.840, 16.0% of its time is above the limit: some room left", lists[2])
        val network = verdicts.getValue("network, 100 items (blocking)")
        assertEquals("virtual-threads wins at 99.8 ms, 49.6× ahead of direct (4.95 s)", network[0])
        assertEquals("decided: ahead of direct ×49.6, its fastest run over 2.00× the winner's slowest", network[1])
        assertContains(network[2], "efficiency is 0.992, within 0.802% of what this machine allows")
    }

    @Test
    fun `the verdict names the mechanism at the slow end, the per-item overhead and the allocation`() {
        val lists = verdicts.getValue("lists, 100 items (blocking)")
        assertEquals(
            "direct is slowest (1.88× the winner, efficiency 0.446): it ran the batch on 1 thread, 99-102 items each; items waited up to 98.0 µs (p99) before starting",
            lists[3],
        )
        assertEquals("highest per-item overhead: direct, 12.4 µs/item above the limit vs 1.90 µs for coroutine-default", lists[4])
        val network = verdicts.getValue("network, 100 items (blocking)")
        assertTrue(network.any { it == "most allocation: virtual-threads, 121 KiB/batch (1.21 KiB/item), 12.5× direct (9.64 KiB)" }, network.joinToString("\n"))
        assertTrue(lists.none { it.startsWith("most allocation") }, "allocations within 2x of each other are not called out")
    }

    @Test
    fun `figures that were not measured are left out, and a group with no completed cell says so`() {
        val noLimits = ResultsFixture.results()
        val lists = Verdicts.of(noLimits).associate { it.title to it.lines }.getValue("lists, 100 items (blocking)")
        assertTrue(lists.none { "limit" in it }, lists.joinToString("\n"))
        val failed = noLimits.copy(cells = noLimits.cells.filter { it.status != CellStatus.OK })
        assertEquals(listOf("no verdict: no strategy completed"), Verdicts.of(failed).first().lines)
    }

    @Test
    fun `the harness's own cost per batch widens the tie margin, so a smaller difference is never a win`() {
        // lists: coroutine-default 1.19 ms, executor-fixed-cpu 1.23 ms: about 400 ns per item apart.
        val r = results.copy(machine = results.machine.copy(harnessNsPerItem = 500.0))
        val group = RunView.of(r).groups.single { it.title == "lists, 100 items (blocking)" }
        val decision = group.decision!!
        assertEquals(500.0 * 100 / group.winner!!.timeNs!!.median, decision.margin, 1e-9)
        assertTrue(decision.status != dev.bakeoff.result.GroupStatus.DECIDED, decision.toString())
        val lines = Verdicts.of(group, r.machine.cores).lines
        assertTrue(lines[0].startsWith("coroutine-default leads at 1.19 ms"), lines[0])
    }
}
