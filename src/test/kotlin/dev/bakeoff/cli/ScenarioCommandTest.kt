package dev.bakeoff.cli

import dev.bakeoff.catalog.Scenarios
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.result.CellStatus
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/** `bakeoff scenario`: bad input is one line with exit 2; a real run writes the same result files as `run`, with the scenario's fields. */
class ScenarioCommandTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `bad input fails with exit 2 and the valid choices`() {
        assertUsageError("unknown scenario 'nope'; valid: file-sender, api-fanout, order-status", "scenario", "nope", "--out", "$tmp")
        assertUsageError("valid parameters: send-ms, attempts, failure-percent, seed", "scenario", "file-sender", "--param", "chunk=10", "--out", "$tmp")
        assertUsageError("invalid failure-percent '101'; valid: a whole number from 0 to 100", "scenario", "file-sender", "--param", "failure-percent=101", "--out", "$tmp")
        assertUsageError("invalid api 'grpc'; valid: http, simulated", "scenario", "api-fanout", "--api", "grpc", "--out", "$tmp")
        assertUsageError("--jdbc-url do(es) not apply to scenario 'api-fanout' (only to: order-status)", "scenario", "api-fanout", "--jdbc-url", "jdbc:h2:mem:x", "--out", "$tmp")
        assertUsageError("valid: blocking, suspending, both", "scenario", "api-fanout", "--wait", "spin", "--out", "$tmp")
        assertUsageError("unknown strategy 'nope'", "scenario", "api-fanout", "-s", "nope", "--out", "$tmp")
    }

    @Test
    fun `every setting a scenario declares is an option, a secret one also from a file`() {
        val names = ScenarioCommand().registeredOptions().flatMap { it.names }.toSet()
        for (setting in Scenarios.catalog.entries.flatMap { it.settings }) {
            assertContains(names, "--${setting.key}")
            assertEquals(setting.secret, "--${setting.key}-file" in names, setting.key)
        }
    }

    @Test
    fun `a scenario run states its limit with its components' CPU and records scenario, params and limit parts per cell`() {
        val out = tmp.resolve("out")
        val (code, output) = cli(
            "scenario", "api-fanout", "--param", "latency-ms=20", "--param", "warm-up-calls=300", "-n", "16", "-s", "virtual-threads,flow-flatmap-merge:concurrency=16",
            "--wait", "suspending", "-p", "smoke", "--out", "$out",
        )
        assertEquals(0, code, output)
        assertContains(output, "critical path: 20.0 ms (one call: 20 ms, every request in flight at once)")
        assertContains(output, "closest (suspending): ")
        assertContains(output, "its limit's parts: wait 20.0 ms, CPU before the wait ")
        val results = JsonReportFormat.read(out.resolve("results.json"))
        assertEquals(2, results.cells.size)
        for (c in results.cells) {
            assertEquals(CellStatus.OK, c.status, c.error)
            assertEquals("api-fanout", c.scenario)
            assertEquals("api-fanout:latency-ms=20:warm-up-calls=300", c.workload)
            assertEquals(mapOf("latency-ms" to "20", "api" to "http", "warm-up-calls" to "300"), c.params)
            val parts = assertNotNull(c.limitParts)
            assertEquals(20_000_000.0, parts.waitNs)
            assertTrue(parts.cpuAfterNs!! > 0, "$parts")
            assertTrue(c.limitNs!! > 20_000_000.0, "the components' CPU adds to the call: ${c.limitNs}")
            assertNotNull(c.timeNs)
            assertEquals(0, c.threads!!.aliveAfterClose)
        }
    }

    @Test
    fun `a cell that would deadlock is skipped with the reason and the others run`() {
        val out = tmp.resolve("deadlock")
        val (code, output) = cli(
            "scenario", "api-fanout", "--param", "latency-ms=20", "--param", "warm-up-calls=50", "-n", "8", "-s", "completable-future,virtual-threads",
            "--wait", "suspending", "-p", "smoke", "--out", "$out",
        )
        // A cell not run by design is said with its reason, and is no failure of the run.
        assertEquals(0, code, output)
        val cells = JsonReportFormat.read(out.resolve("results.json")).cells.associateBy { it.strategy }
        assertEquals(CellStatus.SKIPPED, cells.getValue("completable-future").status)
        assertContains(cells.getValue("completable-future").error!!, "would deadlock: completable-future blocks every fork-join-common-pool worker in runBlocking")
        assertEquals(CellStatus.OK, cells.getValue("virtual-threads").status, cells.getValue("virtual-threads").error)
        assertContains(output, "would deadlock")
    }
}
