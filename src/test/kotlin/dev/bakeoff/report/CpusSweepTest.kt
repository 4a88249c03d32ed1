package dev.bakeoff.report

import dev.bakeoff.engine.plan.SuiteEntry
import dev.bakeoff.metrics.ForkVerdict
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.metrics.TimeSummary
import dev.bakeoff.model.Family
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupResult
import dev.bakeoff.result.Results
import dev.bakeoff.result.SweepPoint
import dev.bakeoff.result.copy
import org.junit.jupiter.api.Test
import java.util.SplittableRandom
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * A sweep over `cpus` varies neither the strategy spec nor the workload: its cells differ only in the cores
 * they ran on. Each core count is a group of its own, in the plan the race groups by, in the view every report
 * reads, in the decisions a run records, in `compare` and in `check`; no strategy is ever ranked against itself.
 */
class CpusSweepTest {
    @Test
    fun `the planned cells of a cpus sweep fall in one group per core count, each strategy once in it`() {
        val cells = SuiteEntry(
            "hazards",
            "coroutine-default,executor-fixed-cpu,virtual-threads",
            "hazard-nested-blocking,hazard-self-wait",
            items = 16,
            sweep = "cpus=1,2",
        ).cells()
        val groups = cells.groupBy { it.group }.values
        assertEquals(4, groups.size, "2 workloads x 2 core counts")
        for (group in groups) {
            assertEquals(1, group.map { it.cpus }.distinct().size, "one core count in ${group.first().group}")
            assertEquals(3, group.map { it.strategy.spec }.distinct().size, "each strategy once: $group")
        }
    }

    @Test
    fun `each core count is a group of its own, decided apart, and no strategy is named beside itself`() {
        val view = RunView.of(results())
        assertEquals(2, view.groups.size, view.groups.map { it.title }.toString())
        for (group in view.groups) {
            assertEquals(1, group.cells.map { it.sweep }.distinct().size, "one core count in ${group.title}")
            assertEquals(2, group.ranked.map { it.strategy }.distinct().size, group.title)
            assertNotBesideItself(checkNotNull(group.decision))
            assertEquals(group.leaders.distinctBy { it.strategy }, group.leaders, group.title)
        }
        assertEquals(listOf("virtual-threads", "coroutine-default"), view.groups.map { it.decision!!.winner })
        GroupDecision.all(results().cells, null).forEach(::assertNotBesideItself)
    }

    @Test
    fun `recorded decisions keep the core counts apart through results json`() {
        val run = results().let { it.copy(groups = GroupDecision.all(it.cells, null)) }
        val read = JsonReportFormat.parse(buildString { JsonReportFormat.write(run, this) })
        val view = RunView.of(read)
        assertEquals(2, read.groups!!.size)
        for (group in view.groups) {
            val decision = checkNotNull(group.decision)
            assertTrue(group.ranked.any { it.strategy == decision.winner }, group.title)
            assertEquals(group.ranked.first().strategy, decision.winner, group.title)
        }
    }

    @Test
    fun `the answer heads each core count's group with its cores and names each leader once`() {
        val answers = Answer.of(RunView.of(results()))
        assertEquals(
            listOf(
                "hazard-nested-blocking, 16 items (blocking) on 1 cpu",
                "hazard-nested-blocking, 16 items (blocking) on 2 cpus",
            ),
            answers.map { it.title },
        )
        for (answer in answers) assertEquals(answer.leaders.distinctBy { it.strategy }, answer.leaders, answer.text)
    }

    @Test
    fun `a file whose recorded decision mixed the core counts is read, each core count decided anew`() {
        val run = results()
        // As a run before groups carried cpus recorded it: one decision for both core counts, without cpus.
        val mixed = GroupDecision.of(run.cells, GroupDecision.DEFAULT_MARGIN).copy(cpus = null)
        val text = buildString { JsonReportFormat.write(run.copy(groups = listOf(mixed)), this) }
        val read = JsonReportFormat.parse(text)
        val decisions = RunView.of(read).groups.map { it.decision }
        assertEquals(GroupDecision.all(run.cells, run.machine.harnessNsPerItem), decisions)
    }

    @Test
    fun `compare keeps both core counts of a strategy`() {
        val comparison = Comparison.ofRuns(results(), results(seed = 2))
        assertEquals(4, comparison.rows.size, comparison.rows.map { it.title }.toString())
        assertEquals(emptyList(), comparison.notCompared)
        assertEquals(4, comparison.rows.map { it.title }.distinct().size, comparison.rows.map { it.title }.toString())
    }

