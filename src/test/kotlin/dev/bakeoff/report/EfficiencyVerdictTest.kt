package dev.bakeoff.report

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.LimitBound
import dev.bakeoff.result.LimitParts
import dev.bakeoff.result.PerThread
import dev.bakeoff.result.copy
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** An efficiency above 1 (beyond timing noise) is a measurement problem in the verdict, never praise. */
class EfficiencyVerdictTest {
    // network's winner, virtual-threads, has a median of 99.8 ms.
    private fun withLimit(limitNs: Double, parts: LimitParts? = null) = ResultsFixture.results().let { r ->
        r.copy(
            cells = r.cells.map { c ->
                c.timeNs?.let { c.copy(limitNs = limitNs, efficiency = limitNs / it.median, limitParts = parts) } ?: c
            },
        )
    }

    private fun limitLine(limitNs: Double, parts: LimitParts? = null, winner: (CellResult) -> CellResult = { it }): String {
        val run = withLimit(limitNs, parts).let { r -> r.copy(cells = r.cells.map { if (it.strategy == "virtual-threads") winner(it) else it }) }
        val lines = Verdicts.of(run).single { it.title == "network, 100 items (blocking)" }.lines
        return lines.single { it.startsWith("physical limit") }
    }

    private fun answerEfficiency(limitNs: Double): String? =
        Answer.of(RunView.of(withLimit(limitNs))).single { it.title == "network, 100 items (blocking)" }.efficiency

    @Test
    fun `the answer line flags an efficiency above 1_05 as a measurement problem, and only that`() {
        assertEquals("efficiency 1.20 (limit 120 ms: above 1, a measurement problem)", answerEfficiency(120_000_000.0))
        assertEquals("efficiency 1.01 (limit 101 ms)", answerEfficiency(101_000_000.0))
    }

    @Test
    fun `a task declaring a wait of Long MAX_VALUE gets a measurement problem, not within 0 percent`() {
        val line = limitLine(Long.MAX_VALUE.toDouble())
        assertContains(line, "efficiency is 9.24e10, above 1, which no batch can reach: a measurement problem")
        assertTrue("within" !in line, line)
    }

    @Test
    fun `an efficiency a little above 1 is timing noise at the limit, shown as within 0 percent`() {
        val line = limitLine(101_000_000.0)
        assertEquals(
            "physical limit 101 ms; the winner's efficiency is 1.01, within 0% of what this machine allows: " +
                "no strategy can do much better",
            line,
        )
    }

    @Test
    fun `at a limit the CPU sets, the verdict says the machine's CPU sets the time and shows the binding part`() {
        val parts = LimitParts(60_000_000.0, 10_000_000.0, 76_000_000.0, 0.0, 2, LimitBound.CPU_AFTER_WAIT)
        assertEquals(
            "physical limit 98.0 ms (wait 60.0 ms + CPU after the wait 76.0 ms / 2 cores); the winner's efficiency " +
                "is 0.982, within 1.80% of what this machine allows: the machine's CPU, not the strategy, sets the time",
            limitLine(98_000_000.0, parts),
        )
        val waitBound = parts.copy(binds = LimitBound.LONGEST_ITEM)
        assertContains(limitLine(98_000_000.0, waitBound), "(the longest item: its wait 60.0 ms and its own CPU)")
        assertContains(limitLine(98_000_000.0, waitBound), "allows: the longest item, not the strategy, sets the time")
    }

    @Test
    fun `far from a limit that counts no wait while the CPU idled, the verdict names the undeclared wait, not the strategy`() {
        // A task that sleeps without declaring it: the limit is its CPU over the cores, the process barely ran.
        val parts = LimitParts(0.0, 40_000_000.0, null, 0.0, 2, LimitBound.CPU_OVER_CORES)
        val line = limitLine(20_000_000.0, parts) { it.copy(cpuNsPerOp = 10_000_000.0) }
        assertContains(line, "efficiency is 0.200, far from the limit, which counts no wait (the work declares none)")
        assertContains(line, "the process's CPU time was 10.0% of the batch's: a wait the work does not declare")
        assertTrue("the strategy, not the work" !in line, line)
        // Declared, the same idle CPU is the wait the limit counts: the strategy is the cause again.
        val declared = limitLine(20_000_000.0, parts.copy(waitNs = 2_000_000.0)) { it.copy(cpuNsPerOp = 10_000_000.0) }
        assertContains(declared, "far from the limit: the strategy, not the work, sets the time")
    }

    @Test
    fun `a serial winner far from a limit assuming perfect parallel speed-up is told so, not blamed`() {
        val parts = LimitParts(0.0, 40_000_000.0, null, 0.0, 2, LimitBound.CPU_OVER_CORES)
        val serial = { c: CellResult -> c.copy(cpuNsPerOp = 99_000_000.0, perThread = PerThread(1, 100, 100.0, 100)) }
        val line = limitLine(20_000_000.0, parts, serial)
        assertContains(line, "far from the limit, which assumes the CPU work spread over 2 cores with perfect speed-up")
        assertContains(line, "the winner ran the batch on 1 thread: that limit is out of a serial strategy's reach")
        // On more threads than one, the same gap is the strategy's.
        val parallel = limitLine(20_000_000.0, parts) { serial(it).copy(perThread = PerThread(2, 50, 50.0, 50)) }
        assertContains(parallel, "far from the limit: the strategy, not the work, sets the time")
    }
}
