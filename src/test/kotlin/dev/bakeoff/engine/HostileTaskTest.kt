package dev.bakeoff.engine

import dev.bakeoff.cli.cli
import dev.bakeoff.engine.cell.MeasuredJvm
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.Results
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.io.TempDir
import java.io.File
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.TimeUnit
import kotlin.random.Random
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/**
 * Nothing of a user's task runs in Bakeoff's own JVM (issue 13): one real `bakeoff run`, in a
 * process of its own as a user starts it, measures every task of HostileTasks.kt, one cell each,
 * then an ordinary workload. Every misbehaviour must end as that cell's recorded status and
 * reason, the suite must go on to the next cell, results.json must hold every cell, and no JVM
 * may be left. Before the planning probe, the first task ended the whole run with exit code 0
 * and no results. Bounded waits only; nothing is timed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostileTaskTest {
    private lateinit var tmp: Path

    private var exitCode = -1
    private lateinit var output: String
    private lateinit var results: Results
    private val out: Path get() = tmp.resolve("out")

    /** [ChildProcessTask]'s `sleep` argument: a number of this run's own. */
    private val sleepSeconds = "${86_000 + Random.nextInt(1_000)}.${Random.nextInt(1_000_000)}"

    private val tasks = listOf(
        ExitingTask::class,
        HaltingTask::class,
        BlockingTask::class,
        ThrowingTask::class,
        ThreadBombTask::class,
        FailingInitTask::class,
        LateExitingTask::class,
        ChildProcessTask::class,
        ChattyTask::class,
    ).map { "task:class=${it.java.name}" }

    @BeforeAll
    fun `run every hostile task, then an ordinary workload`(@TempDir dir: Path) {
        tmp = dir
        val dependencies = Files.readString(Path.of("target/classpath.txt")).trim()
        val classpath = listOf("target/classes", "target/test-classes", dependencies).joinToString(File.pathSeparator)
        val java = Path.of(System.getProperty("java.home"), "bin", "java").toString()
        val log = tmp.resolve("cli.log")
        val cli = ProcessBuilder(
            java, "-Djmh.ignoreLock=true", "--sun-misc-unsafe-memory-access=allow",
            "-cp", classpath, "dev.bakeoff.cli.MainKt",
            "run", "-w", (tasks + "arithmetic").joinToString(","), "-s", "direct", "-n", "${LateExitingTask.ITEMS}",
            "-p", "smoke", "--cell-timeout", "$TIMEOUT_SECONDS", "--max-threads", "$MAX_THREADS", "--out", "$out",
        ).redirectErrorStream(true).redirectOutput(log.toFile())
            .apply { environment()[ChildProcessTask.SECONDS_VARIABLE] = sleepSeconds }
            .start()
        try {
            assertTrue(cli.waitFor(10, TimeUnit.MINUTES), "the run did not end in 10 minutes: ${Files.readString(log)}")
        } finally {
            cli.destroyForcibly()
        }
        exitCode = cli.exitValue()
        output = Files.readString(log)
        assertTrue(Files.exists(out.resolve("results.json")), "no results.json; exit code $exitCode, output:\n$output")
        results = JsonReportFormat.read(out.resolve("results.json"))
    }

    private fun cell(task: String): CellResult = results.cells.single { it.workload.endsWith(".$task") }

    private fun assertCell(task: String, status: CellStatus, vararg reason: String) {
        val c = cell(task)
        assertEquals(status, c.status, "$task: ${c.error}")
        reason.forEach { assertContains(c.error.orEmpty(), it, message = task) }
    }

    @Test
    fun `every cell is recorded, in order, and the suite goes on to the ordinary workload`() {
        assertEquals(1, exitCode, output)
        assertTrue(results.complete)
        assertEquals(tasks + "arithmetic", results.cells.map { it.workload })
        val last = results.cells.last()
        assertEquals(CellStatus.OK, last.status, last.error)
    }

    @Test
    fun `System exit 0 in the task is a failed cell`() =
        assertCell("ExitingTask", CellStatus.FAILED, "planning probe", "exited with status 0 before it reported")

    @Test
    fun `Runtime halt 42 in the task is a failed cell`() =
        assertCell("HaltingTask", CellStatus.FAILED, "planning probe", "exited with status ${HaltingTask.STATUS}")

    @Test
    fun `a task that never returns is a timeout at the cell's time limit`() =
        assertCell("BlockingTask", CellStatus.TIMEOUT, "planning probe", "time limit of $TIMEOUT_SECONDS s")

    @Test
    fun `a task that throws is a failed cell with its exception`() =
        assertCell("ThrowingTask", CellStatus.FAILED, "IllegalStateException: hostile task: deliberate failure")

    @Test
    fun `a thread bomb is stopped by the thread budget`() =
        assertCell("ThreadBombTask", CellStatus.FAILED, "over the thread budget of $MAX_THREADS")

    @Test
    fun `a static initializer that throws is a failed cell with its cause`() =
        assertCell("FailingInitTask", CellStatus.FAILED, "ExceptionInInitializerError", "static initializer failure")

    @Test
    fun `a task that exits in the measured JVM is a failed cell with JMH's reason`() =
        assertCell("LateExitingTask", CellStatus.FAILED, "VM prematurely exited before JMH had finished with it")

    @Test
    fun `no JVM of the run is left`() {
        // Every JVM the run started names a file under its --out directory on its command line.
        val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10)
        var left = leftovers()
        while (left.isNotEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(200)
            left = leftovers()
        }
        assertEquals(emptyList(), left.map { "${it.pid()}: ${it.info().commandLine().orElse("?")}" })
    }

    private fun leftovers() = ProcessHandle.allProcesses()
        .filter { p -> "$out" in p.info().commandLine().orElse("") }
        .toList()

    @Test
    fun `a process the task started ends with the JVM that started it`() {
        // Started in the planning probe and in the measured JVM: both ended normally, without ending it.
        assertCell("ChildProcessTask", CellStatus.OK)
        val sleeps = ProcessHandle.allProcesses()
            .filter { it.info().commandLine().orElse("").endsWith("sleep $sleepSeconds") }
            .toList()
        assertEquals(emptyList(), sleeps.map { "${it.pid()}: ${it.info().commandLine().orElse("?")}" })
    }

    @Test
    fun `a task's output goes to its cell's logs, cut short, and never to the console`() {
        assertCell("ChattyTask", CellStatus.OK)
        assertFalse(ChattyTask.LINE in output, "the task's output reached the console")
        val index = results.cells.indexOfFirst { it.workload.endsWith(".ChattyTask") } + 1
        for (name in listOf("cell-%03d.estimate.log", "cell-%03d.log")) {
            val log = out.resolve("cells").resolve(name.format(index))
            val text = Files.readString(log)
            assertContains(text, ChattyTask.LINE, message = "$log")
            assertContains(text, "output truncated", message = "$log")
            // The measured JVM's forks each print at most the limit, and JMH's own lines are few.
            assertTrue(Files.size(log) < 4 * MeasuredJvm.OUTPUT_LIMIT_BYTES, "$log: ${Files.size(log)} bytes")
        }
    }

    @Test
    fun `a JVM option that ends every fork at once fails its cells and keeps the results`() {
        val dir = tmp.resolve("version")
        val cell = arrayOf("-s", "direct", "-w", "arithmetic", "-n", "2", "-p", "smoke")
        val (code, text) = cli("run", *cell, "--jvm-arg=-version", "--out", "$dir")
        assertEquals(1, code, text)
        // The harness cell goes through JMH, whose fork exits 0 without a result.
        assertContains(text, "not measured: the measured JVM exited with status 0 before JMH had a result")
        val c = JsonReportFormat.read(dir.resolve("results.json")).cells.single()
        assertEquals(CellStatus.FAILED, c.status, c.error)
        assertContains(c.error.orEmpty(), "planning probe")
        assertContains(c.error.orEmpty(), "openjdk version")
    }

    private companion object {
        const val TIMEOUT_SECONDS = 30
        const val MAX_THREADS = 300
    }
}
