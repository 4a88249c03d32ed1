package dev.bakeoff.report

import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.EventTally
import dev.bakeoff.result.Evidence
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
        assertEquals("coroutine-default leads at 1.19 ms, 1.03× ahead of executor-fixed-cpu (1.23 ms), 1.87× ahead of the slowest, direct (2.24 ms)", lists[0])
        assertEquals("undecided: not told apart from executor-fixed-cpu ×1.03 (95% CI 0.986–1.08, p = 0.15; 5 and 5 forks)", lists[1])
        assertEquals("physical limit 1.00 ms; the winner's efficiency is 0.840, 16.0% of its time is above the limit: some room left", lists[2])
        val network = verdicts.getValue("network, 100 items (blocking)")
        assertEquals("virtual-threads wins at 99.8 ms, 49.7× ahead of direct (4.95 s)", network[0])
        assertEquals("decided: ahead of direct ×49.7, its fastest fork over 2.00× the winner's slowest (5 and 5 forks)", network[1])
        assertContains(network[2], "efficiency is 0.992, within 0.802% of what this machine allows")
    }

    @Test
    fun `the verdict names the mechanism at the slow end, the per-item overhead and the allocation`() {
        val lists = verdicts.getValue("lists, 100 items (blocking)")
        assertEquals(
            "direct is slowest (1.87× the winner, efficiency 0.446): it ran the batch on 1 thread, 99-102 items each; items waited up to 98.0 µs (p99) before starting",
            lists[3],
        )
        assertEquals("highest per-item overhead: direct, 12.4 µs/item above the limit vs 1.90 µs for coroutine-default", lists[4])
        val network = verdicts.getValue("network, 100 items (blocking)")
        assertTrue(network.any { it == "most allocation: virtual-threads, 121 KiB/batch (1.21 KiB/item), 12.5× direct (9.64 KiB)" }, network.joinToString("\n"))
        assertTrue(lists.none { it.startsWith("most allocation") }, "allocations within 2x of each other are not called out")
    }

    /** The fixture with hand-set evidence: virtual threads pinned on network, GC heavy under coroutine-default on lists. */
    private val withEvidence = results.copy(
        cells = results.cells.map { c ->
            val e = when (c.strategy to c.workload) {
                "virtual-threads" to "network" -> Evidence(
                    batches = 1, wallNs = 4e9, cpuUtilisation = 0.005, voluntarySwitches = 650.0, involuntarySwitches = 50.0,
                    pinned = EventTally(100.0, 5e9), parks = EventTally(200.0, 1e10), monitorEnters = EventTally(0.0, 0.0),
                    monitorWaits = EventTally(0.0, 0.0), gcPauses = EventTally(0.0, 0.0),
                )

                "direct" to "network" -> Evidence(
                    batches = 1,
                    wallNs = 5e9,
                    cpuUtilisation = 0.001,
                    voluntarySwitches = 200.0,
                    involuntarySwitches = 10.0,
                    pinned = EventTally(0.0, 0.0),
                    monitorEnters = EventTally(1.0, 2e9),
                )

                "coroutine-default" to "lists" -> Evidence(
                    batches = 10,
                    wallNs = 2e6,
                    cpuUtilisation = 0.95,
                    voluntarySwitches = 120.0,
                    involuntarySwitches = 30.0,
                    monitorEnters = EventTally(20.0, 3e5),
                    gcPauses = EventTally(0.5, 4e5),
                )

                "direct" to "lists" -> Evidence(
                    batches = 10,
                    wallNs = 2.5e6,
                    cpuUtilisation = 0.5,
                    voluntarySwitches = 1.0,
                    involuntarySwitches = 2.0,
                    gcPauses = EventTally(0.1, 1e4),
                )

                else -> null
            }
            c.copy(evidence = e)
        },
    )

    @Test
    fun `the verdict cites the evidence, pinning, contention, GC share, switches per item and CPU use`() {
        val all = Verdicts.of(withEvidence).associate { it.title to it.lines }
        val network = all.getValue("network, 100 items (blocking)")
        assertContains(
            network,
            "virtual-threads: 100 pinned events per batch, 5.00 s pinned in total: a virtual thread that blocks inside `synchronized` (before JDK 24) or under a native frame holds its carrier thread",
        )
        assertContains(network, "virtual-threads: 7.00 context switches per item (6.50 voluntary, 0.500 involuntary); 2.10 under direct")
        assertContains(network, "CPU use: virtual-threads kept 0.500% of the 8 cores busy, direct 0.100%")
        assertTrue(network.none { it.startsWith("contended") }, "one contended enter for 100 items is not the work's: $network")
        val lists = all.getValue("lists, 100 items (blocking)")
        assertContains(lists, "contended `synchronized`: under coroutine-default threads blocked 20.0 times per batch entering a monitor, 300 µs in total (3.00 µs per item)")
        assertContains(lists, "lists: GC took 20.0% of the batch under coroutine-default (0.500 pauses, 400 µs per batch)")
        assertContains(lists, "coroutine-default: 1.50 context switches per item (1.20 voluntary, 0.300 involuntary); 0.0300 under direct")
        assertContains(lists, "CPU use: coroutine-default kept 95.0% of the 8 cores busy, direct 50.0%")
    }

    @Test
    fun `evidence sentences appear only for what was measured and happened`() {
        val lists = Verdicts.of(withEvidence).associate { it.title to it.lines }.getValue("lists, 100 items (blocking)")
        assertTrue(lists.none { "pinned" in it }, "nothing pinned on lists")
        val none = Verdicts.of(results).flatMap { it.lines }
        assertTrue(none.none { "context switches" in it || "CPU use" in it || "GC took" in it || "pinned" in it }, none.joinToString("\n"))
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
        // lists: coroutine-default 1.19 ms, executor-fixed-cpu 1.23 ms: about 400 ns per item apart; 8% of
        // the winner's batch is the harness, above the default margin of 5%.
        val r = results.copy(machine = results.machine.copy(harnessNsPerItem = 1_000.0))
        val group = RunView.of(r).groups.single { it.title == "lists, 100 items (blocking)" }
        val decision = group.decision!!
        assertEquals(1_000.0 * 100 / group.winner!!.timeNs!!.median, decision.margin, 1e-9)
        assertTrue(decision.status != dev.bakeoff.result.GroupStatus.DECIDED, decision.toString())
        val lines = Verdicts.of(group, r.machine.cores).lines
        assertTrue(lines[0].startsWith("coroutine-default leads at 1.19 ms"), lines[0])
    }
}
