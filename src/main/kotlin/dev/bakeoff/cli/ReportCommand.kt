package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.parameters.arguments.argument
import dev.bakeoff.report.HtmlReportFormat
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.writeTo
import java.nio.file.Paths

/** `bakeoff report RESULTS.json`: regenerates `report.html` next to a results file (e.g. after an upgrade of Bakeoff). */
internal class ReportCommand : CliktCommand(name = "report") {
    override fun help(context: Context) = "Regenerate report.html next to a results.json."

    private val file by argument("RESULTS.json", help = "A results.json written by 'bakeoff run'")

    override fun run() {
        val path = Paths.get(file).toAbsolutePath()
        val results = userInput { JsonReportFormat.read(path) }
        echo("report: ${HtmlReportFormat.writeTo(results, path.parent)}")
    }
}
