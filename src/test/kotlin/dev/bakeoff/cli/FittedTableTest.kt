package dev.bakeoff.cli

import com.github.ajalt.mordant.terminal.Terminal
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.report.ConsoleReport
import dev.bakeoff.report.ResultsFixture
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** Tables at common terminal widths (through mordant's own terminal): they fit, and never cut a value. */
class FittedTableTest {
    private val report = ConsoleReport.of(ResultsFixture.results())

    /** Every table line within [width] (prose lines wrap in the terminal, whole), and every word of every cell whole on one line. */
    private fun assertFits(text: String, width: Int, rows: List<List<String>>) {
        val lines = text.lines()
        assertTrue(lines.filter { it.startsWith("│") }.all { it.length <= width }, "wider than $width:\n$text")
        for (word in rows.flatten().flatMap { it.split(' ') }.filter { it.isNotEmpty() }) {
            assertTrue(lines.any { word in it }, "'$word' cut at $width columns:\n$text")
        }
    }

    @Test
    fun `the ranked tables fit 80 and 120 columns with every id, number and unit whole`() {
        for (width in listOf(80, 120)) {
            val text = Terminal(width = width).renderReport(report)
            for (table in report.tables) {
                // A column left out at this width is named under the table; every other cell is whole.
                val shown = table.header.indices.filter { c -> "left out at this width: ${table.header[c]}" !in text }
                assertTrue(shown.size >= 6, text)
                assertFits(text, width, table.rows.map { r -> shown.map { r[it] } })
                // A figure keeps its unit: the median's number and unit are on one line.
                table.rows.forEach { assertContains(text, it[2]) }
            }
        }
    }

    @Test
    fun `bakeoff list fits 80 and 120 columns and every strategy id can be copied whole`() {
        for (width in listOf(80, 120)) {
            val (code, output) = cliAt(width, "list")
            assertEquals(0, code, output)
            assertTrue(output.lines().filter { it.startsWith("│") }.all { it.length <= width }, output)
            val ids = Strategies.catalog.entries.map { it.id }
            for (id in ids) assertTrue(Regex("(^|[│ ])${Regex.escape(id)}([│ ]|$)", RegexOption.MULTILINE).containsMatchIn(output), "$id cut:\n$output")
        }
    }

    @Test
    fun `a table too wide even wrapped leaves out its right-most columns and says which`() {
        val rows = listOf(listOf("coroutine-default-limited", "a-very-long-unbreakable-value-of-forty-chars", "x"))
        val text = Terminal(width = 80).render(compactTable(listOf("id", "value", "last"), rows))
        assertTrue(text.lines().all { it.length <= 80 }, text)
        assertContains(text, "coroutine-default-limited")
        assertContains(text, "left out at this width: last")
    }

    @Test
    fun `a sign after a word stays with its figure, so no line reads 1 ns where the cell says under 1 ns`() {
        val rows = listOf(listOf("virtual-threads", "1.51 ms (M/G/64 < 1 ns)"))
        val text = Terminal(width = 40).render(compactTable(listOf("strategy", "queueing wait"), rows))
        assertTrue(text.lines().all { it.length <= 40 }, text)
        assertContains(text, "< 1 ns)")
    }

    @Test
    fun `a terminal that reports 0 columns gets every row whole, not a column of borders`() {
        val text = Terminal(width = 0).renderReport(report)
        for (row in report.tables.first().rows) assertContains(text, row[1])
        assertTrue(text.lines().none { it.isNotEmpty() && it.all { c -> c == '│' } }, text)
    }
}
