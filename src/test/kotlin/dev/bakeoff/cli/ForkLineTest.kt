package dev.bakeoff.cli

import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.result.ForkAnatomy
import dev.bakeoff.result.ForkRole
import dev.bakeoff.result.Results
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** The run end's forks line ([forkLine]) and what it says of the forks other processes disturbed, on 2 cores. */
class ForkLineTest {
    private fun run(vararg forks: ForkAnatomy): Results {
        val fixture = ResultsFixture.results()
        val cells = listOf(fixture.cells.first().copy(forks = forks.toList())) + fixture.cells.drop(1)
        return fixture.copy(machine = fixture.machine.copy(cores = 2, hostCores = 2), cells = cells)
    }

    private fun timing(otherCores: Double?) =
        ForkAnatomy(ForkRole.TIMING, wallNs = 2_000_000_000, timedNs = 500_000_000, otherCores = otherCores)

    @Test
    fun `forks re-run and forks counted though disturbed are told apart, with what others kept busy`() {
        val line = forkLine(run(timing(0.3).setAside(), timing(0.12).setAside(), timing(0.02), timing(0.25), timing(null)))!!
        val busy = line.lines()[1]
        assertEquals(
            "2 forks re-run: other processes or the hypervisor (steal) kept 0.12–0.30 cores busy during their timed runs (over 5% of 2); " +
                "1 fork counted with other processes or the hypervisor keeping 0.25 cores busy during their timed runs (over 5% of 2: " +
                "a re-run disturbed too, a busy machine, no budget left, a preset)",
            busy,
        )
        assertContains(line.lines()[0], "a timed share of 15%", message = "the forks set aside keep no timed runs")
    }

    @Test
    fun `a run whose every timed fork was disturbed says it was measured on a busy machine`() {
        val figures = ForkAnatomy(ForkRole.FIGURES, wallNs = 1_000_000_000, otherCores = 0.0)
        val line = forkLine(run(timing(0.3).setAside(), timing(0.4), figures))!!
        assertTrue(line.lines()[1].startsWith("the run was measured on a busy machine: other processes or the hypervisor (steal) kept 0.30–0.40 cores busy"), line)
    }

    @Test
    fun `a quiet run's forks line is one line`() {
        // 0.1 core on 2 is 5%: the rule is "over".
        assertEquals(1, forkLine(run(timing(0.1), timing(0.0), timing(null)))!!.lines().size)
    }
}
