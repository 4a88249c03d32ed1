package dev.bakeoff.report

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.Results
import dev.bakeoff.result.copy
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals

/** The one view of a run: its groups, their ranking, and the same winner in every report on equal medians. */
class RunViewTest {
    private val results = ResultsFixture.results()

    @Test
    fun `groups keep run order, rank the ok cells and keep the others as problems`() {
        val view = RunView.of(results)
        val keys = listOf(GroupKey("lists", 100, WaitForm.BLOCKING), GroupKey("network", 100, WaitForm.BLOCKING))
        assertEquals(keys, view.groups.map { it.key })
        assertEquals("lists, 100 items (blocking)", view.groups[0].title)
        val lists = view.groups[0]
        assertEquals(listOf("coroutine-default", "executor-fixed-cpu", "direct"), lists.ranked.map { it.strategy })
        assertEquals(listOf("fixture-throw"), lists.problems.map { it.strategy })
        assertEquals(results.cells.size, view.groups.sumOf { it.cells.size })
    }

    @Test
    fun `on equal medians the console table, the verdict and the HTML matrix name the same winner and leaders`() {
        // Only the medians are set equal, not the runs: the ratio stays the ranking figure's (×1.03).
        // executor-fixed-cpu comes first in the run; the tie-break (then strategy spec) must still pick
        // coroutine-default, whatever order the cells were written in; both share the star (not told apart).
        val tied = tie(results)
        for (run in listOf(tied, tied.copy(cells = tied.cells.reversed()))) {
            val table = ConsoleReport.of(run).tables.single { it.title == "lists, 100 items (blocking)" }
            val verdict = Verdicts.of(run).single { it.key == GroupKey("lists", 100, WaitForm.BLOCKING) }
            val html = buildString { HtmlReportFormat(Strategies.colours).write(run, this) }
            val best = Regex("""<td class="matrix-cell best[^"]*"[^>]*title="([^"]+) on lists, 100 items""")
                .findAll(html).map { it.groupValues[1] }.toList()

            assertEquals("coroutine-default", table.rows.first()[1])
            assertEquals(
                "undecided: coroutine-default (1.20 ms) leads, not settled against executor-fixed-cpu; resolution ×1.05, " +
                    "1.87× faster than direct (2.24 ms)",
                table.verdict,
            )
            assertEquals(
                "coroutine-default leads at 1.20 ms, 1.03× ahead of executor-fixed-cpu (1.20 ms)",
                verdict.lines.first().substringBefore(", 1.87×"),
            )
            assertEquals(setOf("coroutine-default", "executor-fixed-cpu"), best.toSet())
        }
    }

    @Test
    fun `a recorded decision is read, and a file without one is decided from its runs`() {
        val decided = RunView.of(results).groups.map { it.decision }
        assertEquals(listOf(GroupStatus.UNDECIDED, GroupStatus.DECIDED), decided.map { it!!.status })
        assertEquals(GroupDecision.all(results.cells, results.machine.harnessNsPerItem), decided)
        // A file that recorded another decision (a later rule, or the race's) is shown as recorded.
        val recorded = decided[0]!!.copy(status = GroupStatus.TIE, reason = "recorded")
        val view = RunView.of(results.copy(groups = listOf(recorded)))
        assertEquals(listOf("recorded", decided[1]!!.reason), view.groups.map { it.decision!!.reason })
        assertEquals(listOf("coroutine-default", "executor-fixed-cpu"), view.groups[0].leaders.map { it.strategy })
        val none = RunView.of(results.copy(cells = results.cells.filter { it.status != CellStatus.OK }))
        assertEquals(listOf(null, null), none.groups.map { it.decision })
    }

    private fun tie(r: Results) = r.copy(
        cells = r.cells.map { c ->
            val time = c.timeNs
            val tied = c.workload == "lists" && c.strategy != "direct"
            if (tied && time != null) c.copy(timeNs = time.copy(median = 1.2e6)) else c
        },
    )
}
