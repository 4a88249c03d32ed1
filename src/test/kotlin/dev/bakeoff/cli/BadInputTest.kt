package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.context
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.clikt.parameters.groups.provideDelegate
import com.github.ajalt.mordant.terminal.Terminal
import com.github.ajalt.mordant.terminal.TerminalRecorder
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.link.CellFiles
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.ResultsFolderWriter
import dev.bakeoff.report.writeTo
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.io.IOException
import java.nio.file.Files
import java.nio.file.Path
import java.time.LocalDateTime
import java.time.format.DateTimeFormatter
import kotlin.io.path.createDirectories
import kotlin.io.path.exists
import kotlin.io.path.writeText
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/**
 * Issue 13's battery of bad input, in-process: each case is one line and exit code 2, before
 * anything is measured (or, for a write that fails mid-run, with every finished cell kept).
 */
class BadInputTest {
    @TempDir
    lateinit var dir: Path

    @Test
    fun `an --out directory holding an earlier run is refused, and --force clears it`() {
        val out = ResultFiles.prepareOut(dir.resolve("run"))
        out.resolve("results.json").writeText("{}")
        out.resolve("cells").createDirectories().resolve("cell-001.log").writeText("old")
        assertUsageError("already holds a run's results", "run", "-w", "arithmetic", "-s", "direct", "-o", "$out")
        assertTrue(out.resolve("cells/cell-001.log").exists(), "a refused run touches nothing")
    }

    @Test
    fun `--force clears an earlier run before the new one writes`() {
        val out = ResultFiles.prepareOut(dir.resolve("run"))
        CellFiles(out.resolve("cells").createDirectories(), 99).log.writeText("old")
        val (code, output) = cli("run", "-w", "arithmetic", "-s", "direct", "-p", "smoke", "-o", "$out", "--force")
        assertEquals(0, code, output)
        assertFalse(out.resolve("cells/cell-099.log").exists(), "the earlier run's cell logs are gone")
        assertEquals(1, JsonReportFormat.read(out.resolve("results.json")).cells.size)
    }

    @Test
    fun `an --out directory with other files, an --out file and an empty --out are refused`() {
        val other = dir.resolve("mine").createDirectories()
        other.resolve("notes.txt").writeText("mine")
        assertUsageError("is not empty; give a new or empty directory", "run", "-w", "arithmetic", "-o", "$other", "--force")
        val file = dir.resolve("file.txt").also { it.writeText("x") }
        assertUsageError("is a file, not a directory", "run", "-w", "arithmetic", "-o", "$file")
        assertUsageError("--out is empty", "run", "-w", "arithmetic", "-o", "")
    }

    @Test
    fun `a bad --deadline, and --deadline on a scenario, are refused`() {
        val valid = "valid: a duration from 1us to 1h, such as 20ms, 500us, 2s or 1h"
        for (bad in listOf("20", "0ms", "61m", "-5ms", "2h", "99999999999999999999ms")) {
            assertUsageError(valid, "run", "-w", "arithmetic", "-s", "direct", "--deadline", bad)
        }
        assertUsageError("--deadline applies to run's workloads", "scenario", "file-sender", "--deadline", "20ms")
    }

    @Test
    fun `bad --cpus, --jvm-arg and --jdbc-url are refused before any JVM is started per cell`() {
        assertUsageError("valid: a whole number from 1 to 32767", "run", "-w", "arithmetic", "--cpus", "100000")
        assertUsageError("the JVM does not start with it", "run", "-w", "arithmetic", "--jvm-arg=-XX:+NoSuchOption")
        assertUsageError("is not a JDBC URL", "scenario", "order-status", "--jdbc-url", "postgres://u:secret@h/db")
        val (code, output) = cli("scenario", "order-status", "--jdbc-url", "jdbc:nosuch://h/db?password=secret")
        assertEquals(2, code, output)
        assertContains(output, "no JDBC driver here accepts it")
        assertFalse("secret" in output, "the password stays masked: $output")
    }

    @Test
    fun `a lambda workload and a parameter without its value are one line`() {
        assertUsageError("lambda workloads exist only inside the Bakeoff.compare call", "run", "-w", "lambda")
        assertUsageError(
            "parameter 'send-ms' of scenario 'file-sender' needs a value, as send-ms=VALUE",
            "scenario",
            "file-sender",
            "--param",
            "send-ms",
        )
    }

