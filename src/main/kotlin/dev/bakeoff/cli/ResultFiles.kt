package dev.bakeoff.cli

import dev.bakeoff.report.Results
import kotlinx.serialization.json.Json
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardCopyOption

/** Writes every result file of a run into its directory, each replaced atomically. */
internal object ResultFiles {
    private val JSON = Json { prettyPrint = true }

    fun write(
        results: Results,
        dir: Path,
    ) {
        replace(dir.resolve("results.json"), JSON.encodeToString(Results.serializer(), results))
    }

    private fun replace(
        file: Path,
        text: String,
    ) {
        val tmp = file.resolveSibling(file.fileName.toString() + ".tmp")
        Files.writeString(tmp, text)
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE)
    }
}
