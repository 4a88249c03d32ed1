package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.parameters.arguments.argument
import com.github.ajalt.clikt.parameters.arguments.multiple
import com.github.ajalt.clikt.parameters.options.option
import com.github.ajalt.clikt.parameters.options.required
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.engine.fanout.ResultsMerge
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.MachineDifferences
import dev.bakeoff.report.ResultsCheck
import dev.bakeoff.report.ResultsFileException
import dev.bakeoff.report.ResultsFolderWriter
import dev.bakeoff.report.RunView
import dev.bakeoff.report.reportFormats
import dev.bakeoff.result.replaceAtomically
import java.io.IOException
import java.nio.file.Files
import java.nio.file.Path

/**
 * `bakeoff merge DIR… --out DIR`: one results.json and report from the results of shards,
 * machines and JDKs, every cell with its machine; prints where the machines' answers differ.
 * Every input is read and every file rendered before --out is created, and a write that fails (a
 * full disk) removes what it wrote: the command leaves all of its files or none. [writeFile]
 * writes one file (a test makes it fail, as a full disk would). Runs on the command thread.
 */
internal class MergeCommand(
    private val writeFile: (Path, String) -> Unit = { file, text ->
        replaceAtomically(file) { it.write(text.toByteArray()) }
    },
) : CliktCommand(name = "merge") {
    override fun help(context: Context) = "Merge results.json files (or the result directories holding them) of " +
        "shards, machines and JDKs into one results.json and report; groups never mix machines"

    private val inputs by argument("DIR", help = "Result directories or results.json files").multiple(required = true)
    private val out by option("--out", "-o", help = "Output directory of the merged results").required()

    override fun run() {
        val target = ResultFiles.outPath(out)
        val attempts = inputs.map { it to runCatching { JsonReportFormat.read(resultsFile(it)) } }
        val unreadable = attempts.mapNotNull { (_, r) -> r.exceptionOrNull()?.takeIf { it is ResultsFileException } }
        if (unreadable.isNotEmpty()) {
            unreadable.forEach { echo("bakeoff merge: ${it.message}", err = true) }
            throw UsageError("${unreadable.size} input(s) cannot be merged; nothing was written", statusCode = 2)
        }
        val read = attempts.map { (source, r) -> source to r.getOrThrow() }
        val merged = when (val outcome = ResultsMerge.merge(read)) {
            is ResultsMerge.Outcome.Merged -> outcome.results

            is ResultsMerge.Outcome.Mismatch ->
                throw UsageError("${outcome.line}; nothing was written", statusCode = 2)

            is ResultsMerge.Outcome.Conflicts -> {
                outcome.lines.forEach { echo("bakeoff merge: two results for $it", err = true) }
                throw UsageError("${outcome.lines.size} cell(s) appear twice; nothing was written", statusCode = 2)
            }
        }
        // Each input is within the cap, not necessarily their union: what no reader would read is not written.
        ResultsCheck.problem(merged)?.let {
            throw UsageError("the merged results cannot be shown: $it; nothing was written", statusCode = 2)
        }
        val files = reportFormats(Strategies.colours)
            .associate { it.fileName to buildString { it.write(merged, this) } }
        val dir = write(files, target)
        val machines = merged.machines.orEmpty().size
        val load = merged.load?.let { " and ${it.size} load cells" }.orEmpty() +
            merged.footprint?.let { " and ${it.size} footprint results" }.orEmpty()
        val into = ResultFiles.shown(dir)
        echo("merged ${read.size} result file(s): ${merged.cells.size} cells$load on $machines machine(s) into $into")
        MachineDifferences.of(RunView.of(merged)).forEach { echo(it) }
    }

    /** Writes [files] (name to text) into [target], or none of them: one line and exit code 2 when that fails. */
    private fun write(files: Map<String, String>, target: Path): Path {
        val created = Files.notExists(target)
        val dir = ResultFiles.prepareOut(target)
        try {
            files.forEach { (name, text) -> writeFile(dir.resolve(name), text) }
        } catch (e: IOException) {
            (files.keys + ResultsFolderWriter.MARKER).forEach { Files.deleteIfExists(dir.resolve(it)) }
            // Only if still empty: whatever else appeared in it meanwhile is not this command's.
            if (created) runCatching { Files.deleteIfExists(dir) }
            throw UsageError(
                "could not write the merged results to $dir (${e.javaClass.simpleName}: ${e.message}); " +
                    "nothing was written",
                statusCode = 2,
            )
        }
        return dir
    }

    /** An input as the user typed it, relative to their directory: a results file, or the directory holding one. */
    private fun resultsFile(text: String): Path =
        ResultFiles.userPath(text, "DIR").let { if (Files.isDirectory(it)) it.resolve("results.json") else it }
}
