package dev.bakeoff.report

import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class CsvReportFormatTest {
    private val results = ResultsFixture.results()

    private fun render() = buildString { CsvReportFormat.write(results, this) }

    @Test
    fun `results csv is identical in both locales and matches its golden file`() {
        val outputs = Golden.LOCALES.map { Golden.inLocale(it) { render() } }
        assertEquals(outputs[0], outputs[1], "CSV depends on the default locale")
        Golden.check("results.csv", outputs[0])
    }

    @Test
    fun `one row per cell under a header, every row as wide as the header`() {
        val rows = parse(render())
        assertEquals(CsvReportFormat.header, rows[0])
        assertEquals(results.cells.size, rows.size - 1)
        assertTrue(rows.all { it.size == CsvReportFormat.header.size })
    }

    @Test
    fun `errors with commas, quotes and line breaks survive quoting`() {
        val rows = parse(render())
        val error = CsvReportFormat.header.indexOf("error")
        assertEquals(results.cells.map { it.error.orEmpty() }, rows.drop(1).map { it[error] })
    }

    @Test
    fun `numbers are plain, missing values are empty`() {
        val rows = parse(render()).drop(1).associateBy { "${it[0]} ${it[2]}" }
        val column = CsvReportFormat.header::indexOf
        assertEquals("4950000000", rows.getValue("direct network")[column("median_ns")])
        assertEquals("123456.789", rows.getValue("virtual-threads network")[column("alloc_bytes_per_op")])
        assertEquals("5", rows.getValue("direct lists")[column("runs")])
        assertEquals("", rows.getValue("fixture-throw lists")[column("median_ns")])
        assertEquals("", rows.getValue("fixture-throw lists")[column("plan_mode")])
    }

    /** A minimal RFC 4180 reader, so the tests check what a consumer would read. */
    private fun parse(text: String): List<List<String>> {
        val rows = mutableListOf<List<String>>()
        var row = mutableListOf<String>()
        val field = StringBuilder()
        var quoted = false
        var i = 0
        while (i < text.length) {
            val ch = text[i]
            when {
                quoted && ch == '"' && text.getOrNull(i + 1) == '"' -> field.append('"').also { i++ }

                quoted && ch == '"' -> quoted = false

                quoted -> field.append(ch)

                ch == '"' -> quoted = true

                ch == ',' -> row += field.toString().also { field.clear() }

                ch == '\r' && text.getOrNull(i + 1) == '\n' -> {
                    row += field.toString().also { field.clear() }
                    rows += row
                    row = mutableListOf()
                    i++
                }

                else -> field.append(ch)
            }
            i++
        }
        return rows
    }
}
