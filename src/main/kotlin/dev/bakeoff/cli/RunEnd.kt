package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.ProgramResult
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.mordant.terminal.Terminal
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.session.RunSession
import dev.bakeoff.engine.suite.SuiteRunner
import dev.bakeoff.report.ConsoleReport
import dev.bakeoff.report.HazardMap
import dev.bakeoff.report.MachineDifferences
import dev.bakeoff.report.RunView
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.Results
import java.nio.file.Path

/**
 * Measures every cell of [options] with progress on stderr (after [heading]; a line per cell when
 * [verbose], else compact: [ProgressPrinter]), writes the result files after every cell through
 * [session], prints the ranked report ([renderRun], every cell when [verbose]); exit code 1 when a
 * cell did not finish ok.
 */
internal fun CliktCommand.measure(
    session: RunSession,
    options: RunOptions,
    heading: String,
    verbose: Boolean,
    footer: (Results) -> List<String> = { emptyList() },
) {
    val listener = ProgressPrinter(verbose, options.race?.budgetNanos) { line, newline ->
        echo(line, trailingNewline = newline, err = true)
    }
    val how = options.race?.let { "racing within ${it.budgetNanos / 1_000_000_000} s" }
        ?: "preset ${options.preset.id}"
    echo("$heading, $how; results in ${ResultFiles.shown(options.out)}", err = true)
    options.profile?.let { p ->
        val how = p.note?.let { "; $it" }.orEmpty()
        val what = "a flame graph per cell; times include the profiler's sampling cost"
        echo("--profile ${p.mode.id}: $what$how", err = true)
    }
    val results = SuiteRunner(options, listener, session).run()
    val hint = listOfNotNull(BudgetHint.of(results, options.race))
    echo(terminal.renderRun(results, options.out, verbose, footer(results) + hint), trailingNewline = false)
    val bad = unfinished(results)
    if (bad > 0) {
        echo("$bad cell(s) did not finish ok (see the list above)", err = true)
        throw ProgramResult(1)
    }
}

/**
 * What a measuring command prints once its cells are measured: the ranked report (compact unless
 * [verbose]), the JDK-against-JDK and version-against-version tables, how the machines differed, the
 * command's [footer], where the results are in [out] and last "The answer".
 */
internal fun Terminal.renderRun(results: Results, out: Path, verbose: Boolean, footer: List<String>): String {
    val view = RunView.of(results)
    val report = ConsoleReport.of(view, compact = !verbose)
    return buildString {
        appendLine(renderReport(report))
        append(renderJdkTables(results))
        HazardMap.of(results)?.let { map ->
            appendLine()
            appendLine(HazardMap.TITLE)
            appendLine(render(compactTable(map.header, map.rows)))
        }
        MachineDifferences.of(view).forEach { appendLine(it) }
        footer.forEach { appendLine(it) }
        forkLine(results)?.let { appendLine(it) }
        appendLine("results: ${ResultFiles.shown(out.resolve("results.json"))}, results.csv, report.html, jmh.json")
        // Last, so that the one thing the user came for is what the terminal shows when the run ends.
        append(renderAnswer(report))
    }
}

/**
 * The cells that were run and did not finish ok: what makes a run exit 1. A cell not run by design (`skipped`:
 * a strategy its JDK lacks, a cell that would deadlock, the rest of a failed series) is said in the report but
 * is no failure of the run, as for `load` and `footprint`.
 */
internal fun unfinished(results: Results): Int =
    results.cells.count { it.status != CellStatus.OK && it.status != CellStatus.SKIPPED }
