package dev.bakeoff.cli

import com.github.ajalt.mordant.rendering.BorderType
import com.github.ajalt.mordant.table.Borders
import com.github.ajalt.mordant.table.table
import com.github.ajalt.mordant.terminal.Terminal
import com.github.ajalt.mordant.widgets.Text
import dev.bakeoff.report.ConsoleReport

/** A compact table: one header, one line per row, no row separators. */
internal fun compactTable(header: List<String>, rows: List<List<String>>) = table {
    borderType = BorderType.SQUARE_DOUBLE_SECTION_SEPARATOR
    cellBorders = Borders.LEFT_RIGHT
    header { row(*header.toTypedArray()) }
    body { rows.forEach { row(*it.map { cell -> Text(cell) }.toTypedArray()) } }
}

/**
 * The terminal commands print to: the real width when interactive, else wide enough that
 * piped tables are not truncated (mordant assumes 79 columns otherwise).
 */
internal fun outputTerminal(): Terminal {
    val probe = Terminal()
    return if (probe.terminalInfo.outputInteractive) probe else Terminal(width = 220)
}

/**
 * The console report as text: its header block, then per group the title, the table, the verdict,
 * the group's plain-language explanations and the notes (for ranked tables, the cells that did not
 * complete, after [notePrefix]).
 */
internal fun Terminal.renderReport(
    report: ConsoleReport,
    notePrefix: String = "not ranked: ",
): String = buildString {
    report.header.forEach { appendLine(it) }
    for (t in report.tables) {
        appendLine()
        appendLine(t.title)
        if (t.rows.isNotEmpty()) appendLine(render(compactTable(t.header, t.rows)))
        appendLine(t.verdict)
        t.explanations.forEach { appendLine("  - $it") }
        t.problems.forEach { appendLine("  $notePrefix$it") }
    }
}

/** "The answer", what a run ends with: one line per kind of work ([ConsoleReport.answer]); empty without groups. */
internal fun renderAnswer(report: ConsoleReport): String = if (report.answer.isEmpty()) {
    ""
} else {
    buildString {
        appendLine()
        appendLine("The answer")
        report.answer.forEach { appendLine("  $it") }
    }
}
