package dev.bakeoff.model

import dev.bakeoff.cell
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import java.util.concurrent.CountDownLatch
import kotlin.concurrent.thread
import kotlin.test.assertContains
import kotlin.test.assertEquals

class TaskLedgerTest {
    private val expected = IntArray(10) { it * 7 }

    @Test
    fun `a complete batch with the right results passes, twice`() {
        val ledger = TaskLedger(expected)
        repeat(2) { expected.indices.forEach { ledger.record(it, expected[it]) } }
        ledger.verify(2)
        expected.indices.forEach { ledger.record(it, expected[it]) }
        ledger.verify(1)
    }

    @Test
    fun `a lost item is caught and named`() {
        val ledger = TaskLedger(expected)
        (0 until 9).forEach { ledger.record(it, expected[it]) }
        val e = assertThrows<LedgerException> { ledger.verify(1) }
        assertContains(e.message!!, "item 9 ran 0 time(s)")
    }

    @Test
    fun `a duplicated item is caught even when another is lost`() {
        val ledger = TaskLedger(expected)
        (0 until 9).forEach { ledger.record(it, expected[it]) }
        ledger.record(3, expected[3])
        val e = assertThrows<LedgerException> { ledger.verify(1) }
        assertContains(e.message!!, "item 3 ran 2 time(s)")
    }

    @Test
    fun `results swapped between items are caught and named`() {
        val ledger = TaskLedger(expected)
        expected.indices.forEach {
            ledger.record(
                it,
                expected[
                    if (it == 1) {
                        2
                    } else if (it == 2) {
                        1
                    } else {
                        it
                    },
                ],
            )
        }
        val e = assertThrows<LedgerException> { ledger.verify(1) }
        assertContains(e.message!!, "2 of 10 items returned results that differ from the direct run: items 1, 2")
    }

    @Test
    fun `a wrong result in one batch of several is caught`() {
        val ledger = TaskLedger(expected)
        repeat(3) { batch -> expected.indices.forEach { ledger.record(it, expected[it] + if (batch == 1 && it == 4) 1 else 0) } }
        val e = assertThrows<LedgerException> { ledger.verify(3) }
        assertContains(e.message!!, "items 4")
    }

    @Test
    fun `each item's slot has two cache lines to itself, so threads recording neighbours never share one`() {
        // 128 bytes: the JDK's @Contended padding (a line and the one the CPU prefetches with it).
        assertEquals(128, TaskLedger.STRIDE * Long.SIZE_BYTES)
    }

    @Test
    fun `atomic records from two threads at once all count`() {
        val ledger = TaskLedger(IntArray(1) { 1 })
        val start = CountDownLatch(1)
        val threads = List(2) {
            thread {
                start.await()
                repeat(RACING_RECORDS) { ledger.recordAtomically(0, 1) }
            }
        }
        start.countDown()
        threads.forEach { it.join() }
        ledger.verify(2 * RACING_RECORDS)
    }

    @Test
    fun `a strategy that skips one item is caught by the ledger`() {
        cell("fixture-skip-one").use { cell ->
            cell.open()
            cell.runBatch()
            val e = assertThrows<LedgerException> { cell.verify() }
            assertContains(e.message!!, "item 23 ran 0 time(s)")
        }
    }

    @Test
    fun `a strategy that runs an item twice is caught by the ledger`() {
        cell("fixture-duplicate-one").use { cell ->
            cell.open()
            cell.runBatch()
            val e = assertThrows<LedgerException> { cell.verify() }
            assertContains(e.message!!, "item 0 ran 2 time(s)")
        }
    }

    @Test
    fun `a throwing strategy surfaces its exception`() {
        cell("fixture-throw").use { cell ->
            cell.open()
            val e = assertThrows<IllegalStateException> { cell.runBatch() }
            assertContains(e.message!!, "deliberate failure")
        }
    }

    @Test
    fun `with a failing item, items that did not complete pass, and the failing one must never complete`() {
        val ledger = TaskLedger(expected)
        // Two batches: item 3 fails in each, item 5 was cancelled once, item 6 never started.
        repeat(2) { b -> expected.indices.filter { it != 3 && !(it == 5 && b == 0) && it != 6 }.forEach { ledger.record(it, expected[it]) } }
        ledger.verifyAtMost(2, failing = 3)
        ledger.record(3, expected[3])
        val e = assertThrows<LedgerException> { ledger.verifyAtMost(2, failing = 3) }
        assertContains(e.message!!, "item 3 completed 1 time(s)")
    }

    @Test
    fun `with a failing item, an item completed more often than once per batch is caught, counted over every batch`() {
        val ledger = TaskLedger(expected)
        ledger.record(4, expected[4])
        ledger.verifyAtMost(1, failing = 3)
        // Counts are never reset: a leftover of batch 1 recording after its check is counted with batch 2's.
        repeat(2) { ledger.record(4, expected[4]) }
        val e = assertThrows<LedgerException> { ledger.verifyAtMost(2, failing = 3) }
        assertContains(e.message!!, "item 4 completed 3 time(s)")
    }

    @Test
    fun `a failure cell whose strategy swallows the failure is caught`() {
        // fixture-skip-one never runs the last item, the failing one: its batches return normally.
        cell("fixture-skip-one", "fail-at:item=23").use { cell ->
            cell.open()
            cell.runBatch()
            val e = assertThrows<LedgerException> { cell.verify() }
            assertContains(e.message!!, "returned normally from 1 of 1 batches in which item 23 failed")
        }
    }

    private companion object {
        const val RACING_RECORDS = 1_000_000
    }
}
