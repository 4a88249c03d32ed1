package dev.bakeoff.cli

import dev.bakeoff.engine.CellSpec
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.PlanMode
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals

/** The progress lines: a cell timed alone is one line; cells traced side by side each get a whole line. */
class ProgressPrinterTest {
    private val lines = mutableListOf(StringBuilder())
    private val printer = ProgressPrinter { text, newline ->
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
}
