package dev.bakeoff.cli

import com.github.ajalt.mordant.terminal.Terminal
import dev.bakeoff.report.ConsoleReport
import dev.bakeoff.report.ResultsFixture
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
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
}
