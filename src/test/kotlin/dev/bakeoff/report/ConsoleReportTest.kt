package dev.bakeoff.report

import dev.bakeoff.metrics.TimeSummary
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.RaceInfo
import dev.bakeoff.result.RaceStop
import dev.bakeoff.result.copy
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class ConsoleReportTest {
    private val results = ResultsFixture.results()
    private val report = ConsoleReport.of(results)

    private fun ConsoleReport.table(workload: String) = tables.single { it.title.startsWith("$workload,") }

    private fun RankedTable.column(name: String) = rows.map { it[header.indexOf(name)] }

    @Test
    fun `a cell stopped at its floor is shown with its floor after the ranked cells, never as a problem`() {
        // As a race leaves it: direct on network traced once, never timed.
        val floored = results.copy(
            cells = results.cells.map { c ->
                if (c.strategy == "direct" && c.workload == "network") c.copy(timeNs = null, floorNs = 4.95e9, tracedNs = 4.97e9) else c
            },
        )
        val network = ConsoleReport.of(floored).table("network")
        assertEquals(listOf("virtual-threads", "direct"), network.column("strategy"))
        assertEquals(listOf("99.8 ms", "≥ 4.95 s"), network.column("median"))
        assertEquals("traced 4.97 s", network.column("min–max").last())
        assertTrue(network.problems.none { it.startsWith("direct") }, network.problems.toString())
        assertTrue(network.explanations.any { "cannot win by their floor: direct (≥ 4.95 s)" in it }, network.explanations.toString())
        assertTrue(RunView.of(floored).groups.flatMap { it.problems }.none { it.strategy == "direct" && it.workload == "network" })
    }

    @Test
    fun `the header states the machine, the preset and the item count`() {
        val header = report.header.joinToString("\n")
        assertContains(header, "8 cores (of 16 on the host)")
        assertContains(header, "Eclipse Adoptium 21.0.5")
        assertContains(header, "Linux 6.8.0 amd64")
        assertContains(header, "32.0 GiB")
        assertContains(header, "preset: quick (1 fork)")
        assertContains(header, "items: 100")
        assertContains(header, "cells: 8 (5 ok, 1 failed, 1 broken, 1 timeout)")
    }

    @Test
    fun `a raced run's header does not call it one fork, and counts its JVMs`() {
        val raced = results.copy(cells = results.cells.map { c -> c.timeNs?.let { c.copy(race = RaceInfo(3, 15, RaceStop.DECIDED, "", screeningNs = 2_000_000_000)) } ?: c })
        val header = ConsoleReport.of(raced).header.joinToString("\n")
        assertContains(header, "preset: quick (1 fork a cell to screen, more where a group is open)")
        assertContains(header, "forks: ${raced.cells.sumOf { it.race?.forks ?: 0 }} JVMs")
    }

    @Test
    fun `one table per workload, items and wait group, in run order`() {
        assertEquals(listOf("lists, 100 items (blocking)", "network, 100 items (blocking)"), report.tables.map { it.title })
        assertTrue(report.tables.all { it.header == ConsoleReport.COLUMNS })
    }

    @Test
    fun `completed cells are ranked with ratios to the best and to direct by the figure the ranking compares`() {
        val lists = report.table("lists")
        // executor-fixed-cpu is not told apart from coroutine-default (5 runs each, 3% apart): they share rank 1.
        assertEquals(listOf("1", "1", "3"), lists.column("#"))
        assertEquals(listOf("coroutine-default", "executor-fixed-cpu", "direct"), lists.column("strategy"))
        assertEquals(listOf("1.19 ms", "1.23 ms", "2.24 ms"), lists.column("median"))
        assertEquals(listOf("1.00", "1.03", "1.87"), lists.column("×best"))
        assertEquals(listOf("0.534", "0.551", "1.00"), lists.column("×direct"))
        assertEquals(listOf("29", "29", "21"), lists.column("peak thr"))
        assertEquals(listOf("1.82 MiB", "1.77 MiB", "1.76 MiB"), lists.column("alloc/batch"))
        assertTrue(lists.column("min–max").all { it.matches(Regex("""[0-9.]+–[0-9.]+ ms""")) }, "${lists.column("min–max")}")
        assertEquals(listOf("virtual-threads", "direct"), report.table("network").column("strategy"))
        assertEquals(listOf("0.0201", "1.00"), report.table("network").column("×direct"))
    }

    @Test
    fun `the verdict line names a decided winner, or the leader and what it is not settled against`() {
        assertEquals("winner: virtual-threads (99.8 ms), 49.7× faster than direct (4.95 s)", report.table("network").verdict)
        assertEquals(
            "undecided: coroutine-default (1.19 ms) leads, not settled against executor-fixed-cpu; resolution ×1.05, " +
                "1.87× faster than direct (2.24 ms)",
            report.table("lists").verdict,
        )
    }

    @Test
    fun `an undecided line names what keeps the group open apart from the cells already equivalent`() {
        // Four forks a cell: two cells 1% apart with forks within 0.2%, direct 4% behind with forks ±10% apart.
        fun forks(centre: Double, spread: Double) = List(4) { i -> List(4) { centre * (1 + spread * (i - 1.5) / 1.5) } }
        val shaped = mapOf(
            "coroutine-default" to forks(1.0e6, 0.002),
            "executor-fixed-cpu" to forks(1.01e6, 0.002),
            "direct" to forks(1.04e6, 0.10),
        )
        val run = withForks(shaped)
        val verdict = ConsoleReport.of(run).table("lists").verdict
        val open = "undecided: coroutine-default (1.00 ms) leads, " +
            "not settled against direct (executor-fixed-cpu equivalent)"
        assertTrue(verdict.startsWith(open), verdict)
    }

    @Test
    fun `a pair has one figure in its block, the ranking's, in the columns, the verdict and the decision's reason`() {
        // Two forks a cell, three runs each: the median of all runs (2.50 ms, 5.00 ms) is not the geometric mean
        // of the fork medians the ranking and the tests compare (2.45 ms, 4.90 ms).
        fun forks(vararg medians: Double) = medians.map { m -> listOf(m * 0.99, m, m * 1.01) }
        val shaped = mapOf(
            "coroutine-default" to forks(1.0e6, 1.0e6),
            "executor-fixed-cpu" to forks(2.0e6, 3.0e6),
            "direct" to forks(4.0e6, 6.0e6),
        )
        val run = withForks(shaped)
        val lists = ConsoleReport.of(run).table("lists")
        val reason = checkNotNull(RunView.of(run).groups.single { it.title.startsWith("lists,") }.decision).reason
        assertEquals(listOf("1.00", "2.45", "4.90"), lists.column("×best"))
        assertEquals(listOf("0.204", "0.500", "1.00"), lists.column("×direct"))
        assertContains(lists.verdict, "4.90× faster than direct")
        assertTrue(lists.explanations.any { "2.45× ahead of executor-fixed-cpu" in it }, lists.explanations.toString())
        assertContains(reason, "the closest, executor-fixed-cpu, ×2.45")
    }

    @Test
    fun `when direct wins, the line says by how much it beats the runner-up`() {
        val verdict = ConsoleReport.of(scaled("direct", 1.0 / 2.24)).table("lists").verdict
        assertEquals("winner: direct (1.00 ms), 1.20× faster than the runner-up, coroutine-default (1.19 ms)", verdict)
    }

    @Test
    fun `without direct in the group the ratio column is a dash and the runner-up is the reference`() {
        val withoutDirect = scaled("executor-fixed-cpu", 1.5).let { r -> r.copy(cells = r.cells.filter { it.strategy != "direct" }) }
        val lists = ConsoleReport.of(withoutDirect).table("lists")
        assertEquals(listOf("–", "–"), lists.column("×direct"))
        assertEquals("winner: coroutine-default (1.19 ms), 1.55× faster than the runner-up, executor-fixed-cpu (1.85 ms)", lists.verdict)
    }

    @Test
    fun `a tie is stated with the strategies in it, who share the first rank`() {
        // Both within ±0.2% of 1.19 ms in every run: their interval lies within the 2% margin.
        val steady = TimeSummary.of(List(5) { 1.19e6 * (1 + 0.001 * (it - 2)) }, 0.0)
        val tied = results.copy(cells = results.cells.map { if (it.strategy in setOf("executor-fixed-cpu", "coroutine-default")) it.copy(timeNs = steady) else it })
        val lists = ConsoleReport.of(tied).table("lists")
        assertEquals("tie: coroutine-default (1.19 ms) with executor-fixed-cpu, 1.87× faster than direct (2.24 ms)", lists.verdict)
        assertEquals(listOf("1", "1", "3"), lists.column("#"))
    }

    @Test
    fun `the report ends with the answer, one line per kind of work`() {
        assertEquals(
            listOf(
                "lists, 100 items (blocking): coroutine-default or executor-fixed-cpu, 1.19 ms — undecided: " +
                    "not told apart from executor-fixed-cpu ×1.03 (95% CI 0.986–1.08, p = 0.15; 5 and 5 forks)",
                "network, 100 items (blocking): virtual-threads, 99.8 ms — decided: " +
                    "ahead of direct ×49.7, its fastest fork over 2.00× the winner's slowest (5 and 5 forks)",
            ),
            report.answer,
        )
        val limited = ConsoleReport.of(ResultsFixture.withSweepsAndLimits()).answer
        assertEquals(
            "io-sleep, 1000 items (blocking): executor-fixed:size=1000, 12.0 ms, efficiency 0.833 (limit 10.0 ms) — decided: " +
                "ahead of all 3 others; the closest, thread-per-task, ×1.23 behind (95% CI 1.18–1.28, p < 0.001; 5 and 5 forks)",
            limited[2],
        )
        assertEquals("lists, 1000 items (blocking): direct, 22.4 ms — decided: the only strategy that completed", limited[3])
    }

    /** The fixture with the lists cells of [shaped]'s strategies given those forks (each a list of runs). */
    private fun withForks(shaped: Map<String, List<List<Double>>>) = results.copy(
        cells = results.cells.map { c ->
            val f = shaped[c.strategy]?.takeIf { c.workload == "lists" && c.status == CellStatus.OK }
            if (f == null) c else c.copy(timeNs = TimeSummary.of(f.flatten(), 0.0, f.map { it.size }))
        },
    )

    /** The fixture with every run of [strategy]'s lists cell multiplied by [factor] (figures and runs agree). */
    private fun scaled(strategy: String, factor: Double) = results.copy(
        cells = results.cells.map { c ->
            if (c.strategy != strategy || c.workload != "lists") return@map c
            val t = c.timeNs!!
            c.copy(timeNs = t.copy(min = t.min * factor, median = t.median * factor, max = t.max * factor, runs = t.runs.map { it * factor }))
        },
    )

    @Test
    fun `cells that did not complete are listed with status and the first line of their error`() {
        assertEquals(listOf("fixture-throw: failed: java.lang.IllegalStateException: fixture-throw: deliberate failure, \"on purpose\""), report.table("lists").problems)
        assertEquals(
            listOf(
                "fixture-skip-one: broken: ledger broken: 1 of 100 items did not run exactly 1 time(s): item 99 ran 0 times",
                "fixture-hang: timeout: exceeded its time limit of 60 s",
            ),
            report.table("network").problems,
        )
    }

    @Test
    fun `a group where nothing completed, or only one strategy did, says so`() {
        val onlyFailures = ConsoleReport.of(results.copy(cells = results.cells.filter { it.status != CellStatus.OK }))
        assertEquals("no winner: no strategy completed", onlyFailures.table("lists").verdict)
        assertTrue(onlyFailures.table("lists").rows.isEmpty())
        val single = ConsoleReport.of(results.copy(cells = results.cells.filter { it.strategy == "direct" }))
        assertEquals("winner: direct (2.24 ms), the only strategy that completed", single.table("lists").verdict)
    }

    @Test
    fun `an incomplete run says so in the header`() {
        assertContains(ConsoleReport.of(results.copy(complete = false)).header.joinToString("\n"), "incomplete")
    }
}
