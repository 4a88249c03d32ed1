package dev.bakeoff.report

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.result.DeadlineFigures
import dev.bakeoff.result.FailureFigures
import dev.bakeoff.result.Results
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** report.html's "When one fails" and "When the deadline passes": the winner matrix, the tables, leaks in red. */
class OutcomeHtmlTest {
    private fun failure(toReturnNs: Long, threadsLeft: Int = 0) = FailureFigures(
        batches = 3, toReturnNs = toReturnNs, startedAfter = 0, runningAtReturn = 0, ranOnNs = 0,
        completed = 10, cancelled = 0, notStarted = 0, threadsLeft = threadsLeft,
    )

    private fun deadline(lateNs: Long) = DeadlineFigures(
        deadlineNs = 20_000_000, form = "withTimeout: cancels", batches = 5, missed = 5, lateP50Ns = lateNs,
        lateP90Ns = lateNs, lateMaxNs = lateNs, startedAfter = 0, runningAtReturn = 0, ranOnNs = 0, completed = 0,
        cancelled = 24, notStarted = 0, threadsLeft = 0,
    )

    private fun html(results: Results) = buildString { HtmlReportFormat(Strategies.colours).write(results, this) }

    @Test
    fun `a failure run gets a winner matrix with the fastest starred and a leak in red, and its tables`() {
        val base = ResultsFixture.results()
        val cells = base.cells.take(3).map { it.copy(workload = "fail-at", wait = base.cells[0].wait, items = 24) }
        val failing = listOf(
            cells[0].copy(strategy = "slow", failure = failure(90_000_000)),
            cells[1].copy(strategy = "fast", failure = failure(1_000_000)),
            cells[2].copy(strategy = "leaky", failure = failure(5_000_000, threadsLeft = 2)),
        )
        val late = listOf(cells[0].copy(workload = "storage", strategy = "scope", deadline = deadline(3_000_000)))
        val html = html(base.copy(cells = base.cells + failing + late))
        val matrix = html.substringAfter("id=\"failures\"").substringBefore("</table>")
        assertContains(matrix, "fail-at, 24 items (${base.cells[0].wait.id})")
        assertTrue(Regex("<td>\\s*fast\\s*</td>\\s*<td>\\s*1\\.0+ ms ★").containsMatchIn(matrix), matrix)
        assertEquals(1, Regex("class=\"leak\"").findAll(matrix).count(), "only the leaky cell is red")
        assertContains(matrix.substringAfter("class=\"leak\""), "2 thread(s) left")
        assertContains(html, "when one fails: fail-at")
        assertContains(html.substringAfter("id=\"deadlines\""), "when the deadline passes: storage")
    }

    @Test
    fun `a run without failure or deadline cells has neither section`() {
        val html = html(ResultsFixture.results())
        assertFalse("id=\"failures\"" in html)
        assertFalse("id=\"deadlines\"" in html)
    }
}
