package dev.bakeoff.engine

import dev.bakeoff.engine.plan.CellFloor
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.model.RunContext
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNull

/** The floor of a cell: its items' nominal waits over the items its strategy keeps in flight. */
class CellFloorTest {
    private val twoCores = RunContext(cpus = 2)

    private fun floor(strategy: String, workload: String, wait: String = "blocking") =
        CellFloor.nanos(CellSpec.parse(strategy, workload, 100, wait), twoCores)

    @Test
    fun `one item at a time waits for every item, a pool of two for half, a thread per item for the mean`() {
        // network: item i sleeps i ms, 0 + 1 + ... + 99 = 4,950 ms.
        assertEquals(4_950_000_000L, floor("direct", "network"))
        assertEquals(2_475_000_000L, floor("executor-fixed-cpu", "network"))
        assertEquals(49_500_000L, floor("virtual-threads", "network"))
        assertEquals(49_500_000L, floor("executor-fixed-100", "network"))
    }

    @Test
    fun `a suspending wait frees the coroutine's thread, so one runBlocking thread keeps every item in flight`() {
        assertEquals(4_950_000_000L, floor("coroutine-one", "network"))
        assertEquals(49_500_000L, floor("coroutine-one", "network", "suspending"))
    }

    @Test
    fun `work without waits has no floor`() {
        assertNull(floor("direct", "arithmetic"))
    }

    @Test
    fun `a failure workload has no floor, since a strategy may return at its failing item`() {
        assertNull(floor("direct", "fail-at:item=10"))
        assertNull(floor("executor-fixed-100", "fail-after"))
    }
}
