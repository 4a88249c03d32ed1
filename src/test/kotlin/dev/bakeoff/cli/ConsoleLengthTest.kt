package dev.bakeoff.cli

import com.github.ajalt.mordant.terminal.Terminal
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.report.ConsoleReport
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupKey
import org.junit.jupiter.api.Test
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * What a run of the default suite's size prints, its progress on stderr included: compact by
 * default, every cell with --verbose.
 */
class ConsoleLengthTest {
    private val results = ResultsFixture.largeRun()

    private fun printed(verbose: Boolean) =
        Terminal(width = 220).renderRun(results, Path.of("results", "x"), verbose, footer = emptyList())

    @Test
    fun `a run of every strategy prints at most 150 lines, with every group's table and the answer`() {
        val n = results.cells.map { it.strategy }.distinct().size
        assertTrue(n >= 29, "every E1 and beyond strategy: $n")
        assertEquals(n * 5, results.cells.size)
        val text = printed(verbose = false)
        val lines = text.lines()
        assertTrue(lines.size <= 150, "${lines.size} lines:\n$text")
        val verdicts = listOf("winner: ", "tie: ", "undecided: ")
        assertEquals(5, lines.count { line -> verdicts.any { line.startsWith(it) } })
        // The answer, then a blank line, the run in one sentence and what settles its undecided groups.
        assertEquals("The answer", lines.dropLastWhile { it.isBlank() }.dropLast(5 + 3).last())
        assertTrue(lines.dropLastWhile { it.isBlank() }.takeLast(2).first().startsWith("In short, on this machine: "), text)
        // Every table says what it left out and where to find it; the timeout is still named.
        val omitted = "  … and ${n - 6} more (${n - 8} ranked behind, 2 stopped at their floor): $WHERE"
        assertEquals(4, lines.count { it == omitted }, text)
        assertContains(text, "  … and ${n - 7} more (${n - 9} ranked behind, 2 stopped at their floor): $WHERE")
        assertContains(text, "not ranked: ")
        // One line for a group's unsettled cells, not one per cell.
        assertTrue(lines.none { Regex("""not steady: (the winner, )?[a-z-]+'s runs""").containsMatchIn(it) }, text)
        val unsettled = Regex("""^  - not steady: \d+ of \d+ strategies' runs still trended""")
        assertEquals(5, lines.count { unsettled.containsMatchIn(it) }, text)
        // Beside a decided group it must not read as if the decision were open: the tests left those runs out.
        val leftOut = "and the group's tests left out their runs before they settled (--verbose names them)"
        assertEquals(5, lines.count { unsettled.containsMatchIn(it) && it.endsWith(leftOut) }, text)
        assertTrue(lines.none { "pinned events per batch" in it }, text)
        assertEquals(3, lines.count { it.startsWith("  - pinned events under ") }, text)
    }

    @Test
    fun `a default run's whole console, its progress on stderr included, is at most 150 lines`() {
        val (progress, stdout) = console(verbose = false)
        val report = stdout.lines().dropLastWhile { it.isEmpty() }
        val counts = "${progress.size} progress and ${report.size} report lines:\n$progress"
        assertTrue(progress.size + report.size <= 150, counts)
        // The timed-out cell's error is shown whatever the step.
        assertEquals(1, progress.count { "timeout exceeded its time limit of 60 s" in it }, "$progress")
        assertEquals(3, progress.count { it.startsWith("race round ") }, "$progress")
        assertTrue(console(verbose = true).first.size > results.cells.size, "--verbose: a progress line per cell")
    }

    /**
     * The stderr lines (the heading, the progress of a race of [results]: screening every group, its
     * floored cells traced, three more rounds for each group's first three, and the closing count of
     * cells not ok) and the stdout text of a default run.
     */
    private fun console(verbose: Boolean): Pair<List<String>, String> {
        val lines =
            mutableListOf("Bakeoff: ${results.cells.size} cells (5 workloads x 26 strategies), racing within 240 s")
        val open = StringBuilder()
        val printer = ProgressPrinter(verbose) { text, newline ->
            open.append(text)
            if (newline) lines += open.toString().also { open.clear() }
        }
        val total = results.cells.size
        val cells = results.cells.mapIndexed { i, c -> i + 1 to c }
        fun fork(index: Int, c: CellResult) {
            val spec = CellSpec.parse(c.strategy, c.workload, c.items, c.wait.id)
            printer.cellStarted(index, total, spec, c.plan, index * 1_000_000_000L, null)
            printer.cellFinished(index, total, c)
        }
        printer.harnessStarted()
        printer.harnessMeasured(1.75, null)
        for (group in cells.groupBy { it.second.workload }.values) {
            val (floored, screened) = group.partition { it.second.floorNs != null }
            screened.forEach { (i, c) -> fork(i, c) }
            printer.tracesStarted(floored.size, floored.size, 0)
            floored.forEach { (i, c) -> printer.cellFinished(i, total, c) }
        }
        for (round in 2..4) {
            val contenders = cells.groupBy { it.second.workload }.values.flatMap { g -> g.take(3) }
            val groups = contenders.map { GroupKey.of(it.second) }.distinct()
            printer.roundStarted(round, contenders.size, groups, 60_000_000_000L)
            contenders.forEach { (i, c) -> fork(i, c) }
        }
        lines += "${unfinished(results)} cell(s) did not finish ok (see the list above)"
        return lines to printed(verbose)
    }

    @Test
    fun `a cell not run by design is no failure of the run, a failed one is`() {
        val base = results.cells.first { it.status == CellStatus.OK }
        fun run(vararg statuses: CellStatus) = results.copy(cells = statuses.map { base.copy(status = it) })
        assertEquals(0, unfinished(run(CellStatus.OK, CellStatus.SKIPPED)))
        assertEquals(2, unfinished(run(CellStatus.SKIPPED, CellStatus.FAILED, CellStatus.TIMEOUT)))
    }

    @Test
    fun `--verbose prints every ranked cell and one line per unsteady or pinned cell`() {
        val text = printed(verbose = true)
        val unsteady = results.cells.filter { it.steady == false && it.timeNs != null }
        for (c in unsteady) assertContains(text, "${c.strategy}'s runs still trended")
        val pinned = results.cells.filter { it.timeNs != null && (it.evidence?.pinned?.count ?: 0.0) > 0 }
        assertTrue(pinned.isNotEmpty())
        for (c in pinned) assertContains(text, "${c.strategy}: 3.00 pinned events per batch")
        assertTrue(text.lines().none { it.startsWith("  … and ") }, text)
        assertTrue(text.lines().size > 150, "${text.lines().size}")
    }

    @Test
    fun `a compact table shows the first ranks and direct wherever it ranks`() {
        val report = ConsoleReport.of(results, compact = true)
        for (t in report.tables) {
            val strategies = t.rows.map { it[1] }
            assertEquals(ConsoleReport.TOP + 1, strategies.size, t.title)
            assertEquals("direct", strategies.last(), t.title)
        }
    }

    @Test
    fun `--verbose is an option of every measuring command`() {
        for (args in listOf(arrayOf("run", "-s", "direct", "-w", "arithmetic"), arrayOf("scenario", "order-status"))) {
            val (code, output) = cli(*args, "--verbose", "--dry-run")
            assertEquals(0, code, output)
        }
    }

    private companion object {
        const val WHERE = "report.html has every cell, --verbose prints them here"
    }
}
