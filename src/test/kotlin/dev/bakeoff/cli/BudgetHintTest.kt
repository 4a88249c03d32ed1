package dev.bakeoff.cli

import dev.bakeoff.engine.plan.RaceOptions
import dev.bakeoff.model.WaitForm
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.result.GroupResult
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.RaceInfo
import dev.bakeoff.result.RaceStop
import dev.bakeoff.result.Results
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertNull

/** The line a raced run ends with when a longer budget would buy its undecided groups more forks. */
class BudgetHintTest {
    private val base = ResultsFixture.results()

    /** The fixture raced: `lists` ends [status], its cells stopped as [stop]; `network` decided. */
    private fun raced(stop: RaceStop, status: GroupStatus): Results = base.copy(
        cells = base.cells.map { c ->
            c.copy(race = RaceInfo(3, 12, if (c.workload == "lists") stop else RaceStop.DECIDED, ""))
        },
        groups = listOf("lists" to status, "network" to GroupStatus.DECIDED).map { (w, s) ->
            GroupResult(w, 100, WaitForm.BLOCKING, "direct", s, margin = 0.05, winnerRuns = 10, reason = "")
        },
    )

    @Test
    fun `a group left undecided for want of forks or budget is named, with the budget that gives the most forks`() {
        for (stop in listOf(RaceStop.MAX_FORKS, RaceStop.TOO_CLOSE, RaceStop.BUDGET)) {
            assertEquals(
                "undecided within the budget: lists; a longer --budget buys forks as well as time: --budget 8m " +
                    "gives a cell up to 11 forks instead of 6",
                BudgetHint.of(raced(stop, GroupStatus.UNDECIDED), RaceOptions()),
                "$stop",
            )
        }
        val longer = BudgetHint.of(raced(RaceStop.MAX_FORKS, GroupStatus.UNDECIDED), RaceOptions(300 * SECOND))
        assertEquals(true, longer?.endsWith("up to 11 forks instead of 7"), longer)
    }

    @Test
    fun `no line without a race, with every group settled, for cells that were not ok, or at the most forks`() {
        assertNull(BudgetHint.of(raced(RaceStop.MAX_FORKS, GroupStatus.UNDECIDED), null))
        assertNull(BudgetHint.of(raced(RaceStop.MAX_FORKS, GroupStatus.TIE), RaceOptions()))
        assertNull(BudgetHint.of(raced(RaceStop.NOT_OK, GroupStatus.UNDECIDED), RaceOptions()))
        assertNull(BudgetHint.of(raced(RaceStop.MAX_FORKS, GroupStatus.UNDECIDED), RaceOptions(600 * SECOND)))
    }

    private companion object {
        const val SECOND = 1_000_000_000L
    }
}
