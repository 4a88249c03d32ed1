package dev.bakeoff.engine

import java.nio.file.Path
import java.util.concurrent.TimeUnit

/**
 * Runs a JVM Bakeoff starts itself (a planning probe, a cell's trace-only JVM) to its end, its
 * output into a log, killed at its time limit; whatever it started (processes of a workload's own)
 * is killed with it either way. Stateless; called on the run's thread.
 */
internal object ProbeProcess {
    /** The JVM's exit code, or null when it was killed at [limitSeconds]. */
    fun run(command: List<String>, log: Path, limitSeconds: Long): Int? {
        val process = ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start()
        try {
            process.outputStream.close()
            if (!process.waitFor(limitSeconds, TimeUnit.SECONDS)) return null
        } finally {
            // Also the JVM itself if this thread was interrupted.
            process.descendants().forEach { it.destroyForcibly() }
            process.destroyForcibly()
            process.waitFor()
        }
        return process.exitValue()
    }
}