    @Test
    fun `bad footprint input is one line, before anything is measured`() {
        val out = dir.resolve("footprint")
        val base = arrayOf("footprint", "-o", "$out")
        assertUsageError("unknown strategy 'nope'", *base, "-s", "nope")
        val vt = arrayOf(*base, "-s", "virtual-threads")
        assertUsageError("invalid --tasks '1000'; valid: at least two different", *vt, "--tasks", "1000")
        assertUsageError("invalid --tasks '0,10'", *vt, "--tasks", "0,10")
        assertUsageError("invalid --tasks '10,ten'", *vt, "--tasks", "10,ten")
        assertUsageError("invalid --depth '0'; valid: whole numbers from 1 to 1000", *vt, "--depth", "0")
        assertUsageError("invalid --depth '1,x'", *vt, "--depth", "1,x")
        assertFalse(out.exists(), "a refused footprint run creates nothing")
    }

    @Test
    fun `recommend --from a run without a measured cell is one line`() {
        val empty = dir.resolve("results.json")
        val run = dir.resolve("r")
        val (code, output) = cli("run", "-w", "arithmetic", "-s", "fixture-throw", "-p", "smoke", "-o", "$run")
        assertEquals(1, code, output)
        Files.copy(dir.resolve("r/results.json"), empty)
        assertUsageError("has no measured cell to rank", "recommend", "--from", "$empty")
    }

    @Test
    fun `a run started in the same second as another gets a folder of its own`() {
        // This second's folder and the next one's are taken: the run must reuse neither, whenever the clock ticks.
        val format = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
        val now = LocalDateTime.now()
        val taken = listOf(now, now.plusSeconds(1)).map {
            Files.createDirectories(Path.of("results", "same-second-test-" + it.format(format)))
        }
        val made = ResultFiles.prepareOut(null, prefix = "same-second-test-")
        try {
            assertTrue(made !in taken, "$made reuses a folder another run has")
            val names = Files.list(made).use { s -> s.map { it.fileName.toString() }.toList() }
            assertEquals(listOf(ResultsFolderWriter.MARKER), names, "$made is new, holding only Bakeoff's marker")
        } finally {
            Files.deleteIfExists(made.resolve(ResultsFolderWriter.MARKER))
            (taken + listOf(made)).forEach { Files.deleteIfExists(it) }
            // The results folder itself only if this test made it (a developer's own runs stay).
            runCatching { Files.delete(Path.of("results")) }
        }
    }

    @Test
    fun `huge figures keep their units`() {
        assertEquals("4.00e13 s", Units.nanos(4e22))
        assertEquals("1.23e7", Units.sig3(12_345_678.0))
        assertEquals("1230000", Units.sig3(1_234_567.0))
    }

    @Test
    fun `relative paths are the user's, not the checkout's`() {
        val run = dir.resolve("results/run").createDirectories()
        val previous = System.getProperty("bakeoff.cwd")
        System.setProperty("bakeoff.cwd", run.toString())
        try {
            assertEquals(run.resolve("x").normalize(), ResultFiles.userPath("x", "--out"))
            assertEquals(dir.resolve("results/y"), ResultFiles.userPath("../y", "--out"))
            assertEquals(Path.of("/abs"), ResultFiles.userPath("/abs", "--out"))
        } finally {
            if (previous == null) System.clearProperty("bakeoff.cwd") else System.setProperty("bakeoff.cwd", previous)
        }
    }

    @Test
    fun `a results write that fails mid-run keeps every finished cell and says so in one line`() {
        val out = dir.resolve("run")
        var writes = 0
        val command = object : CliktCommand(name = "full-disk") {
            val measureOptions by MeasureOptions(defaultWait = "blocking")

            override fun run() {
                val options = measureOptions.resolve(defaultItems = 100) { o ->
                    RunOptions(
                        strategies = Strategies.catalog.resolveList("direct,rx-single"),
                        workloads = Workloads.catalog.resolveList("arithmetic"),
                        out = o,
                    )
                }

                // The first cell's files are written; then the disk is full, for every file.
                fun full(write: (Results, Path) -> Unit) = { results: Results, d: Path ->
                    if (++writes > 1) throw IOException("No space left on device") else write(results, d)
                }
                val writer = { d: Path ->
                    ResultsFolderWriter(
                        d,
                        Strategies.colours,
                        write = full { r, o -> ResultsFolderWriter.writeAll(r, o, Strategies.colours) },
                        writeJson = full { r, o -> JsonReportFormat.writeTo(r, o) },
                    )
                }
                measureOptions.measuring(options, writer) { session, o -> measure(session, o, "full disk", verbose = false) }
            }
        }
        val recorder = TerminalRecorder(width = 250)
        val terminal = Terminal(terminalInterface = recorder)
        val code = runCli(arrayOf("-p", "smoke", "-o", "$out"), command.context { this.terminal = terminal })
        val output = recorder.output()
        assertEquals(2, code, output)
        val last = output.trim().lines().last()
        assertContains(last, "No space left on device")
        assertContains(last, "results.json keeps the 1 cell(s) written before")
        assertEquals(1, JsonReportFormat.read(out.resolve("results.json")).cells.size)
    }
}
