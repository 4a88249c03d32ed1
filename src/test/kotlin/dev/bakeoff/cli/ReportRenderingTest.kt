package dev.bakeoff.cli

import com.github.ajalt.mordant.terminal.Terminal
import dev.bakeoff.report.ConsoleReport
import dev.bakeoff.report.ResultsFixture
import org.junit.jupiter.api.Test
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
        assertEquals(listOf(""), answer.drop(4))
        assertEquals("", renderAnswer(ConsoleReport(emptyList(), emptyList())))
    }
}
