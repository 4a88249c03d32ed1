package dev.bakeoff.cli

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals

/** Inputs far beyond any run are one line and exit 2 before anything is built; a dry run's listing stays short. */
class HugeInputTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `a grid of seven keys of fifty values is refused in one line`() {
        val fifty = (1..50).joinToString(",")
        val params = listOf("permits", "concurrency", "workers", "size", "chunk", "ms", "items")
            .flatMap { listOf("--param", "$it=$fifty") }
        val specs = "virtual-threads-bounded,flow-flatmap-merge,channel-workers,executor-fixed,coroutine-chunked"
        for (dry in listOf(listOf("--dry-run"), listOf("--yes", "--out", "$tmp/grid"))) {
            val args = listOf("sweep", "-s", specs, "-w", "io-sleep", "-p", "smoke") + params + dry
            assertUsageError("makes more than 10000 cells", *args.toTypedArray())
        }
    }

    @Test
    fun `a shard count beyond any fan-out is one line`() {
        for (shard in listOf("1/2147483647", "1/200000")) {
            val args = arrayOf("run", "-s", "direct", "-w", "arithmetic", "--shard", shard, "--dry-run")
            assertUsageError("'$shard'; valid: K/N with 1 <= K <= N <= 1000", *args)
        }
    }

    @Test
    fun `a dry run of many shards lists the empty ones in one line`() {
        val (code, output) = cli("run", "-s", "direct", "-w", "arithmetic,lists", "--shard", "1/1000", "--dry-run")
        assertEquals(0, code, output)
        assertContains(output, "shard 1/1000: 1 cells")
        assertContains(output, "shard 2/1000: 1 cells")
        assertContains(output, "998 of 1000 shards have no cells (the run has fewer groups than shards)")
        assertEquals(6, output.trim().lines().size, output)
    }
}
