package dev.bakeoff.model

import dev.bakeoff.cell
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import kotlin.test.assertContains

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
    fun `results swapped between items break the checksum`() {
        val ledger = TaskLedger(expected)
        expected.indices.forEach { ledger.record(it, expected[it]) }
        ledger.record(1, expected[2])
        ledger.record(2, expected[1])
        // Counts are now 2 for items 1 and 2: verify counts first, then a clean swap alone.
        assertThrows<LedgerException> { ledger.verify(1) }
        expected.indices.forEach {
            ledger.record(
                if (it == 1) {
                    2
                } else if (it == 2) {
                    1
                } else {
                    it
                },
                expected[it],
            )
        }
        val e = assertThrows<LedgerException> { ledger.verify(1) }
        assertContains(e.message!!, "checksum")
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
}
