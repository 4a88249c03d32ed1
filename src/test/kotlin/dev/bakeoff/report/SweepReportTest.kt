package dev.bakeoff.report

import dev.bakeoff.model.Family
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.MemoryStats
import dev.bakeoff.result.SweepPoint
import dev.bakeoff.result.TaskStats
import dev.bakeoff.result.ThreadStats
import dev.bakeoff.result.TimeStats
import dev.bakeoff.wording.Units
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** The curve tables of a sweep and the figures table, on hand-built results. */
class SweepReportTest {
    private fun cell(strategy: String, workload: String, items: Int, medianNs: Double?, sweep: SweepPoint?, wait: WaitForm = WaitForm.BLOCKING, status: CellStatus = CellStatus.OK) = CellResult(
        strategy, Family("executor"), workload, items, wait, status,
        error = if (status == CellStatus.OK) null else "OutOfMemoryError: unable to create native thread",
        timeNs = medianNs?.let { TimeStats(it, it, it, it, 0.0, listOf(it)) },
        throughputPerSec = medianNs?.let { items / (it / 1e9) },
        sweep = sweep,
    )

    private fun results(vararg cells: CellResult) = ResultsFixture.results().copy(cells = cells.toList())

    @Test
    fun `rows are the swept values, columns the series, the best value of each column marked`() {
        val r = results(
            cell("thread-per-task", "io-sleep", 1000, 63e6, null),
            cell("executor-fixed:size=50", "io-sleep", 1000, 250e6, SweepPoint("size", "50")),
            cell("flow-flatmap-merge:size=50", "io-sleep", 1000, 90e6, SweepPoint("size", "50")),
            cell("executor-fixed", "io-sleep", 1000, 78e6, SweepPoint("size", "200")),
            cell("flow-flatmap-merge:size=200", "io-sleep", 1000, 95e6, SweepPoint("size", "200")),
            cell("executor-fixed:size=500", "io-sleep", 1000, 54e6, SweepPoint("size", "500")),
            cell("flow-flatmap-merge:size=500", "io-sleep", 1000, null, SweepPoint("size", "500"), status = CellStatus.TIMEOUT),
        )
        val table = SweepReport.of(r).single()
        assertEquals("curve: size on io-sleep, 1000 items", table.title)
        assertEquals(listOf("size", "executor-fixed", "flow-flatmap-merge"), table.header)
        assertEquals(
            listOf(listOf("50", "250 ms", "90.0 ms *"), listOf("200", "78.0 ms", "95.0 ms"), listOf("500", "54.0 ms *", "timeout")),
            table.rows,
        )
        assertContains(table.verdict, "best: executor-fixed at size=500 (54.0 ms)")
        assertContains(table.problems, "thread-per-task (does not take 'size'): 63.0 ms")
        assertTrue(table.problems.any { it.startsWith("flow-flatmap-merge at size=500: timeout") }, "${table.problems}")
    }

    @Test
    fun `a grid is one table per pair of keys and series, its best cell per item marked`() {
        val results = ResultsFixture.withGrid()
        val table = SweepReport.of(results).single { it.title.startsWith("grid:") }
        assertEquals("grid: chunk x items, coroutine-chunked (blocking) on io-sleep", table.title)
        assertEquals(listOf("chunk \\ items", "1000", "10000"), table.header)
        assertEquals(
            listOf(listOf("10", "40.0 ms", "200 ms *"), listOf("100", "60.0 ms", "900 ms"), listOf("1", "–", "timeout")),
            table.rows,
        )
        assertContains(table.verdict, "best: chunk=10, items=10000 (200 ms; lowest median per item)")
        assertEquals(listOf("chunk=1, items=10000: timeout: exceeded its time limit of 60 s"), table.problems)
    }

    @Test
    fun `an item-count curve marks the highest throughput, and mixed wait forms are told apart`() {
        val r = results(
            cell("coroutine-one", "io-sleep:ms=1000", 1000, 1.01e9, SweepPoint("items", "1000"), wait = WaitForm.SUSPENDING),
            cell("coroutine-one", "io-sleep:ms=1000", 10000, 1.05e9, SweepPoint("items", "10000"), wait = WaitForm.SUSPENDING),
            cell("thread-per-task", "io-sleep:ms=1000", 1000, 1.02e9, SweepPoint("items", "1000")),
            cell("thread-per-task", "io-sleep:ms=1000", 10000, null, SweepPoint("items", "10000"), status = CellStatus.FAILED),
        )
        val table = SweepReport.of(r).single()
        assertEquals("curve: items on io-sleep:ms=1000", table.title)
        assertEquals(listOf("items", "coroutine-one (suspending)", "thread-per-task (blocking)"), table.header)
        assertEquals(listOf(listOf("1000", "1.01 s", "1.02 s *"), listOf("10000", "1.05 s *", "failed")), table.rows)
        assertContains(table.verdict, "best throughput: coroutine-one (suspending) at items=10000 (9520 items/s)")
        assertContains(table.problems, "thread-per-task (blocking) at items=10000: failed: OutOfMemoryError: unable to create native thread")
    }

    @Test
    fun `no sweep, no curve`() {
        assertEquals(emptyList(), SweepReport.of(ResultsFixture.results()))
    }

    @Test
    fun `the figures table has every E5 figure and memory, and lists cells that did not finish`() {
        val ok = ResultsFixture.results().cells.first { it.status == CellStatus.OK }.copy(
            threads = ThreadStats(20, 220, 200, 0, 0, endLive = 220, liveAfterClose = 20),
            tasks = TaskStats(100, 10_100_000, 10_400_000.0, 12_000_000),
            memory = MemoryStats(48 * 1024 * 1024, 90L * 1024 * 1024, 130L * 1024 * 1024),
        )
        val failed = cell("thread-per-task", ok.workload, 100_000, null, null, status = CellStatus.FAILED)
        val table = FiguresReport.of(results(ok, failed)).single()
        assertEquals(FiguresReport.COLUMNS, table.header)
        val row = table.header.zip(table.rows[0]).toMap()
        assertEquals("figures: lists (blocking)", table.title)
        assertEquals(listOf("20", "220", "220", "200", "20"), listOf("start", "end", "peak", "created", "after").map(row::getValue))
        assertEquals(listOf("100", "10.4 ms", "10.1 ms–12.0 ms"), listOf("tasks done", "task avg", "task min–max").map(row::getValue))
        assertEquals(listOf("48.0 MiB", "130 MiB"), listOf("heap peak", "RSS peak").map(row::getValue))
        val p = ok.perThread!!
        assertEquals("${Units.sig3(p.avgTasks)} (${p.minTasks}–${p.maxTasks})", row.getValue("tasks/thread"))
        assertEquals("failed", table.rows[1][table.header.indexOf("status")])
        assertContains(table.problems.single(), "thread-per-task (100000 items, blocking): failed: OutOfMemoryError")
    }
}
