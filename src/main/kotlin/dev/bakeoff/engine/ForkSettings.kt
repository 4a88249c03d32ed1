package dev.bakeoff.engine

import java.io.File

/**
 * Everything the host tells a measured JVM besides the JMH parameters, and the one place that
 * names the system properties carrying it: [JmhCellRunner] writes [toProperties] as `-D`
 * arguments of the fork (or as this JVM's properties for an in-process run), [CellProbe] reads
 * [fromSystemProperties] on the other side.
 *
 * @property probeFile where the fork writes its [dev.bakeoff.result.ProbeReport].
 * @property traceWarmup trace the first warm-up batch instead of running an extra traced batch.
 * @property settings [dev.bakeoff.model.RunContext.settings] for a scenario (e.g. a JDBC URL).
 * @property classpath extra entries a user's own task class is loaded from (`--classpath`).
 * @property maxThreads the fork's thread budget; null lets the fork use [ThreadBudget.defaultMax].
 */
internal data class ForkSettings(
    val probeFile: File?,
    val traceWarmup: Boolean,
    val settings: Map<String, String> = emptyMap(),
    val classpath: List<String> = emptyList(),
    val maxThreads: Int? = null,
) {
    /** The settings as system properties, only those that are set. */
    fun toProperties(): Map<String, String> = buildMap {
        probeFile?.let { put(PROBE, it.toString()) }
        put(TRACE_WARMUP, traceWarmup.toString())
        settings.forEach { (k, v) -> put(SETTING_PREFIX + k, v) }
        if (classpath.isNotEmpty()) put(CLASSPATH, classpath.joinToString(File.pathSeparator))
        maxThreads?.let { put(MAX_THREADS, it.toString()) }
    }

    companion object {
        private const val PROBE = "bakeoff.probe"
        private const val TRACE_WARMUP = "bakeoff.traceWarmup"
        private const val SETTING_PREFIX = "bakeoff.setting."
        private const val CLASSPATH = "bakeoff.classpath"
        private const val MAX_THREADS = "bakeoff.maxThreads"

        /** What the host set for this JVM; absent properties mean the defaults. */
        fun fromSystemProperties(): ForkSettings {
            val names = System.getProperties().stringPropertyNames()
            return ForkSettings(
                probeFile = System.getProperty(PROBE)?.let(::File),
                traceWarmup = System.getProperty(TRACE_WARMUP).toBoolean(),
                settings = names.filter { it.startsWith(SETTING_PREFIX) }
                    .associate { it.removePrefix(SETTING_PREFIX) to System.getProperty(it) },
                classpath = System.getProperty(CLASSPATH)?.split(File.pathSeparator).orEmpty()
                    .filter { it.isNotEmpty() },
                maxThreads = System.getProperty(MAX_THREADS)?.toInt(),
            )
        }
    }
}
