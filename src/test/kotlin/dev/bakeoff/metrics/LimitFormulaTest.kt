package dev.bakeoff.metrics

import dev.bakeoff.engine.cell.Cell
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.model.RunContext
import dev.bakeoff.model.WaitForm
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** The limit formula on synthetic batches with known costs, the wait each form really waits, and a cell's calibrated limit. */
class LimitFormulaTest {
    @Test
    fun `a CPU-only batch is bound by its total CPU over the cores`() {
        val bound = LimitFormula.of(DoubleArray(100) { 5_000.0 }, LongArray(100), cores = 2)
        assertEquals(250_000.0, bound.limitNs)
        assertEquals(5_000.0, bound.longestItemNs)
        assertEquals("CPU / cores", bound.binding)
    }

    @Test
    fun `a waiting batch is bound by its longest item, CPU plus wait`() {
        // E1 network: item i waits i ms; 1 µs of CPU each.
        val bound = LimitFormula.of(DoubleArray(100) { 1_000.0 }, LongArray(100) { it * 1_000_000L }, cores = 2)
        assertEquals(99_001_000.0, bound.limitNs)
        assertEquals(50_000.0, bound.cpuOverCoresNs)
        assertEquals("longest item", bound.binding)
    }

    @Test
    fun `the longest item is the one whose CPU plus wait is largest, not the longest wait`() {
        val bound = LimitFormula.of(doubleArrayOf(3_000_000.0, 10.0), longArrayOf(0, 2_000_000), cores = 8)
        assertEquals(3_000_000.0, bound.limitNs)
    }

    @Test
    fun `a declared serial part binds when it is the largest`() {
        // 100 items each holding one of 4 database connections for 1 ms: 25 ms through the pool.
        val bound = LimitFormula.of(DoubleArray(100) { 1_000.0 }, LongArray(100) { 1_000_000L }, cores = 2, serialNs = 25_000_000.0)
        assertEquals(25_000_000.0, bound.limitNs)
        assertEquals("serial part", bound.binding)
    }

    @Test
    fun `efficiency is the limit over the median`() {
        assertEquals(0.25, LimitFormula.efficiency(25.0, 100.0))
        assertEquals(1.0, LimitFormula.efficiency(80.0, 80.0))
    }

    @Test
    fun `a suspending wait lasts whole milliseconds, a blocking one its nominal time`() {
        assertEquals(500_000, WaitForm.BLOCKING.effectiveWaitNanos(500_000))
        assertEquals(1_000_000, WaitForm.SUSPENDING.effectiveWaitNanos(500_000))
        assertEquals(2_000_000, WaitForm.SUSPENDING.effectiveWaitNanos(1_490_000))
        assertEquals(2_000_000, WaitForm.SUSPENDING.effectiveWaitNanos(2_000_000))
        assertEquals(0, WaitForm.SUSPENDING.effectiveWaitNanos(0))
    }

    @Test
    fun `a cell's limit uses each item's wait as its form really waits it`() {
        // E1 storage waits 0.5 to 1.49 ms: its suspending form (delay) waits 1 to 2 ms.
        val suspending = limit("storage", WaitForm.SUSPENDING)
        val blocking = limit("storage", WaitForm.BLOCKING)
        assertEquals("longest item", suspending.binding)
        assertTrue(suspending.longestItemNs >= 2_000_000, "${suspending.longestItemNs}")
        assertTrue(blocking.longestItemNs >= 1_490_000, "${blocking.longestItemNs}")
        val wait = limit("synthetic:cpu-us=0:wait-ms=3", WaitForm.BLOCKING)
        assertTrue(wait.longestItemNs >= 3_000_000, "${wait.longestItemNs}")
    }

    @Test
    fun `a cell's CPU is measured per item, with waits at zero`() {
        val bound = limit("synthetic:cpu-us=20:wait-ms=50", WaitForm.BLOCKING, items = 10)
        assertTrue(bound.cpuOverCoresNs > 0, "calibration measured some CPU")
        assertTrue(bound.longestItemNs >= 50_000_000)
    }

    @Test
    fun `items that share one lock have a serial part, every item's wait in a row`() {
        // 10 items of contended:ms=2 hold the lock 2 ms each: 20 ms, whatever the cores.
        for (id in listOf("contended", "contended-lock")) {
            val bound = limit("$id:ms=2", WaitForm.BLOCKING, items = 10)
            assertEquals("serial part", bound.binding, id)
            assertTrue(bound.serialNs >= 20_000_000, "$id: ${bound.serialNs}")
        }
        // Each its own lock: nothing serial.
        assertEquals(0.0, limit("pinning:ms=2", WaitForm.BLOCKING, items = 10).serialNs)
    }

    private fun limit(workload: String, wait: WaitForm, items: Int = 100): LimitFormula.Bound =
        Cell(CellSpec.parse("direct", workload, items, wait.id), RunContext()).use { checkNotNull(it.physicalLimit(cores = 2, budgetNanos = 0)) }
}
