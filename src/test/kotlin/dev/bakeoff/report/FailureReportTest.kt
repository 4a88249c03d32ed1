package dev.bakeoff.report

import dev.bakeoff.result.FailureFigures
import dev.bakeoff.result.SweepPoint
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** The "when one fails" tables: only failure cells, fastest to a clean stop first, leaks named. */
class FailureReportTest {
    private fun figures(toReturnNs: Long, ranOnNs: Long, threadsLeft: Int = 0) = FailureFigures(
        batches = 3,
        toReturnNs = toReturnNs,
        startedAfter = 0,
        runningAtReturn = if (ranOnNs > 0) 5 else 0,
        ranOnNs = ranOnNs,
        completed = 10,
        cancelled = 0,
        notStarted = 0,
        threadsLeft = threadsLeft,
    )

    @Test
    fun `failure cells rank by their clean stop, leaks are named, happy cells are left out`() {
        val base = ResultsFixture.results()
        val cells = base.cells.take(3)
        val failing = listOf(
            // Returns at once but leaves items running for 80 ms: a clean stop after the one that waited 30 ms.
            cells[0].copy(strategy = "quick-return", workload = "fail-at", failure = figures(1_000, 80_000_000)),
            cells[1].copy(strategy = "waits-all", workload = "fail-at", failure = figures(30_000_000, 0)),
            cells[2].copy(strategy = "leaky", workload = "fail-at", failure = figures(90_000_000, 0, threadsLeft = 2)),
        ).map { it.copy(wait = cells[0].wait, items = 24) }
        val tables = FailureReport.of(base.copy(cells = base.cells + failing))
        assertEquals(1, tables.size)
        val table = tables.single()
        assertEquals(listOf("waits-all", "quick-return", "leaky"), table.rows.map { it[1] })
        assertEquals("2 LEAK", table.rows.last().last())
        assertEquals(listOf("leaky: LEAK: 2 thread(s) left alive after its failed batch"), table.problems)
        assertTrue(table.title.startsWith("when one fails: fail-at"), table.title)
    }

    @Test
    fun `a run without failure cells has no such table`() {
        assertEquals(emptyList(), FailureReport.of(ResultsFixture.results()))
    }

    @Test
    fun `two JDKs or two cpus of one failure workload get a table each, never one strategy twice in a table`() {
        val base = ResultsFixture.results()
        val cell = base.cells[0].copy(strategy = "waits-all", workload = "fail-at", items = 24, failure = figures(30_000_000, 0))
        val jdks = listOf("21", "25").map { cell.copy(jdk = it) }
        val cpus = listOf("1", "2").map { cell.copy(sweep = SweepPoint(SweepPoint.CPUS, it)) }
        for (cells in listOf(jdks, cpus)) {
            val tables = FailureReport.of(base.copy(cells = cells))
            assertEquals(2, tables.size, tables.map { it.title }.toString())
            assertEquals(listOf(listOf("waits-all"), listOf("waits-all")), tables.map { t -> t.rows.map { it[1] } })
            assertEquals(2, tables.map { it.title }.toSet().size, "each table names its JDK or cores")
        }
    }
}
