package dev.bakeoff.engine

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.TimeUnit
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * A measured JVM does not outlive a Bakeoff killed with `kill -9` (which runs no shutdown hook):
 * the CLI runs in its own process on a cell that never finishes, is killed once its fork is up,
 * and the fork must end by itself. Bounded waits only; nothing is timed.
 */
class OrphanTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `a fork ends by itself when the Bakeoff that started it is killed`() {
        val classpath = "target/classes" + java.io.File.pathSeparator + Files.readString(Path.of("target/classpath.txt")).trim()
        val java = Path.of(System.getProperty("java.home"), "bin", "java").toString()
        val cli = ProcessBuilder(
            java, "-cp", classpath, "dev.bakeoff.cli.MainKt",
            "run", "-s", "fixture-hang", "-w", "arithmetic", "-n", "1", "-p", "smoke", "--cell-timeout", "600", "--out", "${tmp.resolve("out")}",
        ).redirectErrorStream(true).redirectOutput(tmp.resolve("cli.log").toFile()).start()
        var fork: ProcessHandle? = null
        try {
            // The fork is the CLI's child JVM measuring cell 1 (before it, cell 0 measured the harness).
            val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120)
            while (fork == null && cli.isAlive && System.nanoTime() < deadline) {
                fork = cli.toHandle().children()
                    .filter { p -> "cell-001.probe.json" in p.info().commandLine().orElse("") }
                    .findFirst().orElse(null)
                if (fork == null) Thread.sleep(200)
            }
            assertNotNull(fork, "no forked JVM appeared; CLI output: ${Files.readString(tmp.resolve("cli.log"))}")
            // The first iteration starts after the cell's set-up, where the fork starts watching its parent.
            val log = tmp.resolve("out/cells/cell-001.log")
            while (cli.isAlive && System.nanoTime() < deadline && !(Files.exists(log) && "Iteration" in Files.readString(log))) {
                Thread.sleep(200)
            }
            assertTrue(Files.exists(log) && "Iteration" in Files.readString(log), "the cell never started its first iteration")
            cli.destroyForcibly().waitFor() // SIGKILL: no shutdown hook of the CLI runs
            val ended = runCatching { fork.onExit().get(60, TimeUnit.SECONDS) }.isSuccess
            assertTrue(ended, "the forked JVM ${fork.pid()} outlived the killed CLI by 60 s")
        } finally {
            cli.destroyForcibly()
            fork?.destroyForcibly()
        }
    }
}
