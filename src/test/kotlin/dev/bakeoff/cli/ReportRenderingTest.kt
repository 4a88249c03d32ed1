package dev.bakeoff.cli

import com.github.ajalt.mordant.terminal.Terminal
import dev.bakeoff.report.ConsoleReport
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.report.writeTo
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class ReportRenderingTest {
    @Test
    fun `the rendered report has the header, each table in rank order, the verdicts and the unranked cells`() {
        val text = Terminal(width = 200).renderReport(ConsoleReport.of(ResultsFixture.results()))
        assertContains(text, "machine: 8 cores")
        for (column in ConsoleReport.COLUMNS) assertContains(text, column)
        assertTrue(text.indexOf("coroutine-default") < text.indexOf("executor-fixed-cpu"), text)
        assertContains(text, "winner: virtual-threads (99.8 ms)")
        // The group's verdicts are printed under its own table, from the same ranked group.
        assertContains(text, "than direct (4.95 s)\n  - virtual-threads wins at 99.8 ms")
        assertContains(text, "not ranked: fixture-hang: timeout")
    }

    @Test
    fun `the answer is a block of its own, one line per kind of work`() {
        val answer = renderAnswer(ConsoleReport.of(ResultsFixture.results())).lines()
        assertEquals(listOf("", "The answer"), answer.take(2))
        assertTrue(answer[2].startsWith("  lists, 100 items (blocking): coroutine-default or executor-fixed-cpu, 1.19 ms — undecided: "), answer[2])
        assertTrue(answer[3].startsWith("  network, 100 items (blocking): virtual-threads, 99.8 ms — decided: "), answer[3])
        assertEquals(listOf("", "In short, on this machine: for other work (lists) undecided (coroutine-default leads); for other work (network) virtual-threads."), answer.subList(4, 6))
        assertEquals("", renderAnswer(ConsoleReport(emptyList(), emptyList())))
    }

    @Test
    fun `control characters in names and messages are shown, never sent to the terminal`() {
        val base = ResultsFixture.results()
        val hostile = base.copy(
            cells = base.cells.map {
                it.copy(strategy = "${it.strategy}\u001b[2J", error = it.error?.let { "\u001b[31mboom\u0007" })
            },
        )
        val report = ConsoleReport.of(hostile)
        val text = Terminal(width = 200).renderReport(report) + renderAnswer(report)
        assertEquals("", text.filter { it < ' ' && it != '\n' }, text)
        assertContains(text, "direct\\u001b[2J")
        assertContains(text, "\\u001b[31mboom\\u0007")
    }

    @Test
    fun `a refusal quoting a results file's names shows their control characters`(@TempDir dir: Path) {
        val base = ResultsFixture.results()
        val hostile = base.copy(cells = base.cells.map { it.copy(strategy = "${it.strategy}\u0001\u0007") })
        val file = JsonReportFormat.writeTo(hostile, dir)
        val (code, output) = cli("check", "$file", "$file", "-s", "nope")
        assertEquals(2, code, output)
        assertEquals("", output.filter { it < ' ' && it != '\n' }, output)
        assertContains(output, "valid: direct\\u0001\\u0007")
    }
}
