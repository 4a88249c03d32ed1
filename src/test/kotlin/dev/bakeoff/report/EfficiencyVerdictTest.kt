package dev.bakeoff.report

import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** An efficiency above 1 (beyond timing noise) is a measurement problem in the verdict, never praise. */
class EfficiencyVerdictTest {
    // network's winner, virtual-threads, has a median of 99.8 ms.
    private fun withLimit(limitNs: Double) = ResultsFixture.results().let { r ->
        r.copy(cells = r.cells.map { c -> c.timeNs?.let { c.copy(limitNs = limitNs, efficiency = limitNs / it.median) } ?: c })
    }

    private fun limitLine(limitNs: Double): String {
        val lines = Verdicts.of(withLimit(limitNs)).single { it.title == "network, 100 items (blocking)" }.lines
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
}
