package dev.bakeoff.cli

import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.result.CellStatus
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * `bakeoff load --scenario api-fanout`: requests arrive at the rate at E3's real loopback HTTP
 * server, each handled by the strategy under test, in a JVM of its own; `--workload` and
 * `--scenario` are one or the other.
 */
class LoadScenarioTest {
    @TempDir
    lateinit var dir: Path

    @Test
    fun `requests arrive at the real loopback server through the strategy, each answered once`() {
        val out = dir.resolve("api")
        val (code, output) = cli(
            "load", "--scenario", "api-fanout:latency-ms=5", "-s", "virtual-threads", "--rate", "100/s",
            "--duration", "300ms", "--arrival", "uniform", "-o", "$out",
        )
        assertEquals(0, code, output)
        assertContains(output, "api-fanout:latency-ms=5 (blocking), uniform arrivals at 100/s:")
        val cell = assertNotNull(JsonReportFormat.read(out.resolve("results.json")).load).single()
        assertEquals("api-fanout:latency-ms=5", cell.workload)
        assertEquals(CellStatus.OK, cell.status, cell.error)
        val f = assertNotNull(cell.figures)
        assertTrue(f.arrived > 0, "$f")
        assertEquals(f.arrived, f.completed, "every request answered")
        assertEquals(0L, f.failed)
        // Each request waits for the server's 5 ms before its response: no item can be faster.
        assertTrue(f.latencyNs.p50 >= 5_000_000, "${f.latencyNs}")
        assertEquals(5_000_000.0, f.nominalServiceNs)
        // Measured per request: the server answers no sooner than its 5 ms.
        assertTrue(f.serviceNs >= 5_000_000, "${f.serviceNs}")
    }

    @Test
    fun `a load run takes a workload or a scenario, one of them`() {
        val one = "give --workload or --scenario (one of them)"
        assertUsageError(one, "load", "-s", "virtual-threads", "--rate", "100/s")
        assertUsageError(
            one,
            "load", "-w", "storage", "--scenario", "api-fanout", "-s", "virtual-threads", "--rate", "100/s",
        )
        assertUsageError(
            "unknown scenario 'api-fanoot'",
            "capacity",
            "--scenario",
            "api-fanoot",
            "-s",
            "virtual-threads",
            "--slo",
            "p99=1s",
        )
    }
}
