package dev.bakeoff.strategy

import dev.bakeoff.TEST_CONTEXT
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.model.Batch
import dev.bakeoff.model.ItemOutcome
import dev.bakeoff.model.PlannedFailure
import dev.bakeoff.model.isPlannedFailure
import kotlinx.coroutines.CompletableDeferred
import org.junit.jupiter.api.Test
import java.util.concurrent.CountDownLatch
import java.util.concurrent.atomic.AtomicReferenceArray
import kotlin.coroutines.cancellation.CancellationException
import kotlin.test.assertEquals
import kotlin.test.assertTrue
import kotlin.test.fail

/**
 * What each failure policy does when item 0 fails, forced with latches rather than timed: the other
 * items wait on a gate, and item 0 fails once all of them wait there. Strategies that return at the failure are run with the gate shut until they
 * returned (nothing can complete before), those that wait for every item with a gate the failing
 * item opens as it fails.
 */
class FailurePolicyTest {
    /** Item 0 throws a [PlannedFailure] (opening the gate first when [opensGate]); the others wait for the gate. */
    private class GatedBatch(override val size: Int, private val opensGate: Boolean) : Batch {
        private val gate = CountDownLatch(1)
        private val gateOpen = CompletableDeferred<Unit>()
        val outcome = AtomicReferenceArray<ItemOutcome>(size)

        /** Item 0 fails only once every other item waits at the gate: then all of them are running. */
        private val allWaiting = CountDownLatch(size - 1)

        fun open() {
            gate.countDown()
            gateOpen.complete(Unit)
        }

        fun count(o: ItemOutcome) = (0 until size).count { outcome[it] == o }

        override fun run(index: Int) {
            fail0(index)
            waiting(index) { gate.await() }
        }

        override suspend fun runSuspending(index: Int) {
            fail0(index)
            waiting(index) { gateOpen.await() }
        }

        /**
         * Cancelled means ended by the strategy while the gate was shut; closing a pool after the gate
         * opened may interrupt an item that had not woken up yet, which is no cancellation of its work.
         */
        private inline fun waiting(index: Int, wait: () -> Unit) {
            allWaiting.countDown()
            try {
                wait()
                outcome[index] = ItemOutcome.COMPLETED
            } catch (e: Throwable) {
                outcome[index] = if (gate.count == 0L) ItemOutcome.COMPLETED else ItemOutcome.CANCELLED
                if (e is InterruptedException || e is CancellationException) throw e
            }
        }

        private fun fail0(index: Int) {
            if (index != 0) return
            allWaiting.await()
            outcome[0] = ItemOutcome.FAILED
            if (opensGate) open()
            throw PlannedFailure(0)
        }
    }

    /** Runs [strategy] on a gated batch; returns the batch and [atReturn] of it, read as the strategy returned. */
    private fun <T> failOnce(strategy: String, opensGate: Boolean, atReturn: (GatedBatch) -> T): Pair<GatedBatch, T> {
        val s = Strategies.catalog.resolve(strategy).let { it.entry.create(it.params(TEST_CONTEXT)) }
        val batch = GatedBatch(ITEMS, opensGate)
        s.open()
        try {
            val e = runCatching { s.run(batch) }.exceptionOrNull() ?: fail("$strategy returned normally")
            assertTrue(isPlannedFailure(e), "$strategy reports the failure, not $e")
            return batch to atReturn(batch)
        } finally {
            batch.open()
            s.close()
        }
    }

    @Test
    fun `the submit loop returns at the failure and its other items run on to completion`() {
        val (batch, completedAtReturn) = failOnce("executor-fixed-100", opensGate = false) {
            it.count(ItemOutcome.COMPLETED)
        }
        assertEquals(0, completedAtReturn, "returned before any sibling could complete")
        assertEquals(ITEMS - 1, batch.count(ItemOutcome.COMPLETED), "all other items ran on after the return")
    }

    @Test
    fun `completable-all returns at the failure without interrupting what runs`() {
        val (batch, completedAtReturn) = failOnce("completable-all", opensGate = false) {
            it.count(ItemOutcome.COMPLETED)
        }
        assertEquals(0, completedAtReturn, "returned before any sibling could complete")
        assertEquals(ITEMS - 1, batch.count(ItemOutcome.COMPLETED), "cancel(true) interrupted none of them")
    }

    @Test
    fun `coroutine-scope and structured-task-scope cancel every sibling before they return`() {
        val strategies = listOf("coroutine-scope") + listOfNotNull(
            "structured-task-scope".takeIf { Strategies.catalog["structured-task-scope"].unavailable == null },
        )
        for (strategy in strategies) {
            val (_, cancelled) = failOnce(strategy, opensGate = false) { it.count(ItemOutcome.CANCELLED) }
            assertEquals(ITEMS - 1, cancelled, "$strategy: every sibling was cancelled before the return")
        }
    }

    @Test
    fun `invoke-all and supervisor-scope let every other item complete, then report the failure`() {
        for (strategy in listOf("invoke-all", "supervisor-scope")) {
            val (_, completed) = failOnce(strategy, opensGate = true) { it.count(ItemOutcome.COMPLETED) }
            assertEquals(ITEMS - 1, completed, strategy)
        }
    }

    @Test
    fun `structured-task-scope is offered exactly where this JDK has the JDK 25 API, else says why`() {
        val entry = Strategies.catalog["structured-task-scope"]
        val hasApi = runCatching {
            Class.forName("java.util.concurrent.StructuredTaskScope").getMethod("open")
        }.isSuccess
        assertEquals(hasApi, entry.unavailable == null, entry.unavailable ?: "available")
        entry.unavailable?.let { assertTrue("JEP 505" in it, it) }
    }

    private companion object {
        const val ITEMS = 16
    }
}
