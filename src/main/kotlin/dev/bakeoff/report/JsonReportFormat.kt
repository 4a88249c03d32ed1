package dev.bakeoff.report

import dev.bakeoff.result.Results
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.intOrNull
import kotlinx.serialization.json.jsonPrimitive
import java.io.IOException
import java.nio.ByteBuffer
import java.nio.charset.StandardCharsets
import java.nio.file.Files
import java.nio.file.Path

/**
 * `results.json`: the complete [Results], pretty printed; the schema is docs/RESULTS.md.
 * Absent values (`null`) are left out rather than written as `null`. NaN and infinities are
 * rejected when writing (the model is NaN-free by contract), so the file is always strict JSON.
 *
 * [read] loads a file back for `report`, `compare`, `merge`, `check` and `recommend`: at most
 * [MAX_BYTES] of it (a 3 GB file would exhaust the heap long before it is decoded), and only what
 * [ResultsCheck] finds sound, at most [ResultsCheck.MAX_CELLS] cells among it. Stateless and thread-safe.
 */
internal object JsonReportFormat : ReportFormat {
    override val fileName = "results.json"

    @OptIn(kotlinx.serialization.ExperimentalSerializationApi::class)
    private val json = Json {
        prettyPrint = true
        encodeDefaults = true
        explicitNulls = false
        // Fields may be added without a new schemaVersion; an older reader skips them.
        ignoreUnknownKeys = true
    }

    override fun write(results: Results, out: Appendable) {
        out.append(json.encodeToString(Results.serializer(), results)).append('\n')
    }

    /**
     * The largest results file read: decoding takes 10 to 20 times the file's size in heap, and a
     * run writes a few KB per cell, so this holds tens of thousands of cells; what the readers then
     * show is bounded by [ResultsCheck.MAX_CELLS].
     */
    const val MAX_BYTES: Int = 64 shl 20

    /** Loads a `results.json`; throws [ResultsFileException] with one clear line if it cannot. */
    fun read(path: Path): Results {
        val text = try {
            // One byte past the cap, never more: memory stays bounded even for a FIFO or /dev/zero.
            val bytes = Files.newInputStream(path).use { it.readNBytes(MAX_BYTES + 1) }
            if (bytes.size > MAX_BYTES) {
                throw ResultsFileException(
                    "results file $path is over ${MAX_BYTES shr 20} MiB, more than Bakeoff reads",
                )
            }
            StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString()
        } catch (e: IOException) {
            throw ResultsFileException("cannot read results file $path: ${e.message ?: e.javaClass.simpleName}", e)
        }
        return parse(text, path.toString())
    }

    /** Parses the text of a `results.json`; [source] names it in error messages. */
    fun parse(text: String, source: String = "results"): Results {
        val root = try {
            json.parseToJsonElement(text) as? JsonObject
        } catch (e: IllegalArgumentException) {
            throw ResultsFileException("$source is not valid JSON: ${firstLine(e)}", e)
        } ?: throw ResultsFileException("$source is not a Bakeoff results file: expected a JSON object")
        val version =
            (
                root["schemaVersion"]
                    ?: throw ResultsFileException("$source is not a Bakeoff results file: it has no schemaVersion")
                )
                .let { runCatching { it.jsonPrimitive.intOrNull }.getOrNull() }
                ?: throw ResultsFileException(
                    "$source is not a Bakeoff results file: schemaVersion is not a whole number",
                )
        if (version != Results.SCHEMA_VERSION) {
            throw ResultsFileException(
                "$source has schemaVersion $version; this Bakeoff reads schemaVersion ${Results.SCHEMA_VERSION} only",
            )
        }
        val results = try {
            json.decodeFromJsonElement(Results.serializer(), root)
        } catch (e: IllegalArgumentException) {
            // SerializationException (a missing or mistyped field) is an IllegalArgumentException.
            throw ResultsFileException("$source is not a valid schemaVersion $version results file: ${firstLine(e)}", e)
        }
        ResultsCheck.problem(results)?.let { throw ResultsFileException("$source cannot be shown: $it") }
        return results
    }

    private fun firstLine(e: Exception) = e.message?.lineSequence()?.firstOrNull()?.trim() ?: e.javaClass.simpleName
}
