package dev.bakeoff.report

import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.Results
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
    fun `on equal medians the console table, the verdict and the HTML matrix name the same winner`() {
        // executor-fixed-cpu comes first in the run; the tie-break (then strategy spec) must still pick
        // coroutine-default, whatever order the cells were written in.
        val tied = tie(results)
        for (run in listOf(tied, tied.copy(cells = tied.cells.reversed()))) {
            val table = ConsoleReport.of(run).tables.single { it.title == "lists, 100 items (blocking)" }
            val verdict = Verdicts.of(run).single { it.key == GroupKey("lists", 100, WaitForm.BLOCKING) }
            val html = buildString { HtmlReportFormat.write(run, this) }
            val best = Regex("""<td class="matrix-cell best"[^>]*title="([^"]+) on lists, 100 items""")
                .findAll(html).map { it.groupValues[1] }.toList()

            assertEquals("coroutine-default", table.rows.first()[1])
            assertEquals(
                "winner: coroutine-default (1.20 ms), 1.87× faster than direct (2.24 ms)",
                table.verdict.substringBefore(";"),
            )
            assertEquals(
                "coroutine-default wins at 1.20 ms, 1.00× ahead of executor-fixed-cpu (1.20 ms)",
                verdict.lines.first().substringBefore(", 1.87×"),
            )
            assertEquals(listOf("coroutine-default"), best)
        }
    }

    private fun tie(r: Results) = r.copy(
        cells = r.cells.map { c ->
            val time = c.timeNs
            val tied = c.workload == "lists" && c.strategy != "direct"
            if (tied && time != null) c.copy(timeNs = time.copy(median = 1.2e6)) else c
        },
    )
}
