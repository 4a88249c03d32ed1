package dev.bakeoff.cli

import dev.bakeoff.report.REPORT_FORMATS
import dev.bakeoff.report.Results
import dev.bakeoff.report.writeTo
import java.nio.file.Path

/** Writes every result file of a run into its directory (each replaced atomically), after every cell. */
internal object ResultFiles {
    fun write(results: Results, dir: Path) {
        REPORT_FORMATS.forEach { it.writeTo(results, dir) }
    }
}
