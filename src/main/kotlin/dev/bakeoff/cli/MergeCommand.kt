package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.parameters.arguments.argument
import com.github.ajalt.clikt.parameters.arguments.multiple
import com.github.ajalt.clikt.parameters.options.option
import com.github.ajalt.clikt.parameters.options.required
import dev.bakeoff.engine.ResultsMerge
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.MachineDifferences
import dev.bakeoff.report.ResultsFileException
import dev.bakeoff.report.RunView
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.Paths

/**
 * `bakeoff merge DIR… --out DIR`: one results.json and report from the results of shards,
 * machines and JDKs, every cell with its machine; prints where the machines' answers differ.
 */
internal class MergeCommand : CliktCommand(name = "merge") {
    override fun help(context: Context) = "Merge results.json files (or the result directories holding them) of " +
        "shards, machines and JDKs into one results.json and report; groups never mix machines"

    private val inputs by argument("DIR", help = "Result directories or results.json files").multiple(required = true)
    private val out by option("--out", "-o", help = "Output directory of the merged results").required()

    override fun run() {
        val attempts = inputs.map { it to runCatching { JsonReportFormat.read(resultsFile(Paths.get(it))) } }
        val unreadable = attempts.mapNotNull { (_, r) -> r.exceptionOrNull()?.takeIf { it is ResultsFileException } }
        if (unreadable.isNotEmpty()) {
            unreadable.forEach { echo("bakeoff merge: ${it.message}", err = true) }
            throw UsageError("${unreadable.size} input(s) cannot be merged; nothing was written", statusCode = 2)
        }
        val read = attempts.map { (source, r) -> source to r.getOrThrow() }
        val merged = when (val outcome = ResultsMerge.merge(read)) {
            is ResultsMerge.Outcome.Merged -> outcome.results

            is ResultsMerge.Outcome.Conflicts -> {
                outcome.lines.forEach { echo("bakeoff merge: two results for $it", err = true) }
                throw UsageError("${outcome.lines.size} cell(s) appear twice; nothing was written", statusCode = 2)
            }
        }
        val dir = ResultFiles.prepareOut(ResultFiles.userPath(out, "--out"))
        ResultFiles.write(merged, dir)
        val machines = merged.machines.orEmpty().size
        echo("merged ${read.size} result file(s): ${merged.cells.size} cells on $machines machine(s) into $dir")
        MachineDifferences.of(RunView.of(merged)).forEach { echo(it) }
    }

    private fun resultsFile(path: Path): Path = if (Files.isDirectory(path)) path.resolve("results.json") else path
}
