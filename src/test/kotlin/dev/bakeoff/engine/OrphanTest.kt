package dev.bakeoff.engine

import dev.bakeoff.engine.fork.JavaCheck
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.io.File
import java.nio.file.Files
import java.nio.file.Path
import java.util.UUID
import java.util.concurrent.TimeUnit
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * No JVM Bakeoff starts outlives a Bakeoff killed with `kill -9` (which runs no shutdown hook):
 * the CLI runs in its own process on a cell that never finishes, is killed once its child JVM is
 * busy, and the child must end by itself: a measured JVM, a planning probe, and the JVM that
 * checks a `--jvm-arg` (issue 30). Bounded waits only; nothing is timed.
 */
class OrphanTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `a fork ends by itself when the Bakeoff that started it is killed`() {
        // The fork is the CLI's child JVM measuring cell 1 (before it, cell 0 measured the harness).
        // Killed once JMH has started the fork: a hanging batch holds a screening fork in its steady-state search,
        // inside the set-up, where no iteration starts. The fork watches its parent from the moment it reads its
        // settings (an owner already gone then halts it at once), so it must end whenever the kill lands.
        val cells = arrayOf("-s", "fixture-hang", "-w", "arithmetic")
        assertChildEndsWithCli("cell-001.probe.json", "cells/cell-001.log", "# Fork:", *cells)
    }

    @Test
    fun `a planning probe ends by itself when the Bakeoff that started it is killed`() {
        // The probe watches its parent before it runs the task, which says when it blocks.
        val cells = arrayOf("-s", "direct", "-w", "task:class=${BlockingTask::class.java.name}")
        assertChildEndsWithCli("cell-001.estimate.json", "cells/cell-001.estimate.log", BlockingTask.BLOCKING, *cells)
    }

    @Test
    fun `the JVM checking a --jvm-arg ends by itself when the Bakeoff that started it is killed`() {
        // A debugger option holds the checking JVM before it runs anything: it cannot watch Bakeoff.
        val marker = "-Dbakeoff.test.marker=${UUID.randomUUID()}"
        val jdwp = "-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0"
        val cli = cli("run", "-s", "direct", "-w", "arithmetic", "--jvm-arg=$jdwp", "--jvm-arg=$marker", "--dry-run")
        assertEndsWithCli(cli, marker, JavaCheck.LIMIT_SECONDS + 30)
    }

    /** Starts the CLI in a process of its own with [args], its output into cli.log. */
    private fun cli(vararg args: String): Process {
        val dependencies = Files.readString(Path.of("target/classpath.txt")).trim()
        val classpath = listOf("target/classes", "target/test-classes", dependencies).joinToString(File.pathSeparator)
        val java = Path.of(System.getProperty("java.home"), "bin", "java").toString()
        return ProcessBuilder(java, "-Djmh.ignoreLock=true", "-cp", classpath, "dev.bakeoff.cli.MainKt", *args)
            .redirectErrorStream(true).redirectOutput(tmp.resolve("cli.log").toFile()).start()
    }

    /**
     * Runs the CLI with [cells], waits for its child JVM whose command line names [childFile] and
     * for [busy] in the file [log] (under the output directory), kills the CLI, and expects that
     * child gone within 60 s.
     */
    private fun assertChildEndsWithCli(childFile: String, log: String, busy: String, vararg cells: String) {
        val out = tmp.resolve("out")
        val cli = cli("run", *cells, "-n", "1", "-p", "smoke", "--cell-timeout", "600", "--out", "$out")
        val file = out.resolve(log)
        assertEndsWithCli(cli, childFile, 60) { Files.exists(file) && busy in Files.readString(file) }
    }

    /**
     * Waits for the JVM under [cli] whose command line holds [text] and until it is [busy], kills
     * the CLI, and expects that JVM gone within [seconds].
     */
    private fun assertEndsWithCli(cli: Process, text: String, seconds: Long, busy: () -> Boolean = { true }) {
        var child: ProcessHandle? = null
        try {
            val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120)
            while (child == null && cli.isAlive && System.nanoTime() < deadline) {
                child = cli.toHandle().descendants()
                    .filter { p -> text in p.info().commandLine().orElse("") }
                    .findFirst().orElse(null)
                if (child == null) Thread.sleep(200)
            }
            assertNotNull(child, "no JVM with $text appeared; CLI output: ${Files.readString(tmp.resolve("cli.log"))}")
            while (cli.isAlive && System.nanoTime() < deadline && !busy()) Thread.sleep(200)
            assertTrue(busy(), "the JVM with $text never got busy")
            cli.destroyForcibly().waitFor() // SIGKILL: no shutdown hook of the CLI runs
            val ended = runCatching { child.onExit().get(seconds, TimeUnit.SECONDS) }.isSuccess
            assertTrue(ended, "the JVM ${child.pid()} outlived the killed CLI by $seconds s")
        } finally {
            cli.destroyForcibly()
            child?.destroyForcibly()
        }
    }
}
