package dev.bakeoff.strategy

import dev.bakeoff.TEST_ITEMS
import dev.bakeoff.TEST_STRATEGIES
import dev.bakeoff.TEST_WORKLOADS
import dev.bakeoff.cell
import dev.bakeoff.model.ItemOutcome
import dev.bakeoff.model.WaitForm
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.TestFactory
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * Every strategy of the catalog x every workload x both wait forms, each at the test scale its
 * entry declares (entries that declare themselves excluded say why): each batch runs every item
 * exactly once with the direct run's results (the ledger), the trace sees every item (with a failure
 * workload: each batch reports the failure, no item completes twice, every item started ends), and after
 * close no thread the strategy created is left and every shared scheduler is within its bound.
 * A new catalog entry is covered here without writing a test.
 */
class StrategyMatrixTest {
    @TestFactory
    fun `every strategy runs every workload exactly once and leaves no thread behind`(): List<DynamicTest> = TEST_STRATEGIES
        .flatMap { s -> TEST_WORKLOADS.flatMap { w -> WaitForm.entries.map { wait -> Triple(s, w, wait) } } }
        .map { (s, w, wait) -> DynamicTest.dynamicTest("$s x $w (${wait.id})") { checkCell(s, w, wait) } }

    private fun checkCell(strategy: String, workload: String, wait: WaitForm) {
        val cell = cell(strategy, workload, wait)
        cell.open()
        try {
            repeat(3) { cell.runBatch() }
            cell.verify()
            val trace = cell.trace()
            assertEquals(TEST_ITEMS, trace.threadIds.size)
            val failing = cell.failingItem
            if (failing == null) {
                assertTrue(trace.endNs.all { it > 0 }, "every item of the traced batch finished")
            } else {
                val failed = trace.outcome.indices.filter { trace.outcome[it] == ItemOutcome.FAILED }
                assertEquals(listOf(failing), failed, "exactly the failing item failed")
                val open = trace.startNs.indices.filter { trace.startNs[it] != 0L && trace.outcome[it] == null }
                assertEquals(emptyList(), open, "every item started ended: completed, failed or cancelled")
            }
        } finally {
            val report = cell.closeAndCheck()
            assertEquals(emptyList(), report.leaked, "threads left alive after close")
            assertEquals(emptyList(), report.overBound, "shared schedulers over their documented bound")
        }
    }
}
