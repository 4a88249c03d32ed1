package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.ProgramResult
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.parameters.arguments.argument
import com.github.ajalt.clikt.parameters.arguments.optional
import com.github.ajalt.clikt.parameters.options.convert
import com.github.ajalt.clikt.parameters.options.default
import com.github.ajalt.clikt.parameters.options.flag
import com.github.ajalt.clikt.parameters.options.option
import com.github.ajalt.clikt.parameters.options.split
import com.github.ajalt.clikt.parameters.types.choice
import dev.bakeoff.metrics.DecisionReasons
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.report.Check
import dev.bakeoff.report.CheckOutput
import dev.bakeoff.report.CheckRefusedException
import dev.bakeoff.report.CheckSettings
import dev.bakeoff.report.Gate
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.result.Results
import dev.bakeoff.result.replaceAtomically
import java.io.IOException
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardOpenOption

/**
 * `bakeoff check BASELINE [CURRENT]`: a CI gate. Exit code 1 when a gate fails ([Gate]: the winner
 * changed, the strategy got slower beyond the margin counted by forks, a cell that was ok is not), 0
 * when every gate holds, 2 on bad input (a baseline from another machine kind without
 * `--across-machines` among it). Prints the findings; writes the Markdown summary to `--summary` and
 * appends it to `$GITHUB_STEP_SUMMARY` when set, and JUnit XML to `--junit`. Runs on the command thread.
 */
internal class CheckCommand : CliktCommand(name = "check") {
    override fun help(context: Context) =
        "Gate CI on a baseline run: exit 1 when a group's winner changed, a strategy got slower beyond the " +
            "margin (counted by forks) or a cell that was ok is not; 0 when every gate holds. A difference " +
            "the forks cannot tell apart never fails."

    private val baseline by argument("BASELINE", help = "The run to hold: a results folder or its results.json")
    private val current by argument(
        "CURRENT",
        help = "The run to check: a results folder or results.json (default: the newest run, results/latest in " +
            "Bakeoff's checkout, wherever the command runs)",
    ).optional()
    private val gates by option(
        "--gate",
        help = "Gates to apply, comma-separated (default: all): " +
            Gate.entries.joinToString("; ") { "${it.id}: ${it.summary}" },
    ).choice(Gate.entries.associateBy { it.id }).split(",").default(Gate.entries)
    private val strategy by option(
        "--strategy",
        "-s",
        help = "The strategy the slower gate holds, as its spec in the results (default: each group's winner)",
    )
    private val margin by option(
        "--margin",
        help = "Slower only beyond this share of the baseline's time, as 5% or 0.05 " +
            "(default: ${DecisionReasons.percent(GroupDecision.DEFAULT_MARGIN)})",
    ).convert { MeasureOptions.parseMargin(it) }
    private val acrossMachines by option(
        "--across-machines",
        help = "Accept a baseline from another machine kind, comparing decisions (winners, order) only",
    ).flag()
    private val summary by option(
        "--summary",
        help = "Write the Markdown summary to this file (it is also appended to \$$STEP_SUMMARY when set)",
    )
    private val junit by option("--junit", help = "Write JUnit XML to this file: one test case per group")

    override fun run() {
        val baselinePath = resultsFile(baseline, "BASELINE")
        // The newest run is the checkout's results/latest wherever the user stands: named in full when
        // it was not given, so that a check run from another folder never reads it unsaid.
        val currentPath = current?.let { resultsFile(it, "CURRENT") } ?: ResultFiles.latest()
            ?: throw UsageError(
                "no CURRENT given and no newest run " +
                    "(${ResultFiles.shown(ResultFiles.DEFAULT_ROOT.resolve("latest"))}); " +
                    "give a results folder or results.json",
                statusCode = 2,
            )
        // Checked before anything is read, so that a refused path is the only line printed: neither may be
        // an input (a --junit naming the baseline replaced it), a link, or the other output.
        val inputs = listOf(baselinePath, currentPath)
        val summaryPath = summary?.let {
            ResultFiles.outputFile(ResultFiles.outPath(it, "--summary"), "--summary", inputs)
        }
        val junitPath = junit?.let {
            ResultFiles.outputFile(ResultFiles.outPath(it, "--junit"), "--junit", inputs + listOfNotNull(summaryPath))
        }
        val before = userInput { JsonReportFormat.read(baselinePath) }
        val now = userInput { JsonReportFormat.read(currentPath) }
        strategy?.let { checkStrategy(it, before, now) }
        val settings = CheckSettings(gates.toSet(), margin ?: GroupDecision.DEFAULT_MARGIN, strategy, acrossMachines)
        val check = try {
            Check.of(before, now, settings)
        } catch (e: CheckRefusedException) {
            throw UsageError(e.message, statusCode = 2)
        }
        val newest = if (current == null) " (the newest run)" else ""
        val output = CheckOutput(check, ResultFiles.shown(baselinePath), ResultFiles.shown(currentPath) + newest)
        output.console().forEach { echo(it) }
        summaryPath?.let { write(it, output.markdown(), "--summary") }
        currentContext.readEnvvar(STEP_SUMMARY)?.takeIf { it.isNotBlank() }?.let {
            write(ResultFiles.userPath(it, STEP_SUMMARY), output.markdown(), STEP_SUMMARY, append = true)
        }
        junitPath?.let { write(it, output.junit(), "--junit") }
        if (!check.passed) throw ProgramResult(1)
    }

    /** A results folder's results.json, or the file itself. */
    private fun resultsFile(text: String, what: String): Path {
        val path = ResultFiles.userPath(text, what)
        return if (Files.isDirectory(path)) path.resolve("results.json") else path
    }

    private fun checkStrategy(s: String, vararg runs: Results) {
        val known = runs.flatMap { r -> r.cells.map { it.strategy } }.distinct()
        if (s !in known) {
            throw UsageError("no strategy '$s' in either run; valid: ${known.joinToString()}", statusCode = 2)
        }
    }

    /** Writes [text] (appends it to GitHub's step summary, which other steps share); one line and exit 2 if refused. */
    private fun write(path: Path, text: String, what: String, append: Boolean = false) {
        try {
            path.parent?.let { Files.createDirectories(it) }
            if (append) {
                Files.writeString(path, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND)
            } else {
                replaceAtomically(path) { it.write(text.toByteArray()) }
            }
        } catch (e: IOException) {
            throw UsageError("cannot write $what $path: ${e.javaClass.simpleName} ${e.message}", statusCode = 2)
        }
        echo("$what: ${ResultFiles.shown(path)}")
    }

    private companion object {
        /** Where GitHub Actions reads a step's Markdown summary from. */
        const val STEP_SUMMARY = "GITHUB_STEP_SUMMARY"
    }
}
