package dev.bakeoff.metrics

import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.LimitBound
import dev.bakeoff.result.LimitParts
import dev.bakeoff.result.copy
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertSame

/** Every cell of a group states the lowest limit any of them calibrated, and says whose calibration it was. */
class GroupLimitTest {
    private val cells = ResultsFixture.results().cells.filter { it.timeNs != null }

    /** Each cell's own calibration: the limit its index gives, so the cells of a group differ. */
    private fun calibrated(cells: List<CellResult>) = cells.mapIndexed { i, c ->
        val limit = 1_000.0 * (i + 3)
        c.copy(
            limitNs = limit,
            limitParts = LimitParts(0.0, 2 * limit, cores = 2, binds = LimitBound.CPU_OVER_CORES),
            efficiency = limit / c.timeNs!!.median,
        )
    }

    @Test
    fun `the cells of a group share its lowest calibrated limit, with their own efficiency against it`() {
        val own = calibrated(cells)
        val shared = GroupLimit.shared(own)
        for ((key, group) in own.zip(shared).groupBy { GroupKey.of(it.first) }) {
            val lowest = group.minBy { it.first.limitNs!! }.first
            for ((before, after) in group) {
                assertEquals(lowest.limitNs, after.limitNs, "$key ${before.strategy}")
                assertEquals(lowest.limitNs!! / before.timeNs!!.median, after.efficiency)
                if (group.size > 1) {
                    assertEquals(lowest.strategy, after.limitParts!!.calibratedBy)
                    assertEquals(lowest.limitParts!!.cpuBeforeNs, after.limitParts!!.cpuBeforeNs)
                } else {
                    assertSame(before, after, "a group of one keeps its own")
                }
            }
        }
        assert(own.groupBy(GroupKey::of).values.any { it.size > 1 }) { "the fixture has a group of several cells" }
    }

    @Test
    fun `a cell without a limit keeps none, and does not set its group's`() {
        val own = calibrated(cells)
        val first = GroupKey.of(own.first())
        val none = own.map { if (it === own.first()) it.copy(limitNs = null, limitParts = null, efficiency = null) else it }
        val shared = GroupLimit.shared(none)
        assertNull(shared.first().limitNs)
        val others = none.drop(1).filter { GroupKey.of(it) == first }.minOf { it.limitNs!! }
        shared.drop(1).filter { GroupKey.of(it) == first }.forEach { assertEquals(others, it.limitNs) }
    }
}
