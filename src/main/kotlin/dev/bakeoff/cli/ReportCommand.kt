package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.parameters.arguments.argument
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.report.HtmlReportFormat
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.writeTo
import java.io.IOException

/**
 * `bakeoff report RESULTS.json`: regenerates `report.html` next to a results file (e.g. after an
 * upgrade of Bakeoff).
 */
internal class ReportCommand : CliktCommand(name = "report") {
    override fun help(context: Context) = "Regenerate report.html next to a results.json."

    private val file by argument("RESULTS.json", help = "A results.json written by 'bakeoff run'")

    override fun run() {
        val path = ResultFiles.userPath(file, "RESULTS.json")
        // report.html is replaced only when Bakeoff wrote it: never a link, nor a page of the user's own.
        val format = HtmlReportFormat(Strategies.colours)
        ResultFiles.outputFile(path.resolveSibling(format.fileName), "report", listOf(path), ownOnly = true)
        val results = userInput { JsonReportFormat.read(path) }
        val report = try {
            format.writeTo(results, path.parent)
        } catch (e: IOException) {
            throw UsageError(
                "cannot write report.html next to $path (${e.javaClass.simpleName}: ${e.message}); " +
                    "copy results.json to a writable directory and run report there",
                statusCode = 2,
            )
        }
        echo("report: ${ResultFiles.shown(report)}")
    }
}
