package dev.bakeoff.engine.fork

import dev.bakeoff.engine.link.ReportChannel
import java.io.File
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.TimeUnit
import java.util.stream.Stream

/**
 * Runs a JVM Bakeoff starts itself (a planning probe, a cell's trace-only JVM, a `java -version`
 * check) to its end, its output into a log, killed at its time limit; whatever it started
 * (processes of a workload's own) is ended with it either way, and so is everything when Bakeoff
 * itself is stopped (SIGTERM, Ctrl-C) meanwhile. Stateless; called on the run's thread.
 */
internal object ProbeProcess {
    /** Why a cell's JVM was killed at its time limit of [seconds], as every runner says it. */
    fun timeLimitExceeded(seconds: Long): String = "exceeded its time limit of $seconds s; its JVM was killed"

    /** Why a cell's JVM that exited with [status] without a report failed, naming its [log] in `cells`. */
    fun exitedEarly(
        status: Int,
        log: Path,
    ): String = "its JVM ${ReportChannel.unreported(status)} (cells/${log.fileName})"

    /** The JVM's exit code, or null when it was killed at [limitSeconds]. */
    fun run(command: List<String>, log: Path, limitSeconds: Long): Int? {
        val process = ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start()
        val offspring = Offspring { Stream.concat(Stream.of(process.toHandle()), process.descendants()) }
        // A JVM that cannot watch its owner (one a debugger option holds before main) ends only from here.
        val hook = Thread(offspring::endAll, "bakeoff-end-probe")
        Runtime.getRuntime().addShutdownHook(hook)
        try {
            process.outputStream.close()
            val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(limitSeconds)
            while (!process.waitFor(Offspring.SAMPLE_MILLIS, TimeUnit.MILLISECONDS)) {
                offspring.sample()
                if (System.nanoTime() - deadline >= 0) return null
            }
        } finally {
            // Also the JVM itself if this thread was interrupted.
            offspring.endAll()
            process.waitFor()
            try {
                Runtime.getRuntime().removeShutdownHook(hook)
            } catch (_: IllegalStateException) {
                // Bakeoff is shutting down: the hook runs, and finds nothing left.
            }
        }
        return process.exitValue()
    }

    /**
     * [run] for a JVM that runs none of Bakeoff's code and so cannot watch its owner (`java -version`
     * with the user's options): where the system has coreutils' `timeout`, it also kills the JVM a
     * little after [limitSeconds] if Bakeoff was killed meanwhile (`kill -9` runs no clean-up here).
     */
    fun runBounded(command: List<String>, log: Path, limitSeconds: Long): Int? {
        val guard = TIMEOUT?.let { listOf(it.toString(), "-s", "KILL", "${limitSeconds + TIMEOUT_GRACE_SECONDS}") }
        return run(guard.orEmpty() + command, log, limitSeconds)
    }

    private const val TIMEOUT_GRACE_SECONDS = 5L

    private val TIMEOUT: Path? = System.getenv("PATH").orEmpty().split(File.pathSeparator)
        .filter { it.isNotEmpty() }
        .map { Path.of(it, "timeout") }
        .firstOrNull(Files::isExecutable)
}

/**
 * The processes under a JVM Bakeoff started ([current]), remembered while it runs: a process whose
 * parent ended is re-parented and no longer among anyone's descendants here, so what a JVM that
 * was halted or killed left behind can only be ended from what was seen before. Thread-safe (the
 * run's thread or a watchdog samples; a shutdown hook may end all at the same time).
 */
internal class Offspring(private val current: () -> Stream<ProcessHandle>) {
    private val seen = ConcurrentHashMap.newKeySet<ProcessHandle>()

    /** Remembers every process there is now, forgetting those that ended. */
    fun sample() {
        seen.removeIf { !it.isAlive }
        current().forEach(seen::add)
    }

    /**
     * Ends every process there is now or was seen alive. A handle holds its process's start time,
     * so a process id reused since is left alone.
     */
    fun endAll() {
        sample()
        seen.forEach { it.destroyForcibly() }
    }

    companion object {
        /**
         * How often the processes are sampled: a process started and orphaned within less may escape
         * (the JVMs end their own at exit, [MeasuredJvm]; this is for one halted or killed meanwhile).
         * A sample reads every process of the machine (milliseconds of CPU): rare, beside a measurement.
         */
        const val SAMPLE_MILLIS = 1_000L
    }
}
