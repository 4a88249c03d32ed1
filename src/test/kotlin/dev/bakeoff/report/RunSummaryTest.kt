package dev.bakeoff.report

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.GroupResult
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.LimitBound
import dev.bakeoff.result.LimitParts
import dev.bakeoff.result.Results
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** The run in one sentence per kind of work, read from the decisions the view holds, and what to do next. */
class RunSummaryTest {
    @Test
    fun `one clause per kind of work and outcome, groups of one kind and outcome sharing it`() {
        val summary = RunSummary.of(RunView.of(run()))
        assertEquals(
            "In short, on this machine: for CPU work (lists) undecided (coroutine-default leads); " +
                "for blocking waits (network, storage) virtual-threads; " +
                "for small CPU work (arithmetic) coroutine-default or executor-fixed-cpu (tied).",
            summary.sentence,
        )
    }

    @Test
    fun `an undecided group says which pairs are open and how to settle them beyond the budget`() {
        val steps = RunSummary.of(RunView.of(run())).nextSteps
        assertEquals(
            "To settle an undecided group besides a longer --budget, race only its open pairs, so the whole budget goes to them: " +
                "lists (coroutine-default against executor-fixed-cpu) with `bakeoff run -w lists -s coroutine-default,executor-fixed-cpu`; " +
                "or, if a gap under 10% does not matter to you, `--margin 10%` lets a close pair end as a tie.",
            steps,
        )
    }

    @Test
    fun `the console ends its answer with the summary and report html starts its answer with it`() {
        val view = RunView.of(run())
        val summary = RunSummary.of(view)
        assertEquals(summary.lines, ConsoleReport.of(view).summary)
        val html = buildString { HtmlReportFormat(Strategies.colours).write(run(), this) }
        val answer = html.substringAfter("<section id=\"answer\">")
        assertTrue(answer.indexOf("In short, on this machine") in 0 until answer.indexOf("<table"), answer.take(600))
        assertContains(answer, "<p class=\"next\">To settle an undecided group")
    }

    @Test
    fun `a file without limit parts says other work, a merged one per machine, and nothing ranked no sentence`() {
        assertNull(RunSummary.of(RunView.of(run().let { r -> r.copy(cells = r.cells.filter { it.workload != "lists" }) })).nextSteps)
        val plain = RunSummary.of(RunView.of(ResultsFixture.results()))
        assertContains(plain.sentence!!, "for other work (lists) undecided")
        val merged = ResultsFixture.results().let { r -> r.copy(cells = r.cells.map { it.copy(machine = "1a2b3c4d") }) }
        assertContains(RunSummary.of(RunView.of(merged)).sentence!!, "In short, per machine: ")
        val none = ResultsFixture.results().let { r -> r.copy(cells = r.cells.filter { it.timeNs == null }) }
        assertNull(RunSummary.of(RunView.of(none)).sentence)
    }

    @Test
    fun `other items and a suspending wait are part of the command`() {
        val base = run()
        val suspending = base.copy(cells = base.cells.filter { it.workload == "lists" }.map { it.copy(items = 50, wait = WaitForm.SUSPENDING) })
        assertContains(RunSummary.of(RunView.of(suspending)).nextSteps!!, "`bakeoff run -w lists -n 50 --wait suspending -s ")
    }

    /**
     * The fixture's lists (undecided, decided from its runs) and network (decided) with their limits, a storage copy
     * of network (same kind, same outcome) and an arithmetic copy of lists whose recorded decision is a tie.
     */
    private fun run(): Results {
        val base = ResultsFixture.results()
        val parts = mapOf(
            "lists" to LimitParts(0.0, 1e6, cores = 8, binds = LimitBound.CPU_OVER_CORES),
            "network" to LimitParts(99e6, 300.0, cores = 8, binds = LimitBound.LONGEST_ITEM),
        )
        val cells = base.cells.map { it.copy(limitParts = parts[it.workload]) }
        fun copies(of: String, to: String, limit: LimitParts) = cells.filter { it.workload == of }.map { it.copy(workload = to, limitParts = limit) }
        val storage = copies("network", "storage", LimitParts(1.49e6, 300.0, cores = 8, binds = LimitBound.LONGEST_ITEM))
        val arithmetic = copies("lists", "arithmetic", LimitParts(0.0, 2_000.0, cores = 8, binds = LimitBound.CPU_OVER_CORES))
        val tie = GroupResult(
            "arithmetic", 100, WaitForm.BLOCKING, "coroutine-default", GroupStatus.TIE, listOf("executor-fixed-cpu"),
            margin = 0.05, winnerRuns = 5, reason = "recorded tie",
        )
        return base.copy(cells = cells + storage + arithmetic, groups = listOf(tie))
    }
}
