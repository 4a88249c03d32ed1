package dev.bakeoff.cli

import com.github.ajalt.mordant.terminal.Terminal
import com.github.ajalt.mordant.terminal.TerminalRecorder
import dev.bakeoff.model.Family
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.FootprintResult
import dev.bakeoff.result.Slope
import dev.bakeoff.result.copy
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.io.path.readText
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * `bakeoff footprint` in-process (each row in a JVM of its own): the table, the complete `footprint`
 * section of results.json and the chart's section in report.html; a strategy without an open-loop
 * form is listed as not applicable and fails nothing.
 */
class FootprintCommandTest {
    @TempDir
    lateinit var dir: Path

    @Test
    fun `footprint prints a row per strategy and depth and writes the footprint section and the chart`() {
        val out = dir.resolve("run")
        val (code, output) = cli(
            "footprint", "-s", "virtual-threads,parallel-stream", "--tasks", "1000,100", "--depth", "2", "-o", "$out",
        )
        assertEquals(0, code, output)
        assertContains(output, "heap / task")
        assertContains(output, "100..1000 (2)")
        // Two counts: a slope without an interval, and the table says so instead of a bare "(95% CI)".
        assertFalse("95% CI" in output, output)
        assertContains(output, "no interval: a slope through two task counts has none")
        assertContains(output, "parallel-stream at depth 2: skipped: not applicable")
        val results = JsonReportFormat.read(out.resolve("results.json"))
        assertTrue(results.complete, "the last snapshot is the complete one")
        assertEquals(emptyList(), results.cells)
        val rows = assertNotNull(results.footprint)
        assertEquals(listOf("virtual-threads" to 2, "parallel-stream" to 2), rows.map { it.strategy to it.depth })
        assertEquals(listOf(CellStatus.OK, CellStatus.SKIPPED), rows.map { it.status })
        assertEquals(listOf(100, 1000), rows.first().points.map { it.tasks })
        assertNotNull(rows.first().heapBytesPerTask)
        assertContains(out.resolve("report.html").readText(), "<section id=\"footprint\">")
    }

    @Test
    fun `a slope with an interval shows it labelled, and none is announced only where one is missing`() {
        fun render(vararg slopes: Slope) = TerminalRecorder(width = 200).let { rec ->
            val rows = slopes.map { FootprintResult("virtual-threads", Family("virtual"), 2, CellStatus.OK, heapBytesPerTask = it) }
            FootprintTable.render(Terminal(terminalInterface = rec), ResultsFixture.results().copy(cells = emptyList(), footprint = rows))
        }
        val three = render(Slope(1100.0, 1050.0, 1150.0))
        assertContains(three, "1.07 KiB (95% CI 1.03 KiB–1.12 KiB)")
        assertFalse("no interval" in three, three)
        assertContains(render(Slope(1100.0)), "no interval: a slope through two task counts has none")
    }
}
