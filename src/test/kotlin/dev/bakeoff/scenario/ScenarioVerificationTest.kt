package dev.bakeoff.scenario

import dev.bakeoff.TEST_CONTEXT
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.model.OpenScenario
import dev.bakeoff.model.Scenario
import dev.bakeoff.model.TaskLedger
import dev.bakeoff.model.VerificationException
import dev.bakeoff.model.WaitForm
import dev.bakeoff.model.Waits
import dev.bakeoff.model.WorkloadBatch
import org.junit.jupiter.api.Test
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
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

    private fun opened(scenario: Scenario, block: (OpenScenario) -> Unit) = scenario.open().use { s ->
        s.reset()
        block(s)
    }

    /**
     * Runs every item of [opened] once under [strategy], the way the engine does, with the results
     * [scenario] expects; returns the ledger, still unchecked.
     */
    private fun runAll(scenario: Scenario, opened: OpenScenario, items: Int, strategy: String = "direct"): TaskLedger {
        val ledger = TaskLedger(IntArray(items) { scenario.expected(it) })
        val s = Strategies.catalog.resolve(strategy).let { it.entry.create(it.params(TEST_CONTEXT)) }
        s.open()
        try {
            s.run(WorkloadBatch(opened, WaitForm.BLOCKING, ledger))
        } finally {
            s.close()
        }
        return ledger
    }

    @Test
    fun `a non-thread-safe list loses files under a concurrent strategy and the verification says so`() {
        val files = 4_000
        val scenario = FileSenderScenario(files, 3, 10, 0, 42, waits) { RacyList(files) }
        opened(scenario) { s ->
            val ledger = runAll(scenario, s, files, "executor-fixed:size=8")
            ledger.verify(1) // every file was sent exactly once: the loss is in the collection
            val e = assertFailsWith<VerificationException> { s.verify() }
            // The race is forced, not hoped for: each list loses exactly one of its first two adds
            // (the sent list, and the failed list with its two seeded failures).
            assertContains(e.message!!, "2 file(s) in neither list (lost updates?)")
        }
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
        opened(scenario) { s ->
            runAll(scenario, s, files).verify(1)
            s.verify()
            s.reset()
            for (i in 1 until files) s.run(i)
            assertContains(assertFailsWith<VerificationException> { s.verify() }.message!!, "1 file(s) in neither list")
        }
    }

    @Test
    fun `every strategy sees the same failures, whatever the order`() {
        val a = FileSenderScenario(500, 3, 30, 0, 7, waits)
        val b = FileSenderScenario(500, 3, 30, 0, 7, waits)
        assertEquals((0 until 500).map(a::expected), (499 downTo 0).map(b::expected).reversed())
        assertTrue((0 until 500).map(a::expected) != (0 until 500).map(FileSenderScenario(500, 3, 30, 0, 8, waits)::expected), "another seed, other failures")
    }

    @Test
    fun `api-fanout over HTTP reports a request without a response and one answered twice`() {
        val scenario = ApiFanoutScenario(30, 1, Api.Choice(Api.Kind.HTTP, 100), waits)
        opened(scenario) { s ->
            runAll(scenario, s, 30).verify(1)
            s.verify()
            s.reset()
            for (i in 1 until 30) s.run(i)
            assertContains(assertFailsWith<VerificationException> { s.verify() }.message!!, "29 responses for 30 requests; 1 request(s) without exactly one response, e.g. [0]")
            s.run(0)
            s.run(5)
            assertContains(assertFailsWith<VerificationException> { s.verify() }.message!!, "e.g. [5]")
        }
    }

    @Test
    fun `order-status reports a row left READY and is whole again after a reset`() {
        val scenario = orderStatus(40)
        opened(scenario) { s ->
            for (i in 1 until 40) s.run(i)
            assertContains(assertFailsWith<VerificationException> { s.verify() }.message!!, "READY=1")
            s.reset()
            runAll(scenario, s, 40, "virtual-threads").verify(1)
            s.verify()
        }
    }

    @Test
    fun `order-status updates a row once, a second run of an order returns no status`() {
        val scenario = orderStatus(10)
        opened(scenario) { s ->
            val first = s.run(3)
            assertEquals(scenario.expected(3), first)
            assertEquals(-1, s.run(3), "no READY row left for order 3")
        }
    }

    private fun orderStatus(orders: Int) = OrderStatusScenario(orders, 1, 80, Api.Choice(Api.Kind.SIMULATED, 0), 4, 42, OrderStatusScenario.Database(null, null, null), waits)
}

/**
 * `ArrayList.add`'s read-modify-write (read the size, store, write size + 1) with the race forced
 * rather than hoped for: the first two adds both read the size, a latch holds each until the other
 * has read it too, then both store into the same slot and write the same size, so exactly one of
 * them is lost, in every run. Every later add waits for that and then adds under a lock.
 */
private class RacyList(capacity: Int) : AbstractMutableList<String>() {
    private val slots = arrayOfNulls<String>(capacity)
    private var count = 0
    private val tickets = AtomicInteger()
    private val bothRead = CountDownLatch(2)
    private val bothWritten = CountDownLatch(2)

    override val size: Int get() = count

    override fun get(index: Int): String = slots[index]!!

    override fun add(index: Int, element: String) {
        if (tickets.getAndIncrement() < 2) {
            val n = count
            bothRead.countDown()
            check(bothRead.await(30, TimeUnit.SECONDS)) { "the second racing add never came" }
            slots[n] = element
            count = n + 1
            bothWritten.countDown()
        } else {
            check(bothWritten.await(30, TimeUnit.SECONDS)) { "the racing adds never finished" }
            synchronized(this) { slots[count++] = element }
        }
    }

    override fun set(index: Int, element: String): String = throw UnsupportedOperationException()

    override fun removeAt(index: Int): String = throw UnsupportedOperationException()

    override fun clear() {
        count = 0
    }
}
