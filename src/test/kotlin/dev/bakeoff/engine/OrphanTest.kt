package dev.bakeoff.engine

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.io.File
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.TimeUnit
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * No JVM Bakeoff starts outlives a Bakeoff killed with `kill -9` (which runs no shutdown hook):
 * the CLI runs in its own process on a cell that never finishes, is killed once its child JVM is
 * busy, and the child must end by itself: a measured JVM, and a planning probe. Bounded waits
 * only; nothing is timed.
 */
class OrphanTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `a fork ends by itself when the Bakeoff that started it is killed`() {
        // The fork is the CLI's child JVM measuring cell 1 (before it, cell 0 measured the harness).
        // The first iteration starts after the cell's set-up, where the fork starts watching its parent.
        val cells = arrayOf("-s", "fixture-hang", "-w", "arithmetic")
        assertChildEndsWithCli("cell-001.probe.json", "cells/cell-001.log", "Iteration", *cells)
    }

    @Test
    fun `a planning probe ends by itself when the Bakeoff that started it is killed`() {
        // The probe watches its parent before it runs the task, which says when it blocks.
        val cells = arrayOf("-s", "direct", "-w", "task:class=${BlockingTask::class.java.name}")
        assertChildEndsWithCli("cell-001.estimate.json", "cells/cell-001.estimate.log", BlockingTask.BLOCKING, *cells)
    }

    /**
     * Runs the CLI with [cells], waits for its child JVM whose command line names [childFile] and
     * for [busy] in the file [log] (under the output directory), kills the CLI, and expects that
     * child gone within 60 s.
     */
    private fun assertChildEndsWithCli(childFile: String, log: String, busy: String, vararg cells: String) {
        val dependencies = Files.readString(Path.of("target/classpath.txt")).trim()
        val classpath = listOf("target/classes", "target/test-classes", dependencies).joinToString(File.pathSeparator)
        val java = Path.of(System.getProperty("java.home"), "bin", "java").toString()
        val out = tmp.resolve("out")
        val cli = ProcessBuilder(
            java, "-Djmh.ignoreLock=true", "-cp", classpath, "dev.bakeoff.cli.MainKt",
            "run", *cells, "-n", "1", "-p", "smoke", "--cell-timeout", "600", "--out", "$out",
        ).redirectErrorStream(true).redirectOutput(tmp.resolve("cli.log").toFile()).start()
        var child: ProcessHandle? = null
        try {
            val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120)
            while (child == null && cli.isAlive && System.nanoTime() < deadline) {
                child = cli.toHandle().children()
                    .filter { p -> childFile in p.info().commandLine().orElse("") }
                    .findFirst().orElse(null)
                if (child == null) Thread.sleep(200)
            }
            assertNotNull(child, "no child JVM appeared; CLI output: ${Files.readString(tmp.resolve("cli.log"))}")
            val file = out.resolve(log)
            fun busy() = Files.exists(file) && busy in Files.readString(file)
            while (cli.isAlive && System.nanoTime() < deadline && !busy()) Thread.sleep(200)
            assertTrue(busy(), "the child JVM never got busy ('$busy' in $log)")
            cli.destroyForcibly().waitFor() // SIGKILL: no shutdown hook of the CLI runs
            val ended = runCatching { child.onExit().get(60, TimeUnit.SECONDS) }.isSuccess
            assertTrue(ended, "the child JVM ${child.pid()} outlived the killed CLI by 60 s")
        } finally {
            cli.destroyForcibly()
            child?.destroyForcibly()
        }
    }
}
