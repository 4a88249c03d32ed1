package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.clikt.parameters.arguments.argument
import com.github.ajalt.clikt.parameters.arguments.multiple
import com.github.ajalt.clikt.parameters.options.convert
import com.github.ajalt.clikt.parameters.options.default
import com.github.ajalt.clikt.parameters.options.option
import dev.bakeoff.metrics.DecisionReasons
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.report.CompareHtml
import dev.bakeoff.report.Comparison
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.SafeText
import dev.bakeoff.report.machineRows
import dev.bakeoff.result.replaceAtomically
import java.io.IOException
import java.nio.file.Files
import java.nio.file.Path

/**
 * `bakeoff compare BASE.json NEW.json` (two runs of the same cells) or `bakeoff compare
 * RESULTS.json --a X --b Y` (two strategies within one run): per matching cell, counted by forks,
 * the ratio of geometric-mean fork medians with Welch's interval and p and a verdict under
 * `--margin` ([Comparison]); a console table and compare.html.
 */
internal class CompareCommand : CliktCommand(name = "compare") {
    override fun help(context: Context) =
        "Compare two runs (BASE.json NEW.json), or two strategies within one run (RESULTS.json --a X --b Y): " +
            "per cell, counted by forks (JVMs), the ratio of fork medians with its interval, p and a verdict: " +
            "faster, slower, same within the margin, not told apart, or not tested; writes compare.html."

    private val files by argument(
        "RESULTS.json",
        help = "BASE.json NEW.json, or one RESULTS.json with --a and --b",
    ).multiple(required = true)
    private val a by option("--a", help = "The baseline strategy, within one results file")
    private val b by option("--b", help = "The strategy compared against --a, within one results file")
    private val margin by option(
        "--margin",
        help = "Faster or slower only beyond this share of the base's time, the same within it, as 5% or 0.05 " +
            "(default: ${DecisionReasons.percent(GroupDecision.DEFAULT_MARGIN)})",
    ).convert { MeasureOptions.parseMargin(it) }.default(GroupDecision.DEFAULT_MARGIN)
    private val out by option(
        "--out",
        "-o",
        help = "Directory for compare.html (default: the directory of the last results file)",
    )

    override fun run() {
        val paths = files.map { ResultFiles.userPath(it, "RESULTS.json") }
        // Checked first, so that a refused --out is the only line printed.
        val requestedOut = out?.let(ResultFiles::outPath)
        // Never a link, an input or a compare.html of the user's own: only one Bakeoff wrote is replaced.
        val html = (requestedOut ?: paths.last().parent).resolve(CompareHtml.FILE_NAME)
        ResultFiles.outputFile(html, CompareHtml.FILE_NAME, paths, ownOnly = true)
        val comparison = userInput { comparison(paths) }
        // Labels, names and reasons come from the results files: their control characters are shown, not sent.
        val inputs = paths.joinToString(" vs ")
        echo(SafeText.line("compare: ${comparison.newLabel} against ${comparison.baseLabel} ($inputs)"))
        echo(
            terminal.render(
                compactTable(
                    listOf("", comparison.baseLabel, comparison.newLabel),
                    machineRows(listOf(comparison.base, comparison.new)).map { (k, v) ->
                        listOf(k) +
                            v
                    },
                ),
            ),
        )
        if (comparison.machinesDiffer) {
            echo(
                "warning: different machines or JDKs; a ratio mixes the machine with the code",
            )
        }
        if (comparison.rows.isNotEmpty()) echo(terminal.render(comparisonTable(comparison)))
        comparison.load?.let { load ->
            for ((rows, what) in load.parts) {
                val (header, lines) = load.table(rows, what)
                echo(terminal.render(compactTable(header, lines)))
            }
        }
        comparison.notComparedSummary.forEach { echo(SafeText.line("  not compared: $it")) }
        echo(SafeText.plain(CompareHtml.summary(comparison)))
        echo(SafeText.plain(CompareHtml.method(comparison)))
        val dir = html.parent
        try {
            Files.createDirectories(dir)
            val page = buildString { CompareHtml.write(comparison, this) }
            replaceAtomically(html) { out -> out.write(page.toByteArray()) }
        } catch (e: IOException) {
            throw UsageError(
                "cannot write ${CompareHtml.FILE_NAME} to $dir: ${e.javaClass.simpleName} ${e.message}",
                statusCode = 2,
            )
        }
        echo("compare.html: ${ResultFiles.shown(html)}")
    }

    private fun comparison(paths: List<Path>): Comparison {
        val a = a
        val b = b
        return when {
            paths.size == 2 && a == null && b == null -> Comparison.ofRuns(
                JsonReportFormat.read(paths[0]),
                JsonReportFormat.read(paths[1]),
                margin,
            )

            paths.size == 1 && a != null && b != null -> {
                val results = JsonReportFormat.read(paths[0])
                val strategies = results.cells.map { it.strategy }.distinct()
                for (s in listOf(a, b)) {
                    if (s !in
                        strategies
                    ) {
                        throw UsageError(
                            "no strategy '$s' in ${paths[0]}; valid: ${strategies.joinToString()}",
                            statusCode = 2,
                        )
                    }
                }
                Comparison.ofStrategies(results, a, b, margin)
            }

            else -> throw UsageError(
                "give BASE.json NEW.json, or one RESULTS.json with --a STRATEGY --b STRATEGY",
                statusCode = 2,
            )
        }
    }
}
