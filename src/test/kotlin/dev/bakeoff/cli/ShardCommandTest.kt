package dev.bakeoff.cli

import java.nio.file.Files
import kotlin.test.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class ShardCommandTest {
    @Test
    fun `dry run of a shard lists its cells and every shard's estimate without measuring`() {
        val out = Files.createTempDirectory("bakeoff-shard").resolve("new")
        val (code, output) = cli("run", "--suite", "reference", "--shard", "2/3", "--dry-run", "--out", out.toString())
        assertEquals(0, code, output)
        (1..3).forEach { assertContains(output, "shard $it/3: ") }
        assertContains(output, "shard spread: ")
        assertTrue(Files.notExists(out), "a dry run measures and writes nothing, not even its directory")
    }

    @Test
    fun `a bad shard is one usage line naming the form`() {
        assertUsageError("valid: K/N with 1 <= K <= N", "run", "--shard", "4/3", "--dry-run")
        assertUsageError("valid: K/N with 1 <= K <= N", "scenario", "order-status", "--shard", "x", "--dry-run")
    }

    @Test
    fun `a shard beyond the run's groups measures nothing and says so`() {
        val out = Files.createTempDirectory("bakeoff-shard")
        val (code, output) = cli("run", "-s", "direct", "-w", "arithmetic", "--shard", "2/2", "--out", out.toString())
        assertEquals(0, code, output)
        assertContains(output, "shard 2/2 has no cells")
    }
}
