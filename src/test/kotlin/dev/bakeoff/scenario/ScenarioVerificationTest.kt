package dev.bakeoff.scenario

import dev.bakeoff.TEST_CONTEXT
import dev.bakeoff.model.Scenario
import dev.bakeoff.model.TaskLedger
import dev.bakeoff.model.VerificationException
import dev.bakeoff.model.WaitForm
import dev.bakeoff.model.Waits
import dev.bakeoff.model.WorkloadBatch
import dev.bakeoff.strategy.Strategies
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

/**
 * The error paths of every scenario's verification: a lost update, a missing or duplicated
 * response, a row left READY are each reported (as [VerificationException], which marks a cell
 * broken), never silently counted as success. Counts and messages only.
 */
class ScenarioVerificationTest {
    private val waits = Waits(0.0)

    private fun <T : Scenario> opened(scenario: T, block: (T) -> Unit) {
        scenario.open()
        try {
            scenario.reset()
            block(scenario)
        } finally {
            scenario.close()
        }
    }

    /** Runs every item of [scenario] once under [strategy], the way the engine does; returns the ledger, still unchecked. */
    private fun runAll(scenario: Scenario, items: Int, strategy: String = "direct"): TaskLedger {
        val ledger = TaskLedger(IntArray(items) { scenario.expected(it) })
        val s = Strategies.catalog.resolve(strategy).let { it.entry.create(it.params(TEST_CONTEXT)) }
        s.open()
        try {
            s.run(WorkloadBatch(scenario, WaitForm.BLOCKING, ledger))
        } finally {
            s.close()
        }
        return ledger
    }

    @Test
    fun `a non-thread-safe list loses files under a concurrent strategy and the verification says so`() {
        val files = 4_000
        val scenario = FileSenderScenario(files, 3, 10, 0, 42, waits) { RacyList(files) }
        val ledger = runAll(scenario, files, "executor-fixed:size=8")
        ledger.verify(1) // every file was sent exactly once: the loss is in the collection
        val e = assertFailsWith<VerificationException> { scenario.verify() }
        assertContains(e.message!!, "in neither list (lost updates?)")
    }

    @Test
    fun `file-sender counts match the seeded draw and a skipped file fails the verification`() {
        val files = 2_000
        val scenario = FileSenderScenario(files, 3, 10, 0, 42, waits)
        val failed = (0 until files).count { scenario.expected(it) == 0 }
        val retried = (0 until files).count { scenario.expected(it) > 1 }
        // 10% per attempt: about 10% of files need a retry and about 1 in 1,000 fails all three.
        assertTrue(retried in 150..250, "retried $retried")
        assertTrue(failed in 0..10, "failed $failed")
        runAll(scenario, files).verify(1)
        scenario.verify()
        scenario.reset()
        for (i in 1 until files) scenario.run(i)
        assertContains(assertFailsWith<VerificationException> { scenario.verify() }.message!!, "1 file(s) in neither list")
    }

    @Test
    fun `every strategy sees the same failures, whatever the order`() {
        val a = FileSenderScenario(500, 3, 30, 0, 7, waits)
        val b = FileSenderScenario(500, 3, 30, 0, 7, waits)
        assertEquals((0 until 500).map(a::expected), (499 downTo 0).map(b::expected).reversed())
        assertTrue((0 until 500).map(a::expected) != (0 until 500).map(FileSenderScenario(500, 3, 30, 0, 8, waits)::expected), "another seed, other failures")
    }

    @Test
    fun `api-fanout over HTTP reports a request without a response and one answered twice`() = opened(ApiFanoutScenario(30, 1, Api.Choice("http", 100), waits)) { s ->
        runAll(s, 30).verify(1)
        s.verify()
        s.reset()
        for (i in 1 until 30) s.run(i)
        assertContains(assertFailsWith<VerificationException> { s.verify() }.message!!, "29 responses for 30 requests; 1 request(s) without exactly one response, e.g. [0]")
        s.run(0)
        s.run(5)
        assertContains(assertFailsWith<VerificationException> { s.verify() }.message!!, "e.g. [5]")
    }

    @Test
    fun `order-status reports a row left READY and is whole again after a reset`() = opened(orderStatus(40)) { s ->
        for (i in 1 until 40) s.run(i)
        assertContains(assertFailsWith<VerificationException> { s.verify() }.message!!, "READY=1")
        s.reset()
        runAll(s, 40, "virtual-threads").verify(1)
        s.verify()
    }

    @Test
    fun `order-status updates a row once, a second run of an order returns no status`() = opened(orderStatus(10)) { s ->
        val first = s.run(3)
        assertEquals(s.expected(3), first)
        assertEquals(-1, s.run(3), "no READY row left for order 3")
    }

    private fun orderStatus(orders: Int) = OrderStatusScenario(orders, 1, 80, Api.Choice("simulated", 0), 4, 42, OrderStatusScenario.Database(null, null, null), waits)
}

/**
 * `ArrayList.add`'s read-modify-write (read the size, store, write size + 1) with the window
 * between read and write widened by a yield, so that on two cores the race that a plain list has
 * shows up in every run rather than once in a while.
 */
private class RacyList(capacity: Int) : AbstractMutableList<String>() {
    private val slots = arrayOfNulls<String>(capacity)
    private var count = 0

    override val size: Int get() = count

    override fun get(index: Int): String = slots[index]!!

    override fun add(index: Int, element: String) {
        val n = count
        Thread.yield()
        slots[n] = element
        count = n + 1
    }

    override fun set(index: Int, element: String): String = throw UnsupportedOperationException()

    override fun removeAt(index: Int): String = throw UnsupportedOperationException()

    override fun clear() {
        count = 0
    }
}
