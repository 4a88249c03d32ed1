package dev.bakeoff.cli

import dev.bakeoff.report.JsonReportFormat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals

/** `bakeoff sweep` and `bakeoff run --suite`, in-process: input errors exit 2 with one line, a real sweep carries its values. */
class SweepCommandTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `bad sweeps and suites fail with exit 2 naming the valid choices`() {
        assertUsageError("declare: items, cpus, size", "sweep", "-s", "executor-fixed", "-w", "arithmetic", "--param", "chunk=1,2", "--out", "$tmp")
        assertUsageError("valid: key=v1,v2,... or key=FROM..TOxFACTOR", "sweep", "-s", "direct", "--param", "items=10..5x10", "--out", "$tmp")
        assertUsageError("invalid size 'zero'", "sweep", "-s", "executor-fixed", "--param", "size=2,zero", "--out", "$tmp")
        assertUsageError("--param", "sweep", "-s", "direct", "--out", "$tmp")
        val suites = "--suite: unknown 'e9'; valid: reference, pool-sizing, pool-sizing-large, chunk-files, spawn-cost"
        assertUsageError(suites, "run", "--suite", "e9", "--out", "$tmp")
        assertUsageError("--suite reference runs its own matrix", "run", "--suite", "reference", "-s", "direct", "--out", "$tmp")
        assertUsageError("invalid --max-threads '0'", "run", "--max-threads", "0", "--out", "$tmp")
    }

    @Test
    fun `several params make a grid whose size is shown first, a big one needs --yes, a repeated key is refused`() {
        val args = arrayOf("sweep", "-s", "flow-flatmap-merge,executor-fixed", "-w", "network", "-p", "smoke", "--out", "$tmp")
        val (code, output) = cli(*args, "--param", "concurrency=16,100", "--param", "size=16,100", "--dry-run")
        assertEquals(0, code, output)
        assertContains(output, "sweep concurrency=16,100 x size=16,100: 4 cells, estimated at least")
        val listed = output.lines().filter { it.startsWith("[") }.map { it.substringAfter("] ").substringBefore(" x ") }
        assertEquals(listOf("flow-flatmap-merge:concurrency=16", "executor-fixed:size=16", "executor-fixed:size=100", "flow-flatmap-merge:concurrency=100"), listed)
        assertUsageError("--param size is given twice", *args, "--param", "size=1,2", "--param", "size=3")
        val big = arrayOf("--param", "concurrency=1..128x2", "--param", "items=1..1000x2")
        assertUsageError("90 cells, estimated at least", *args, *big)
        assertUsageError("over 60 cells: add --yes to run it, or --dry-run to list it", *args, *big)
        assertEquals(0, cli(*args, *big, "--dry-run").first)
    }

    @Test
    fun `a sweep records the swept value in every cell and prints the curve with the best value marked`() {
        val out = tmp.resolve("out")
        val (code, output) = cli("sweep", "-s", "direct,executor-fixed", "-w", "arithmetic", "-n", "10", "-p", "smoke", "--param", "size=1,2", "--figures", "--out", "$out")
        assertEquals(0, code, output)
        val cells = JsonReportFormat.read(out.resolve("results.json")).cells
        assertEquals(listOf("direct", "executor-fixed:size=1", "executor-fixed:size=2"), cells.map { it.strategy })
        assertEquals(listOf(null, "1", "2"), cells.map { it.sweep?.get("size") })
        assertContains(output, "curve: size on arithmetic, 10 items")
        assertContains(output, "direct (does not take 'size')")
        assertEquals(1, Regex("""s \*""").findAll(output).count(), output)
        assertContains(output, "figures: arithmetic (blocking)")
        assertContains(output, "task min–max")
    }
}
