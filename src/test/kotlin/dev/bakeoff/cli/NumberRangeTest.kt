package dev.bakeoff.cli

import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** Numbers beyond any run are refused where they are parsed; estimates of the largest accepted ones never wrap. */
class NumberRangeTest {
    @Test
    fun `a wait of more than an hour per item is one line`() {
        val valid = "valid: a whole number from 0 to 3600000"
        val run = arrayOf("run", "-w", "io-sleep:ms=2000000000", "-n", "10000", "--dry-run")
        assertUsageError("invalid ms '2000000000'; $valid", *run)
        val scenario = arrayOf("scenario", "order-status", "--param", "call-ms=3600001", "--dry-run")
        assertUsageError("invalid call-ms '3600001'; $valid", *scenario)
        val recommend = arrayOf("recommend", "--wait-ms", "3600001", "--cpu-us", "1", "--no-confirm")
        assertUsageError("invalid --wait-ms '3600001'; valid: 0 to 3600000", *recommend)
    }

    @Test
    fun `the dry-run estimate of hour-long waits over millions of items stays positive, in every shard`() {
        // 3,000,000 items of one hour each: 1.08e22 ns of waits, beyond a Long.
        val work = arrayOf("-s", "direct", "-w", "io-sleep:ms=3600000,arithmetic", "-n", "3000000", "-p", "smoke")
        val (code, output) = cli("run", *work, "--shard", "1/2", "--dry-run")
        assertEquals(0, code, output)
        val lines = output.lines()
        // The shard's one cell, the shard's total, and both shards: every estimate positive.
        val estimates = lines.filter { "estimated" in it || "] direct" in it }
        assertEquals(4, estimates.size, output)
        assertTrue(estimates.none { "~-" in it || "estimated -" in it }, output)
        for (k in 1..2) assertTrue(lines.any { it.startsWith("shard $k/2: 1 cells") }, output)
    }
}
