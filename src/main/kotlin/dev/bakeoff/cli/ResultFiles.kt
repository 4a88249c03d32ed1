package dev.bakeoff.cli

import com.github.ajalt.clikt.core.UsageError
import dev.bakeoff.report.REPORT_FORMATS
import dev.bakeoff.report.writeTo
import dev.bakeoff.result.Results
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.Paths
import java.time.LocalDateTime
import java.time.format.DateTimeFormatter

/** Writes every result file of a run into its directory (each replaced atomically), after every cell. */
internal object ResultFiles {
    fun write(results: Results, dir: Path) {
        REPORT_FORMATS.forEach { it.writeTo(results, dir) }
    }

    /**
     * Creates the output directory (default `results/<prefix><timestamp>` with a `results/latest`
     * link) and proves it writable; one line and exit code 2 if it is not.
     */
    fun prepareOut(requested: Path?, prefix: String = ""): Path {
        val dir =
            requested
                ?: Paths.get(
                    "results",
                    prefix + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")),
                )
        try {
            Files.createDirectories(dir)
            Files.deleteIfExists(Files.createTempFile(dir, ".write-check", ""))
        } catch (e: Exception) {
            throw UsageError(
                "cannot write results to --out $dir: ${e.javaClass.simpleName} ${e.message}",
                statusCode = 2,
            )
        }
        if (requested == null) {
            val latest = dir.resolveSibling("latest")
            Files.deleteIfExists(latest)
            runCatching { Files.createSymbolicLink(latest, dir.fileName) }
        }
        return dir
    }
}
