package dev.bakeoff.engine.fork

import dev.bakeoff.engine.jdk.Jdk
import dev.bakeoff.engine.link.ForkEntry
import java.nio.file.Files
import java.nio.file.Path

/**
 * Starts a `java` once with `-version` before anything is measured, so that a JDK or a JVM option
 * that cannot start the measured JVMs is one line at once rather than a failed or hung JVM per cell.
 * Bounded: killed after [LIMIT_SECONDS] (a debugger option can hold a JVM before it prints
 * anything), and ended with Bakeoff ([ProbeProcess.runBounded]). Stateless; called on the CLI's thread.
 */
internal object JavaCheck {
    const val LIMIT_SECONDS = 30L

    /**
     * Why [java] does not start with [options], as words that follow "the JVM" (`does not start
     * with it: Unrecognized VM option ...`), or null when it starts.
     */
    fun refusal(java: Path, options: List<String>): String? {
        val start = start(java, options)
        return when (start.exitCode) {
            0 -> null
            null -> "did not start within $LIMIT_SECONDS s with it (stopped)${start.said}"
            else -> "does not start with it: ${start.printed ?: "exit code ${start.exitCode}"}"
        }
    }

    /** Why [jdk]'s `bin/java` is not a working java of the version its `release` file names, or null. */
    fun problem(jdk: Jdk): String? {
        val java = jdk.home.resolve("bin").resolve("java")
        val start = start(java, emptyList())
        val major = start.version?.let(Jdk::majorOf)
        val broken = "$java is not a working java: `java -version`"
        return when {
            start.exitCode == null -> "$java did not start within $LIMIT_SECONDS s (stopped)${start.said}"
            start.exitCode != 0 -> "$broken ended with exit code ${start.exitCode}${start.said}"
            major == null -> "$broken printed no version${start.said}"
            major != jdk.major -> "$java is Java ${start.version}, but its release file says ${jdk.version}"
            else -> handshake(java)
        }
    }

    /**
     * Why [java] cannot run a measured JVM's code ([ForkEntry.HANDSHAKE], from this JVM's classpath, as every
     * fork does), or null when it printed the handshake's token.
     */
    private fun handshake(java: Path): String? {
        val classpath = System.getProperty("java.class.path")
        val ran = start(java, listOf("-cp", classpath, ForkEntry.HANDSHAKE.className), version = false)
        return when {
            ran.exitCode == null -> "$java did not run Bakeoff's code within $LIMIT_SECONDS s (stopped)${ran.said}"

            ran.exitCode != 0 || !ran.handshake ->
                "$java answers -version but cannot run a measured JVM: it ended with exit code ${ran.exitCode}" +
                    (if (ran.exitCode == 0) " without running Bakeoff's code" else "") + ran.said

            else -> null
        }
    }

    /**
     * What `java [options] -version` (or, without [version], `java [options]`) did: its exit code (null at
     * the time limit), first line, version and whether it printed the [ForkEntry.HANDSHAKE_TOKEN].
     */
    private class Start(val exitCode: Int?, val printed: String?, val version: String?, val handshake: Boolean) {
        val said: String get() = printed?.let { "; it printed: $it" }.orEmpty()
    }

    private fun start(java: Path, options: List<String>, version: Boolean = true): Start {
        val log = Files.createTempFile("bakeoff-java-check-", ".log")
        try {
            val command = listOf(java.toString()) + options + listOfNotNull("-version".takeIf { version })
            val exit = ProbeProcess.runBounded(command, log, LIMIT_SECONDS)
            // A bounded read: whatever stands in for java may print without end, and in any encoding.
            val lines = log.toFile().bufferedReader().useLines { it.take(MAX_LINES).toList() }
            val found = lines.firstNotNullOfOrNull { VERSION.find(it)?.groupValues?.get(1) }
            val printed = lines.firstOrNull { it.isNotBlank() }?.trim()?.take(PRINTED_CHARS)
            return Start(exit, printed, found, lines.any { it.trim() == ForkEntry.HANDSHAKE_TOKEN })
        } finally {
            Files.deleteIfExists(log)
        }
    }

    private const val MAX_LINES = 50
    private const val PRINTED_CHARS = 200

    /** `openjdk version "25.0.1" 2025-10-21`, `java version "21.0.8" ...`. */
    private val VERSION = Regex("""^\S+ version "([^"]+)"""")
}
