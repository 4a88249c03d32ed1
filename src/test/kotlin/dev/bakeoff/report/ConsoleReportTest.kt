package dev.bakeoff.report

import dev.bakeoff.result.CellStatus
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
    fun `one table per workload, items and wait group, in run order`() {
        assertEquals(listOf("lists, 100 items (blocking)", "network, 100 items (blocking)"), report.tables.map { it.title })
        assertTrue(report.tables.all { it.header == ConsoleReport.COLUMNS })
    }

    @Test
    fun `completed cells are ranked by median with ratios to the best and to direct`() {
        val lists = report.table("lists")
        assertEquals(listOf("1", "2", "3"), lists.column("#"))
        assertEquals(listOf("coroutine-default", "executor-fixed-cpu", "direct"), lists.column("strategy"))
        assertEquals(listOf("1.19 ms", "1.23 ms", "2.24 ms"), lists.column("median"))
        assertEquals(listOf("1.00", "1.03", "1.88"), lists.column("×best"))
        assertEquals(listOf("0.531", "0.550", "1.00"), lists.column("×direct"))
        assertEquals(listOf("29", "29", "21"), lists.column("peak thr"))
        assertEquals(listOf("1.82 MiB", "1.77 MiB", "1.76 MiB"), lists.column("alloc/batch"))
        assertTrue(lists.column("min–max").all { it.matches(Regex("""[0-9.]+–[0-9.]+ ms""")) }, "${lists.column("min–max")}")
        assertEquals(listOf("virtual-threads", "direct"), report.table("network").column("strategy"))
        assertEquals(listOf("0.0202", "1.00"), report.table("network").column("×direct"))
    }

    @Test
    fun `the winner line names the winner and how much faster than direct`() {
        assertTrue(report.table("lists").verdict.startsWith("winner: coroutine-default (1.19 ms), 1.88× faster than direct (2.24 ms)"), report.table("lists").verdict)
        assertTrue(report.table("network").verdict.startsWith("winner: virtual-threads (99.8 ms), 49.6× faster than direct (4.95 s)"), report.table("network").verdict)
    }

    @Test
    fun `when direct wins, the line says by how much it beats the runner-up`() {
        val cells = results.cells.map { c -> if (c.strategy == "direct" && c.workload == "lists") c.copy(timeNs = c.timeNs!!.copy(min = 0.9e6, median = 1.0e6, max = 1.1e6)) else c }
        val verdict = ConsoleReport.of(results.copy(cells = cells)).table("lists").verdict
        assertEquals("winner: direct (1.00 ms), 1.19× faster than the runner-up, coroutine-default (1.19 ms)", verdict)
    }

    @Test
    fun `without direct in the group the ratio column is a dash and the runner-up is the reference`() {
        val lists = ConsoleReport.of(results.copy(cells = results.cells.filter { it.strategy != "direct" })).table("lists")
        assertEquals(listOf("–", "–"), lists.column("×direct"))
        assertContains(lists.verdict, "faster than the runner-up, executor-fixed-cpu (1.23 ms)")
    }

    @Test
    fun `a close race is called close`() {
        val cells = results.cells.map { c -> if (c.strategy == "executor-fixed-cpu") c.copy(timeNs = c.timeNs!!.copy(min = 1.0e6)) else c }
        assertContains(ConsoleReport.of(results.copy(cells = cells)).table("lists").verdict, "close race with executor-fixed-cpu: their min–max ranges overlap")
    }

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
