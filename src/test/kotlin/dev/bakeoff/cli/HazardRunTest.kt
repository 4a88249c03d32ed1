package dev.bakeoff.cli

import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.result.CellStatus
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNotNull

/**
 * A hazard measured in real forks: a fixed pool of one thread per core whose items wait on work they
 * submitted to it deadlocks, and its progress watchdog ends the cell with a thread dump naming the
 * frame; the run goes on, and the same hazard completes on virtual threads.
 */
class HazardRunTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `a deadlocked cell ends with its thread dump, and the run goes on to the next cell`() {
        val out = tmp.resolve("out")
        val (code, output) = cli(
            "sweep", "-s", "executor-fixed-cpu,virtual-threads", "-w", "hazard-self-wait", "-n", "16", "-p", "smoke",
            "--param", "cpus=1", "--out", "$out",
        )
        assertEquals(1, code, output)
        val cells = JsonReportFormat.read(out.resolve("results.json")).cells
        assertEquals(listOf(CellStatus.DEADLOCKED, CellStatus.OK), cells.map { it.status }, output)
        val stalled = cells.first()
        assertContains(stalled.error.orEmpty(), "all 1 pool-")
        assertContains(stalled.error.orEmpty(), "threads blocked in CompletableFuture.get at SelfWaitWorkload.run(")
        assertContains(stalled.error.orEmpty(), "16 of 16 outstanding")
        val dump = out.resolve(assertNotNull(stalled.threadDump))
        assertContains(Files.readString(dump), "dev.bakeoff.workload.SelfWaitWorkload.run")
        assertEquals(null, cells.last().threadDump)
        assertContains(output, "Where it stalls")
        assertContains(output, "hazard-self-wait x 16, 1 cpu")
    }
}
