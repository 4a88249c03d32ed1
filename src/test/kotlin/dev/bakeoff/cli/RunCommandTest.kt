package dev.bakeoff.cli

import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.ForkRole
import dev.bakeoff.result.RaceStop
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.io.File
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/** `bakeoff run`'s error paths and exit codes, in-process (as clikt's own tests do). */
class RunCommandTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `unknown names fail with exit 2 and the valid choices`() {
        assertUsageError("unknown strategy 'nope'; valid: direct, rx-single", "run", "--strategy", "nope", "--out", "$tmp")
        assertUsageError("unknown workload 'disk'; valid: arithmetic", "run", "--workload", "disk", "--out", "$tmp")
        // --wait and --preset are clikt choices: clikt's usage error, naming every valid value.
        val wait = "invalid value for --wait: unknown 'spin'; valid: blocking, suspending, both"
        assertUsageError(wait, "run", "--wait", "spin", "--out", "$tmp")
        val preset = "invalid value for --preset: unknown 'fast'; valid: smoke, quick, standard, rigorous"
        assertUsageError(preset, "run", "--preset", "fast", "--out", "$tmp")
        val suite = "invalid value for --suite: unknown 'e9'; valid: reference, pool-sizing, pool-sizing-large, chunk-files, spawn-cost"
        assertUsageError(suite, "run", "--suite", "e9", "--out", "$tmp")
        assertUsageError("valid parameters: size", "run", "--strategy", "executor-fixed:threads=2", "--out", "$tmp")
    }

    @Test
    fun `bad numbers fail with exit 2`() {
        assertUsageError("--items", "run", "--items", "abc", "--out", "$tmp")
        assertUsageError("invalid --items '0'", "run", "--items", "0", "--out", "$tmp")
        assertUsageError("invalid --cpus '0'", "run", "--cpus", "0", "--out", "$tmp")
        assertUsageError("'9999999999h' is too long", "run", "--budget", "9999999999h", "--out", "$tmp")
        for (bad in listOf("0", "0%", "-5%", "60%", "five", "%")) {
            assertUsageError("valid: a share of the winner's time above 0 and up to 50%", "run", "--margin", bad, "--out", "$tmp")
        }
    }

    @Test
    fun `--margin is the tie margin every group records, and every run keeps the fork it came from`() {
        val out = tmp.resolve("out")
        val (code, output) = cli("run", "-w", "arithmetic", "-s", "direct", "-n", "10", "-p", "smoke", "--margin", "10%", "--out", "$out")
        assertEquals(0, code, output)
        val results = JsonReportFormat.read(out.resolve("results.json"))
        assertEquals(0.1, results.preset.margin)
        assertTrue(results.groups!!.single().margin >= 0.1, "${results.groups}")
        val cell = results.cells.single()
        val time = cell.timeNs!!
        assertEquals(time.runs.size, time.forks!!.sum(), "$time")
        // One screening fork: its steady-state search, its timed runs, then its untimed figures; with its anatomy.
        val screening = cell.forks!!.single()
        assertEquals(ForkRole.SCREENING, screening.role)
        // It searched for the steady state first: at least 4 chunks of an iteration (100 ms).
        assertTrue(screening.warmupNs!! >= 400_000_000, "$screening")
        assertEquals(time.runs.size, screening.runs)
        assertTrue(screening.timedNs!! in 1..screening.wallNs && screening.jvmNs!! > 0, "$screening")
        assertTrue(screening.untimedNs!! > 0, "$screening")
        assertTrue(screening.jvmOptions!!.contains("-Xms512m"), "${screening.jvmOptions}")
        // Measured over its timed runs from /proc/stat; on a busy machine a preset counts the fork all the same.
        assertTrue(screening.otherCores!! >= 0.0 && screening.disturbed == null, "$screening")
        assertNotNull(cell.threads, "the screening fork's figures")
        assertNotNull(cell.evidence)
        assertContains(output, "a timed share of ")
    }

    @Test
    fun `an unwritable output directory fails with exit 2`() {
        val file = tmp.resolve("a-file").toFile().apply { writeText("x") }
        assertUsageError("cannot write results to --out", "run", "--strategy", "direct", "--out", "${file.path}/sub")
    }

    @Test
    fun `a JDK below 21 fails with exit 2`() {
        val jdk = tmp.resolve("jdk-17").toFile().apply { mkdirs() }.canonicalFile
        File(jdk, "release").writeText("JAVA_VERSION=\"17.0.15\"\n")
        assertUsageError("JDK 17.0.15 at $jdk is below 21", "run", "--jdk", jdk.path, "--out", "$tmp")
    }

    @Test
    fun `--wait both measures every cell in both forms, blocking first`() {
        val out = tmp.resolve("out")
        val cell = arrayOf("-w", "io-sleep:ms=1", "-s", "direct", "-n", "2", "-p", "smoke")
        val (code, output) = cli("run", *cell, "--wait", "both", "--out", "$out")
        assertEquals(0, code, output)
        val cells = JsonReportFormat.read(out.resolve("results.json")).cells
        assertEquals(listOf("blocking", "suspending"), cells.map { it.wait.id })
    }

    @Test
    fun `a failed cell makes the exit code 1 and keeps its result`() {
        val out = tmp.resolve("out")
        val (code, output) = cli("run", "-w", "arithmetic", "-s", "fixture-throw,direct", "-n", "10", "-p", "smoke", "--out", "$out")
        assertEquals(1, code, output)
        val json = Files.readString(out.resolve("results.json"))
        assertContains(json, "\"status\": \"failed\"")
        assertContains(json, "\"status\": \"ok\"")
        assertTrue(Files.exists(out.resolve("jmh.json")))
    }

    @Test
    fun `a budget races, a preset follows its fixed plan, and both at once is one line`() {
        assertUsageError("give one of them", "run", "--budget", "2m", "-p", "smoke", "--out", "$tmp")
        assertUsageError("--budget", "run", "--budget", "soon", "--out", "$tmp")
        assertUsageError("--budget", "run", "--budget", "0s", "--out", "$tmp")
    }

    @Test
    fun `with no preset the run races and every cell says how many forks it got and why it stopped`() {
        val out = tmp.resolve("race")
        // A budget the screening alone spends: one fork a cell, whatever this machine's speed.
        val (code, output) = cli("run", "-w", "arithmetic", "-s", "direct,executor-fixed-cpu", "-n", "10", "--budget", "1s", "--out", "$out")
        assertEquals(0, code, output)
        assertContains(output, "racing within 1 s")
        val results = JsonReportFormat.read(out.resolve("results.json"))
        assertEquals("race", results.preset.id)
        // The looks its decisions spent the error rate on: the default budget's and shorter ones', 6 forks a cell.
        assertEquals(5, results.preset.looks)
        assertContains(results.preset.summary, "up to 6 a cell")
        for (c in results.cells) {
            val race = assertNotNull(c.race, c.strategy)
            assertEquals(1, race.forks)
            assertEquals(c.timeNs!!.runs.size, race.runs)
            assertTrue(race.reason.isNotBlank())
        }
    }

    @Test
    fun `a cell whose floor rules it out is traced once in a JVM of its own and never timed`() {
        val out = tmp.resolve("floor")
        // 30 items of network sleep 0 + 1 + ... + 29 = 435 ms one after another: 12x what a 100-thread pool needs.
        val (code, output) = cli("run", "-w", "network", "-s", "direct,executor-fixed-100", "-n", "30", "--budget", "1s", "--out", "$out")
        assertEquals(0, code, output)
        assertContains(output, "direct x network (blocking, avgt) ok cannot win: floor 435 ms, traced batch only")
        val direct = JsonReportFormat.read(out.resolve("results.json")).cells.single { it.strategy == "direct" }
        assertEquals(CellStatus.OK, direct.status, direct.error)
        assertEquals(null, direct.timeNs)
        assertEquals(435_000_000.0, direct.floorNs)
        assertTrue(direct.tracedNs!! >= direct.floorNs!!, "a traced batch shorter than its floor: ${direct.tracedNs}")
        assertEquals(RaceStop.FLOOR, direct.race!!.stop)
        assertEquals(1 to 0, direct.race!!.forks to direct.race!!.runs)
        assertNotNull(direct.threads)
        assertNotNull(direct.latencyNs)
        assertNotNull(direct.evidence)
        assertTrue(Files.exists(out.resolve("cells/cell-001.log")), "the trace JVM's output is the cell's log")
    }
}
