package dev.bakeoff.cli

import dev.bakeoff.engine.fork.CpuAffinity
import dev.bakeoff.engine.fork.JavaCheck
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.util.UUID
import java.util.concurrent.TimeUnit
import kotlin.io.path.createDirectories
import kotlin.io.path.writeText
import kotlin.test.assertContains
import kotlin.test.assertEquals

/**
 * Issue 30's JVM cases, in-process: a JVM option that holds the JVM, a JDK folder whose java is
 * not a java and a `--cpus` no JVM can use are each one line and exit code 2 before anything is
 * measured, and the checking JVM does not stay.
 */
class JvmStartTest {
    @TempDir
    lateinit var dir: Path

    @Test
    // Before the check had a time limit, it waited for the suspended JVM's output without end.
    @Timeout(value = 3, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    fun `a JVM option that suspends the JVM is refused at the check's time limit and its JVM ended`() {
        // The marker finds this test's checking JVM among the machine's processes.
        val marker = "-Dbakeoff.test.marker=${UUID.randomUUID()}"
        val jdwp = "-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0"
        assertUsageError(
            "the JVM did not start within ${JavaCheck.LIMIT_SECONDS} s with it",
            "run", "-w", "arithmetic", "-s", "direct", "--jvm-arg=$jdwp", "--jvm-arg=$marker", "--dry-run",
        )
        val left = ProcessHandle.allProcesses().filter { marker in it.info().commandLine().orElse("") }.toList()
        assertEquals(emptyList(), left.map { "${it.pid()}: ${it.info().commandLine().orElse("?")}" })
    }

    @Test
    fun `a JDK folder whose bin java is not a working java is refused`() {
        val home = dir.resolve("broken-jdk").createDirectories()
        Files.copy(Path.of(System.getProperty("java.home"), "release"), home.resolve("release"))
        val java = home.resolve("bin").createDirectories().resolve("java")
        java.writeText("#!/bin/sh\necho 'not a java'\n")
        java.toFile().setExecutable(true)
        assertUsageError(
            "$java is not a working java",
            "run", "-w", "arithmetic", "-s", "direct", "--jdk", "$home", "--dry-run",
        )
        java.writeText("#!/bin/sh\necho 'Error: no libjvm' >&2\nexit 1\n")
        assertUsageError(
            "ended with exit code 1; it printed: Error: no libjvm",
            "run", "-w", "arithmetic", "-s", "direct", "--jdk", "$home", "--dry-run",
        )
        // A working java of another version than the folder's release file names.
        java.writeText("#!/bin/sh\nexec '${Path.of(System.getProperty("java.home"), "bin", "java")}' \"$@\"\n")
        val release = home.resolve("release")
        val lines = Files.readAllLines(release).filterNot { it.startsWith("JAVA_VERSION=") }
        Files.write(release, lines + "JAVA_VERSION=\"99.0.1\"")
        assertUsageError(
            "is Java ${System.getProperty("java.version")}, but its release file says 99.0.1",
            "run", "-w", "arithmetic", "-s", "direct", "--jdk", "$home", "--dry-run",
        )
        // One that answers -version as the real one does but runs nothing else: JMH's fork would fail mid-run.
        Files.write(release, lines + "JAVA_VERSION=\"${System.getProperty("java.version")}\"")
        val real = Path.of(System.getProperty("java.home"), "bin", "java")
        java.writeText("#!/bin/sh\n[ \"$1\" = -version ] && exec '$real' -version\nexit 0\n")
        assertUsageError(
            "$java answers -version but cannot run a measured JVM: it ended with exit code 0 without running",
            "run", "-w", "arithmetic", "-s", "direct", "--jdk", "$home", "--dry-run",
        )
    }

    @Test
    fun `recommend takes the same --cpus as run`() {
        val valid = "valid: a whole number from 1 to 32767"
        assertUsageError(valid, "recommend", "--cpu-us", "5", "--cpus", "100000", "--no-confirm")
        assertUsageError(valid, "recommend", "--cpu-us", "5", "--cpus", "0", "--no-confirm")
    }

    @Test
    fun `--cpus above the machine's cores is refused where JVMs would run on them, modelled where not`() {
        val cores = CpuAffinity.usable.size
        val more = "${cores + 1}"
        val valid = "invalid --cpus '$more'; valid: a whole number from 1 to $cores"
        assertUsageError(valid, "run", "-w", "arithmetic", "-s", "direct", "--cpus", more, "--dry-run")
        assertUsageError(valid, "scenario", "file-sender", "--cpus", more, "--dry-run")
        assertUsageError(valid, "recommend", "--cpu-us", "5", "--cpus", more)
        val (code, output) = cli("recommend", "--cpu-us", "5", "--cpus", more, "--no-confirm")
        assertEquals(0, code, output)
        assertContains(output, "on $more cores")
    }
}
