package dev.bakeoff.report

import com.github.ajalt.mordant.terminal.Terminal
import com.github.ajalt.mordant.terminal.TerminalRecorder
import dev.bakeoff.cli.LoadTables
import dev.bakeoff.model.Family
import dev.bakeoff.result.CapacityPoint
import dev.bakeoff.result.LoadCosts
import dev.bakeoff.result.LoadResult
import dev.bakeoff.result.ObjectiveVerdict.MEETS
import dev.bakeoff.result.Results
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotEquals
import kotlin.test.assertNull

/**
 * A capacity run whose forks other processes disturbed, on the fixture's machine of 16 host cores (over 0.8 cores
 * busy outside a window disturbs it): the forks set aside are kept in results.json and left out of every point's
 * reader (tables, charts, compare, results.csv), the console and the report say what was re-run and why, and a
 * disturbed window that counted is warned of.
 */
class LoadDisturbanceTest {
    private val vt = "virtual-threads"
    private val terminal = Terminal(terminalInterface = TerminalRecorder(width = 250))

    /** [c] with [busy] cores kept busy outside its window. */
    private fun busy(c: LoadResult, busy: Double): LoadResult {
        val costs = LoadCosts(cores = 2, cpuNsPerItem = 50_000.0, generatorNsPerItem = 10_000.0, arrivalScv = 1.0, otherCores = busy)
        return c.copy(figures = c.figures!!.copy(costs = costs))
    }

    /**
     * LoadFixture's forked run plus two virtual-threads forks set aside at the end (at 4,000/s, 1.3 cores busy and
     * a p99 of 77.7 ms; at 8,000/s, 2.9 cores), its first fork at 8,000/s counted though 0.9 cores were busy.
     */
    private fun disturbed(): Results {
        val run = LoadFixture.forked()
        val at = { rate: Double -> run.load!!.first { it.strategy == vt && it.ratePerSec == rate } }
        val slow = LoadFixture.cell(vt, Family("virtual-thread"), 4000.0, 77_700_000)
        val aside = listOf(busy(slow, 1.3), busy(at(8000.0), 2.9)).map { it.copy(disturbed = true) }
        val load = run.load!!.map { if (it === at(8000.0)) busy(it, 0.9) else it } + aside
        val judged = listOf(CapacityPoint(4000.0, 3, MEETS, disturbed = 1), CapacityPoint(8000.0, 3, MEETS, disturbed = 1, disturbedCounted = 1))
        return run.copy(load = load, capacity = run.capacity!!.map { if (it.strategy == vt) it.copy(judged = judged) else it })
    }

    /** [r] without the forks set aside, as if they had never run. */
    private fun counted(r: Results) = r.copy(load = r.load!!.filterNot { it.disturbed == true })

    @Test
    fun `each strategy's capacity says how many forks were re-run and why, and the disturbed ones it counted`() {
        val run = disturbed()
        val line = "virtual-threads: 2 forks re-run: other processes or the hypervisor (steal) kept 1.30–2.90 cores busy in their windows (over 5% of 16); " +
            "1 fork disturbed counted all the same at 8000/s (re-runs used up, or none fit the budget)"
        assertEquals(line, LoadDisturbance.reruns(run.capacity!!.single { it.strategy == vt }, run))
        assertNull(LoadDisturbance.reruns(run.capacity!!.first(), run), "nothing disturbed: no line")
        assertContains(LoadTables.capacity(terminal, run).lines(), line)
        assertContains(LoadCharts.of(run).single().explanations, line)
    }

    @Test
    fun `forks set aside are in no table, chart, comparison or csv row, and a disturbed window that counted is warned of`() {
        val run = disturbed()
        val clean = counted(run)
        val table = LoadTables.render(terminal, run)
        assertEquals(LoadTables.render(terminal, clean), table)
        assertFalse("77.7 ms" in table, "the set-aside fork's p99")
        assertContains(
            table,
            "  virtual-threads: other processes or the hypervisor (steal) kept 0.900 cores busy in its window (over 5% of 16): its figures are theirs as much as the strategy's",
        )
        assertEquals(LoadCharts.of(clean).single().option, LoadCharts.of(run).single().option)
        val unflagged = run.copy(load = run.load!!.map { it.copy(disturbed = null) })
        assertNotEquals(LoadCharts.of(clean).single().option, LoadCharts.of(unflagged).single().option, "counted, they would move the knee")
        // The set-aside forks come last at their rates: counted, compare would match them.
        assertEquals(listOf(1.0), LoadComparison.of(clean, run, "base", "new")!!.latency.mapNotNull { it.ratio }.distinct())
        fun csv(r: Results) = buildString { CsvReportFormat.write(r, this) }
        assertEquals(csv(clean), csv(run))
    }

    @Test
    fun `the flags go through results json, kept, and the check refuses a count of none or above the forks`() {
        val run = disturbed()
        val back = JsonReportFormat.parse(buildString { JsonReportFormat.write(run, this) })
        assertEquals(run.load, back.load)
        assertEquals(run.capacity, back.capacity)
        assertEquals(2, back.load!!.count { it.disturbed == true })
        assertNull(LoadResultsCheck.problem(run))
        fun judged(p: CapacityPoint) = run.copy(capacity = run.capacity!!.map { if (it.strategy == vt) it.copy(judged = listOf(p)) else it })
        assertContains(LoadResultsCheck.problem(judged(CapacityPoint(4000.0, 3, MEETS, disturbed = 0))).orEmpty(), "disturbed is 0")
        assertContains(
            LoadResultsCheck.problem(judged(CapacityPoint(4000.0, 3, MEETS, disturbedCounted = 4))).orEmpty(),
            "disturbedCounted (4) is above its forks (3)",
        )
    }
}
