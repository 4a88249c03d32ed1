package dev.bakeoff.engine

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.Grid
import dev.bakeoff.model.CatalogException
import dev.bakeoff.model.WaitForm
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import kotlin.test.assertEquals

/** A grid's size is counted before any cell is made: huge grids are refused, keys no spec shares never multiply. */
class GridSizeTest {
    private val fifty = (1..50).joinToString(",")

    private fun cells(keys: List<String>, strategies: String, workloads: String): List<CellSpec> {
        val s = Strategies.catalog.resolveList(strategies)
        val w = Workloads.catalog.resolveList(workloads)
        return Grid.parse(keys.map { "$it=$fifty" }).cells(s, w, 100, WaitForm.BLOCKING)
    }

    @Test
    fun `keys taken by different strategies make each strategy's own points, not every combination`() {
        // 50^4 combinations of all four keys; each strategy takes one key, so 4 x 50 cells.
        val specs = "virtual-threads-bounded,flow-flatmap-merge,channel-workers,executor-fixed"
        val made = cells(listOf("permits", "concurrency", "workers", "size"), specs, "arithmetic")
        assertEquals(4 * 50, made.size)
        // In the order of the combinations of all keys, the first key varying slowest.
        val first = listOf(
            "virtual-threads-bounded:permits=1",
            "flow-flatmap-merge:concurrency=1",
            "channel-workers:workers=1",
            "executor-fixed:size=1",
            "executor-fixed:size=2",
        )
        assertEquals(first, made.take(5).map { it.strategy.spec })
        assertEquals("virtual-threads-bounded:permits=50", made.last().strategy.spec)
    }

    @Test
    fun `a grid of more cells than a run takes is refused before any cell is made`() {
        // 50^3 points per strategy (its key, ms, items): 5 x 125,000 cells, 50^7 combinations in all.
        val keys = listOf("permits", "concurrency", "workers", "size", "chunk", "ms", "items")
        val specs = "virtual-threads-bounded,flow-flatmap-merge,channel-workers,executor-fixed,coroutine-chunked"
        val e = assertThrows<CatalogException> { cells(keys, specs, "io-sleep") }
        assertEquals(
            "the grid of --param ${keys.joinToString()} makes more than ${Grid.MAX_CELLS} cells, " +
                "the most one run takes; sweep fewer values, or split the grid over several runs",
            e.message,
        )
    }
}
