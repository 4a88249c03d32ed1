package dev.bakeoff.report

import dev.bakeoff.model.Family
import dev.bakeoff.result.Results
import dev.bakeoff.result.replaceAtomically
import java.nio.file.Files
import java.nio.file.Path

/**
 * One file format of a run's [Results], as JMH's `ResultFormat.writeOut`: [write] renders the
 * whole results to text. Writing to an [Appendable] keeps formats free of file handling and lets
 * tests compare a string; [writeTo] puts the text in a results directory.
 *
 * Implementations are stateless: one instance may be used from any number of threads at once.
 */
internal interface ReportFormat {
    /** The file this format writes in a results directory, e.g. `results.json`. */
    val fileName: String

    /** Appends the complete rendering of [results] to [out]. */
    fun write(results: Results, out: Appendable)
}

/** The standard file formats of a results directory; the HTML report draws each family in its [colours]. */
internal fun reportFormats(colours: Map<Family, String>): List<ReportFormat> =
    listOf(JsonReportFormat, CsvReportFormat, HtmlReportFormat(colours))

/**
 * Writes [results] to `dir/fileName` (UTF-8), replacing any earlier file atomically: results are
 * rewritten after every cell, so a reader, or a run killed mid-write, never sees half a file.
 */
internal fun ReportFormat.writeTo(results: Results, dir: Path): Path {
    Files.createDirectories(dir)
    val text = buildString { write(results, this) }
    return dir.resolve(fileName).also { target -> replaceAtomically(target) { it.write(text.toByteArray()) } }
}

/**
 * A results file that cannot be read: malformed, not a results file, of an unknown schema version, or
 * holding what [ResultsCheck] refuses. One line: the names it quotes from the file shown by [SafeText].
 */
internal class ResultsFileException(message: String, cause: Throwable? = null) :
    RuntimeException(SafeText.line(message), cause)