    @Test
    fun `compare of two runs meets each cell with itself on the same cores, each compared by its own forks`() {
        val comparison = Comparison.ofRuns(results(), results(seed = 2))
        for (row in comparison.rows) {
            assertEquals(row.base.strategy, row.new.strategy, row.title)
            assertEquals(row.base.cell.sweep, row.new.cell.sweep, row.title)
            // Two honest runs of the same cells: within 5%, never separated as a cell against its other cores would be.
            assertEquals(ForkVerdict.SAME, row.verdict, "${row.title}: ${row.figures}")
        }
        assertEquals(4, comparison.tests)
    }

    @Test
    fun `compare of two strategies within one run meets them on each core count, never a strategy beside itself`() {
        val comparison = Comparison.ofStrategies(results(), "virtual-threads", "coroutine-default")
        assertEquals(
            listOf(
                "hazard-nested-blocking, 16 items (blocking) on 1 cpu",
                "hazard-nested-blocking, 16 items (blocking) on 2 cpus",
            ),
            comparison.rows.map { it.title },
        )
        for (row in comparison.rows) {
            assertEquals("virtual-threads" to "coroutine-default", row.base.strategy to row.new.strategy, row.title)
            assertEquals(row.base.cell.sweep, row.new.cell.sweep, row.title)
        }
        // coroutine-default is over twice virtual-threads' time on 1 core and faster on 2: apart on each.
        assertEquals(listOf(ForkVerdict.SLOWER, ForkVerdict.FASTER), comparison.rows.map { it.verdict })
        assertEquals(emptyList(), comparison.notCompared)
    }

    @Test
    fun `check holds each core count's group against its own, naming its own winner once`() {
        val check = Check.of(results(), results(seed = 2))
        assertEquals(
            listOf(
                "hazard-nested-blocking, 16 items (blocking) on 1 cpu",
                "hazard-nested-blocking, 16 items (blocking) on 2 cpus",
            ),
            check.groups.map { it.title },
        )
        assertTrue(check.passed, check.failures.toString())
        assertEquals(emptyList(), check.notCompared)
        for ((group, winner) in check.groups.zip(listOf("virtual-threads", "coroutine-default"))) {
            assertEquals("$winner (decided) → $winner (decided)", group.answer, group.title)
            for (finding in group.findings.filter { it.gate != Gate.STATUS }) {
                assertTrue(finding.text.startsWith(winner), "${group.title}: $finding")
                val other = listOf("virtual-threads", "coroutine-default").single { it != winner }
                assertTrue(other !in finding.text, "${group.title}: $finding")
            }
            assertEquals("the 2 cell(s) ok before are ok now", group.findings.single { it.gate == Gate.STATUS }.text)
        }
    }

    private fun assertNotBesideItself(decision: GroupResult) {
        val named = listOf(decision.winner) + decision.tests.map { it.strategy }
        assertEquals(named.distinct(), named, "a strategy compared with itself: ${decision.reason}")
        assertTrue(decision.winner !in decision.tiedWith, "${decision.winner} tied with itself: ${decision.reason}")
    }

    /**
     * `virtual-threads` and `coroutine-default` on 1 and 2 cores, 4 forks each: on 1 core `virtual-threads`
     * is the faster, on 2 `coroutine-default`; `virtual-threads` on 2 cores is within noise of itself on 1.
     */
    private fun results(seed: Long = 1): Results {
        val random = SplittableRandom(seed)
        fun cell(strategy: String, family: String, cpus: Int, medianNs: Double): CellResult {
            val runs = (1..FORKS).flatMap { List(RUNS) { medianNs * (1 + 0.01 * random.nextGaussian()) } }
            return CellResult(
                strategy,
                Family(family),
                "hazard-nested-blocking",
                16,
                WaitForm.BLOCKING,
                CellStatus.OK,
                sweep = SweepPoint("cpus", cpus.toString()),
                timeNs = TimeSummary.of(runs, 0.0, List(FORKS) { RUNS }),
            )
        }
        return ResultsFixture.results().copy(
            cells = listOf(
                cell("coroutine-default", "coroutines", 1, 3_000_000.0),
                cell("virtual-threads", "virtual-thread", 1, 1_300_000.0),
                cell("coroutine-default", "coroutines", 2, 1_000_000.0),
                cell("virtual-threads", "virtual-thread", 2, 1_330_000.0),
            ),
        )
    }

    private companion object {
        const val FORKS = 4
        const val RUNS = 5
    }
}
