package dev.bakeoff.cli

import dev.bakeoff.engine.load.CapacitySearch
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.ObjectiveVerdict
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.exists
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * `bakeoff load` and `bakeoff capacity` in-process (each cell in a JVM of its own): the percentile
 * table and the `load` section of results.json; a fixed-batch strategy listed as not applicable;
 * bad rates, durations and objectives as one line and exit code 2 before anything runs.
 */
class LoadCommandTest {
    @TempDir
    lateinit var dir: Path

    @Test
    fun `load prints a percentile table with the achieved rate and lag, and writes the load section`() {
        val out = dir.resolve("run")
        val (code, output) = cli(
            "load", "-w", "storage", "-s", "executor-fixed:size=4,parallel-stream", "--rate", "200/s",
            "--duration", "300ms", "--arrival", "uniform", "-o", "$out",
        )
        assertEquals(0, code, output)
        assertContains(output, "storage (blocking), uniform arrivals at 200/s:")
        assertContains(output, "late (lag p99)")
        assertContains(output, "parallel-stream: skipped: not applicable: IntStream.range(...).parallel()")
        val results = JsonReportFormat.read(out.resolve("results.json"))
        assertEquals(emptyList(), results.cells, "a load run leaves the batch cells empty")
        val load = assertNotNull(results.load)
        assertEquals(listOf("executor-fixed:size=4", "parallel-stream"), load.map { it.strategy })
        assertEquals(listOf(CellStatus.OK, CellStatus.SKIPPED), load.map { it.status })
        val f = assertNotNull(load.first().figures)
        assertEquals(f.arrived, f.completed)
        assertNotNull(load.first().little)
        assertNull(results.capacity)
        assertFalse(out.resolve("cells/cell-003.log").exists())
        // The end's complete results reach every file, not only the snapshots after each cell.
        assertTrue(results.complete)
        assertEquals(3, Files.readString(out.resolve("results.csv")).split("\r\n").count { it.isNotEmpty() })
    }

    @Test
    fun `capacity sweeps until the objective breaks and explains the ceiling`() {
        val out = dir.resolve("cap")
        // A 1 ms objective on 0.5-1.5 ms items breaks at once: one point in three forks, then no refinement.
        val (code, output) = cli(
            "capacity", "-w", "storage", "-s", "executor-fixed:size=2", "--slo", "p99=1ms",
            "--from", "100/s", "--duration", "200ms", "-o", "$out",
        )
        assertEquals(0, code, output)
        assertContains(output, "executor-fixed:size=2 saturates at about")
        val results = JsonReportFormat.read(out.resolve("results.json"))
        val capacity = assertNotNull(results.capacity).single()
        assertEquals(listOf(100.0), capacity.points)
        assertNull(capacity.capacityPerSec)
        assertNull(capacity.lowPerSec)
        assertEquals(100.0, capacity.highPerSec)
        val point = assertNotNull(capacity.judged).single()
        assertEquals(ObjectiveVerdict.MISSES, point.verdict)
        // Three forks, or six when the first three could not tell.
        assertContains(CapacitySearch.FORKS..CapacitySearch.MAX_FORKS, point.forks)
        assertContains(output, "executor-fixed:size=2: capacity below 100/s at p99=1ms, 95%, ${point.forks} forks.")
        // The ceiling follows the service time measured at the last fork, beside the workload's nominal wait.
        val load = assertNotNull(results.load)
        // A fork other processes disturbed (a busy test machine) is kept, flagged, and measured again.
        assertEquals(point.forks, load.count { it.disturbed == null })
        assertEquals(point.disturbed ?: 0, load.count { it.disturbed == true })
        val figures = assertNotNull(load.last().figures)
        assertEquals(995_000.0, figures.nominalServiceNs)
        assertTrue(figures.serviceNs > 0)
        assertEquals(2 * 1e9 / figures.serviceNs, assertNotNull(capacity.ceilingPerSec), 1e-6)
        assertContains(capacity.explanation, "(nominal wait 995 µs)")
    }

    @Test
    fun `a bad rate, duration or objective is one line and exit code 2`() {
        assertUsageError("invalid rate 'fast'", "load", "-w", "storage", "-s", "virtual-threads", "--rate", "fast")
        assertUsageError("invalid rate '0/s'", "load", "-w", "storage", "-s", "virtual-threads", "--rate", "0/s")
        assertUsageError(
            "invalid duration '10'",
            "load", "-w", "storage", "-s", "virtual-threads", "--rate", "3000/s", "--duration", "10",
        )
        assertUsageError(
            "invalid objective 'p42=1ms'",
            "capacity",
            "-w",
            "storage",
            "-s",
            "virtual-threads",
            "--slo",
            "p42=1ms",
        )
        assertUsageError("unknown strategy 'nope'", "load", "-w", "storage", "-s", "nope", "--rate", "3000/s")
    }

    @Test
    fun `a window the generator cannot hold, or one with nothing in it, is refused before anything runs`() {
        // Was: arrivals stopped after 4,194,304 (16 s of 30), the table still said 200000/s.
        assertUsageError(
            "--rate 200000/s for --duration 30.0s needs more arrivals than one load JVM holds (4194304 with its " +
                "warm-up): give --duration 12s or less",
            "load", "-w", "arithmetic", "-s", "executor-fixed-cpu", "--rate", "200k/s", "--arrival", "uniform",
            "--duration", "30s",
        )
        // Was: a window of 0.1 expected arrivals, read as a capacity "below 100/s".
        val empty = "--rate 100/s for --duration 0.00100s expects 0.100 arrivals in the window"
        assertUsageError(empty, "load", "-w", "storage", "-s", "virtual-threads", "--rate", "100/s", "--duration", "1ms")
        assertUsageError(
            empty,
            "capacity", "-w", "storage", "-s", "virtual-threads", "--slo", "p99=5ms", "--from", "100/s",
            "--duration", "1ms",
        )
    }
}
