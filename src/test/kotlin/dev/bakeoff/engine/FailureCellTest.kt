package dev.bakeoff.engine

import dev.bakeoff.TEST_ITEMS
import dev.bakeoff.cell
import dev.bakeoff.engine.probe.FailureStats
import dev.bakeoff.model.WaitForm
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull

/** A failure workload's cell: its failing item, its figures, and the threads a strategy leaves behind. */
class FailureCellTest {
    @Test
    fun `a thread left behind by a failed batch is counted, and found again after close`() {
        val cell = cell("fixture-leak-thread", "fail-at:item=3")
        cell.open()
        val trace = try {
            repeat(2) { cell.runBatch() }
            cell.verify()
            cell.trace()
        } finally {
            val leaked = cell.closeAndCheck().leaked
            assertEquals(List(3) { "bakeoff-leaked" }, leaked, "one thread per batch outlives the strategy")
        }
        // Judged at close: the traced batch's own thread, not the two earlier batches'.
        assertEquals(1, trace.threadsLeft, "the traced batch left its thread")
        assertEquals(1, FailureStats.of(listOf(trace), 3)?.threadsLeft)
    }

    @Test
    fun `a strategy that leaves nothing behind counts no thread`() {
        val cell = cell("thread-per-task", "fail-at:item=3")
        cell.open()
        val trace = try {
            cell.trace()
        } finally {
            assertEquals(emptyList(), cell.closeAndCheck().leaked)
        }
        assertEquals(0, FailureStats.of(listOf(trace), 3)?.threadsLeft)
    }

    @Test
    fun `every item but the failing one is accounted for once as completed, cancelled or never started`() {
        for (strategy in listOf("executor-fixed-100", "coroutine-scope", "direct")) {
            val cell = cell(strategy, "fail-after:ms=1", WaitForm.SUSPENDING)
            cell.open()
            try {
                val figures = assertNotNull(FailureStats.of(listOf(cell.trace()), 0))
                assertEquals(TEST_ITEMS - 1, figures.completed + figures.cancelled + figures.notStarted, strategy)
            } finally {
                cell.closeAndCheck()
            }
        }
        // direct runs item 0 first and returns at its failure: nothing else ever starts.
        val direct = cell("direct", "fail-after")
        direct.open()
        try {
            assertEquals(TEST_ITEMS - 1, FailureStats.of(listOf(direct.trace()), 0)?.notStarted)
        } finally {
            direct.closeAndCheck()
        }
    }

    @Test
    fun `a batch too small to reach the failing item is a happy path`() {
        cell("direct", "fail-at:item=10", items = 5).use { assertNull(it.failingItem) }
    }
}
