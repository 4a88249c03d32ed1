package dev.bakeoff.engine.link

import kotlinx.serialization.KSerializer
import kotlinx.serialization.json.Json
import java.io.File
import java.nio.file.Files
import java.nio.file.Path

/**
 * The one way a report crosses from a JVM Bakeoff started back to the host: the fork [write]s it as JSON to
 * the file the host named ([ForkSettings.probeFile]), the host [read]s it once that JVM ended, and a JVM
 * that left none is described in one wording ([unreported]). One channel per report type ([PROBE], [LOAD],
 * [FOOTPRINT], [ESTIMATE]). Immutable; thread-safe (each call touches only its own file).
 */
internal class ReportChannel<T : Any> private constructor(private val serializer: KSerializer<T>) {
    /**
     * Fork side: writes [report] to [file], replacing what was there; nothing without a file (an in-process
     * run that asked for none). Best effort: after an OutOfMemoryError even this may fail, and the JVM's log
     * still has the error.
     */
    fun write(file: File?, report: T) {
        runCatching { file?.writeText(Json.encodeToString(serializer, report)) }
    }

    /** Host side: the report in [file], or null when the JVM wrote none, or one cut off (a halt mid-write). */
    fun read(file: Path): T? = file.takeIf { Files.exists(it) }
        ?.let { runCatching { Json.decodeFromString(serializer, Files.readString(it)) }.getOrNull() }

    companion object {
        val PROBE = ReportChannel(ProbeReport.serializer())
        val LOAD = ReportChannel(LoadReport.serializer())
        val FOOTPRINT = ReportChannel(FootprintReport.serializer())
        val ESTIMATE = ReportChannel(EstimateReport.serializer())

        /**
         * Why there is no report ([read] found none, or none whole), after the JVM's name: it ended with exit
         * [status] (null: not known) before it wrote one.
         */
        fun unreported(status: Int?): String =
            "exited" + status?.let { " with status $it" }.orEmpty() + " before it reported"
    }
}
