package dev.bakeoff.cli

import com.github.ajalt.mordant.rendering.Widget
import com.github.ajalt.mordant.terminal.Terminal
import dev.bakeoff.report.CompareHtml
import dev.bakeoff.report.Comparison
import dev.bakeoff.report.ConsoleReport
import dev.bakeoff.report.EvidenceVerdicts
import dev.bakeoff.report.SafeText
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units

/** A compact table: one header, one line per row, no row separators, fitted to the terminal ([FittedTable]). */
internal fun compactTable(header: List<String>, rows: List<List<String>>): Widget = FittedTable(header, rows)

/** Appends [text], a line of the console that may quote the results, with its control characters shown. */
private fun StringBuilder.line(text: String): StringBuilder = appendLine(SafeText.plain(text))

/**
 * The terminal commands print to: the real width when interactive, else (or when the terminal reports fewer than
 * [MIN_COLUMNS] columns, as one sized 0 does) wide enough that piped tables are not wrapped (mordant assumes 79
 * columns otherwise).
 */
internal fun outputTerminal(): Terminal {
    val probe = Terminal()
    return if (probe.terminalInfo.outputInteractive && probe.size.width >= MIN_COLUMNS) probe else Terminal(width = 220)
}

private const val MIN_COLUMNS = 20

/**
 * The console report as text: its header block, then per group the title, the table (and what a
 * compact one left out), the verdict, the group's plain-language explanations and the notes (for
 * ranked tables, the cells that did not complete, after [notePrefix]).
 */
internal fun Terminal.renderReport(
    report: ConsoleReport,
    notePrefix: String = "not ranked: ",
): String = buildString {
    report.header.forEach { line(it) }
    for (t in report.tables) {
        appendLine()
        line(t.title)
        if (t.rows.isNotEmpty()) appendLine(render(compactTable(t.header, t.rows)))
        t.omitted?.let { line("  $it") }
        line(t.verdict)
        t.explanations.forEach { line("  - $it") }
        t.problems.forEach { line("  $notePrefix$it") }
    }
}

/**
 * "The answer", what a run ends with: one line per kind of work ([ConsoleReport.answer]), then the run in one
 * sentence and the next steps for undecided groups ([ConsoleReport.summary]); empty without groups.
 */
internal fun renderAnswer(report: ConsoleReport): String = if (report.answer.isEmpty()) {
    ""
} else {
    buildString {
        appendLine()
        appendLine("The answer")
        report.answer.forEach { line("  $it") }
        if (report.summary.isNotEmpty()) appendLine()
        report.summary.forEach { line(it) }
    }
}

/**
 * A comparison's matched cells: both medians, the ratio with its interval, p and forks a side
 * ([ComparedCell.figures]), and the verdict.
 */
internal fun comparisonTable(c: Comparison): Widget {
    val sides = listOf("${c.baseLabel} median", "${c.newLabel} median")
    val header = listOf("cell") + sides + listOf("ratio (interval, p; forks)", "verdict")
    val rows = c.rows.map { r ->
        listOf(r.title, Units.nanos(r.baseMedian), Units.nanos(r.newMedian), r.figures, r.verdictLabel)
    }
    return compactTable(header, rows)
}

/**
 * A several-JDK run's JDK-against-JDK tables ([Comparison.ofJdks]) and a several-version run's version-against-
 * version ones ([Comparison.ofLibs]), each with its method line and the cells it could not compare; empty for a
 * run on one JDK and Bakeoff's own library versions.
 */
internal fun Terminal.renderJdkTables(results: Results): String = buildString {
    for (c in Comparison.acrossRun(results)) {
        appendLine()
        line("${c.newLabel} against ${c.baseLabel}, per strategy and workload")
        if (c.rows.isNotEmpty()) appendLine(render(comparisonTable(c)))
        EvidenceVerdicts.acrossJdks(c).forEach { line("  - $it") }
        c.notComparedSummary.forEach { line("  not compared: $it") }
        line(CompareHtml.summary(c))
        line(CompareHtml.method(c))
    }
}
