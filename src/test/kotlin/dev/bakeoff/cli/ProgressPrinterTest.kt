package dev.bakeoff.cli

import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.PlanMode
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals

/**
 * The progress lines: a cell timed alone is one line; cells traced side by side each get a whole
 * line; by default only every fifth of the cells and the cells not ok are shown.
 */
class ProgressPrinterTest {
    private val lines = mutableListOf(StringBuilder())
    private val printer = ProgressPrinter(verbose = true) { text, newline ->
        lines.last().append(text)
        if (newline) lines += StringBuilder()
    }
    private val plan = MeasurementPlan(PlanMode.SINGLE_SHOT, 1, 1, 1, 0, "test")

    private fun result(strategy: String) = CellSpec.parse(strategy, "network", 100, "blocking").let {
        CellResult(strategy, it.strategy.entry.family.family, "network", 100, it.wait, CellStatus.OK, plan = plan)
    }

    @Test
    fun `a timed cell starts and ends on one line`() {
        printer.cellStarted(3, 9, CellSpec.parse("direct", "network", 100, "blocking"), plan, 61_000_000_000L, null)
        printer.cellFinished(3, 9, result("direct").copy(error = null))
        assertEquals("[  3/9] 1:01 elapsed, ETA --  direct x network (blocking, ss) ok ", lines.first().toString())
    }

    @Test
    fun `a race states its end as the budget's at the latest, not the screening's ETA`() {
        val raced = mutableListOf<String>()
        val open = StringBuilder()
        val race = ProgressPrinter(verbose = true, budgetNanos = 240_000_000_000L) { text, newline ->
            open.append(text)
            if (newline) raced += open.toString().also { open.clear() }
        }
        val spec = CellSpec.parse("direct", "network", 100, "blocking")
        race.cellStarted(3, 9, spec, plan, 30_000_000_000L, 60_000_000_000L)
        race.cellFinished(3, 9, result("direct"))
        race.cellStarted(3, 9, spec, plan, 100_000_000_000L, null)
        race.cellFinished(3, 9, result("direct"))
        race.cellStarted(4, 9, spec, plan, 200_000_000_000L, 100_000_000_000L)
        race.cellFinished(4, 9, result("direct"))
        race.roundStarted(2, 3, listOf(GroupKey("network", 100, WaitForm.BLOCKING)), 130_000_000_000L)
        assertEquals(
            listOf(
                "[  3/9] 0:30 elapsed, ends by 4:00 at the latest, the budget  direct x network (blocking, ss) ok ",
                "[  3/9] 1:40 elapsed, ends by 4:00 at the latest, the budget  direct x network (blocking, ss) ok ",
                "[  4/9] 3:20 elapsed, screening ends ~5:00, past the budget  direct x network (blocking, ss) ok ",
                "race round 2: 3 cell(s) that could still win network get one more fork (2:10 of the budget left); " +
                    "the run ends by 4:00 at the latest, the budget",
            ),
            raced,
        )
    }

    @Test
    fun `a round names the groups that wait and why, a short group's next round not counted as two`() {
        val said = mutableListOf<String>()
        val race = ProgressPrinter(verbose = true, budgetNanos = null) { text, _ -> said += text }
        val key = { w: String -> GroupKey(w, 100, WaitForm.BLOCKING) }
        race.roundStarted(5, 5, listOf(key("arithmetic")), 15_000_000_000L, listOf(key("lists")), 6, listOf(key("mixed")))
        assertEquals(
            "race round 5: 5 cell(s) that could still win arithmetic get one more fork (0:15 of the budget left; " +
                "lists waits, as 6 forks a side would not settle it yet; mixed waits, as the next round of it " +
                "(two, before its first test) would not fit in the budget left)",
            said.single(),
        )
    }

    @Test
    fun `the harness line is one sentence, its figure after a colon`() {
        printer.harnessStarted()
        printer.harnessMeasured(4.2, null)
        assertEquals("[  0] measuring Bakeoff's own cost per item (direct x empty): 4.20 ns per item", lines.first().toString())
    }

    @Test
    fun `cells traced side by side each end on a line that names them`() {
        printer.tracesStarted(2, 2, 5_000_000_000L)
        printer.cellFinished(2, 9, result("rx-single").copy(floorNs = 4.95e9))
        printer.cellFinished(1, 9, result("direct").copy(floorNs = 4.95e9))
        assertEquals(
            listOf(
                "tracing 2 cell(s) that cannot win by their floor, 2 at a time (0:05 elapsed)",
                "[  2/9] rx-single x network (blocking, ss) ok cannot win: floor 4.95 s, traced batch only",
                "[  1/9] direct x network (blocking, ss) ok cannot win: floor 4.95 s, traced batch only",
            ),
            lines.dropLast(1).map { it.toString() },
        )
    }

    @Test
    fun `compact progress shows the cell that ends each fifth of the run and every cell not ok, and nothing else`() {
        val shown = mutableListOf(StringBuilder())
        val compact = ProgressPrinter(verbose = false) { text, newline ->
            shown.last().append(text)
            if (newline) shown += StringBuilder()
        }
        val total = 30
        val timeout = result("direct").copy(status = CellStatus.TIMEOUT, error = "exceeded its time limit of 60 s")
        for (i in 1..total - 1) {
            compact.cellStarted(i, total, CellSpec.parse("direct", "network", 100, "blocking"), plan, i * 1_000_000_000L, null)
            compact.cellFinished(i, total, if (i == 5) timeout else result("direct"))
            // A race's further fork of a cell already shown: no line of its own.
            if (i == 6) {
                compact.cellStarted(6, total, CellSpec.parse("direct", "network", 100, "blocking"), plan, 0, null)
                compact.cellFinished(6, total, result("direct"))
            }
        }
        compact.tracesStarted(1, 1, 0)
        compact.cellFinished(total, total, result("rx-single").copy(floorNs = 4.95e9))
        val lines = shown.dropLast(1).map { it.toString() }
        assertEquals(listOf(5, 6, 12, 18, 24, 30), lines.map { it.substring(1, 4).trim().toInt() }, "$lines")
        assertEquals("[  5/30] 0:05 elapsed, ETA --  direct x network (blocking, ss) timeout exceeded its time limit of 60 s", lines[0])
        assertEquals("[ 30/30] rx-single x network (blocking, ss) ok cannot win: floor 4.95 s, traced batch only", lines.last())
    }
}
