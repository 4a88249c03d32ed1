package dev.bakeoff.engine

import dev.bakeoff.TEST_CONTEXT
import dev.bakeoff.TEST_ITEMS
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.engine.cell.Cell
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.probe.DeadlineStats
import dev.bakeoff.model.HarnessDeadline
import dev.bakeoff.model.WaitForm
import dev.bakeoff.model.Workload
import dev.bakeoff.result.DeadlineFigures
import dev.bakeoff.strategy.COROUTINES
import dev.bakeoff.strategy.FLOW
import dev.bakeoff.strategy.WITH_TIMEOUT_FORM
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.currentCoroutineContext
import kotlinx.coroutines.job
import org.junit.jupiter.api.Test
import java.util.concurrent.CountDownLatch
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/** A test workload whose items, in a traced batch, outlive the deadline whatever the machine's speed. */
interface Gated : Workload {
    /** Called before the traced batch. */
    fun close() {}

    /** Called once the strategy returned from it, and before the cell closes. */
    fun open() {}
}

/**
 * Items that wait on a gate the test opens ([open]) after the strategy returned: closed, they outlive any deadline,
 * so every batch misses it whatever the machine's speed. Open while a cell is built (its ledger's direct run).
 */
object GatedTask : Gated {
    @Volatile private var gate = CountDownLatch(0)

    @Volatile private var suspended = CompletableDeferred(Unit)

    override fun close() {
        gate = CountDownLatch(1)
        suspended = CompletableDeferred()
    }

    override fun open() {
        gate.countDown()
        suspended.complete(Unit)
    }

    override fun run(seed: Int): Int {
        gate.await()
        // Interrupted while it waited, it fails even when the gate opened before its thread woke: the latch then
        // returns normally and keeps only the flag, and the item would count as completed by chance (seen in CI).
        if (Thread.interrupted()) throw InterruptedException("interrupted at the deadline")
        return seed
    }

    override suspend fun runSuspending(seed: Int): Int {
        suspended.await()
        return seed
    }
}

/**
 * Items whose suspending form blocks its thread, as a blocking call inside a coroutine does, until the deadline has
 * cancelled the item's coroutine: cancellation cannot end the wait, so a `withTimeout` returns only after them.
 */
object BlockedUntilCancelledTask : Gated {
    override fun run(seed: Int): Int = seed

    override suspend fun runSuspending(seed: Int): Int {
        val job = currentCoroutineContext().job
        while (!job.isCancelled) Thread.sleep(1)
        return seed
    }
}

/**
 * A cell with a deadline: the strategy returns at the deadline its own way and says so, every item is accounted
 * for once as completed, cancelled or never started, and what each form leaves running is counted. No timing is
 * asserted: the items wait on a gate that opens only after the strategy returned.
 */
class DeadlineCellTest {
    /**
     * The figures of one traced batch of [strategy] under a 1 ms deadline with the gate closed, after [warm]
     * batches with it open; [leaked]: the threads [Cell.closeAndCheck] must find alive after close.
     */
    private fun gated(
        strategy: String,
        wait: WaitForm,
        warm: Int = WARM_BATCHES,
        leaked: List<String> = emptyList(),
        task: Gated = GatedTask,
    ): DeadlineFigures {
        task.open()
        val cell = Cell(
            CellSpec.parse(strategy, "task:class=${task::class.java.name}", TEST_ITEMS, wait.id),
            TEST_CONTEXT,
            deadlineNanos = 1_000_000,
        )
        cell.open()
        val trace = try {
            // Gate open: the pools start most of their threads now (a fixed pool one per item up to its size).
            repeat(warm) { cell.runBatch() }
            cell.verify()
            val before = cell.missed
            // Closed once the warm batches' leftovers ended: one that started after the gate closed would wait on it,
            // and the traced batch first waits for it (a minute, then a failure: seen in CI, 2 running of 49 started).
            cell.trace(starting = task::close, returned = task::open).also {
                assertEquals(1L, cell.missed - before, "$strategy said the deadline passed")
            }
        } finally {
            task.open()
            assertEquals(leaked, cell.closeAndCheck().leaked, "$strategy: threads left alive after close")
        }
        // After close: only then is a thread the batch started judged left behind or not.
        return assertNotNull(DeadlineStats.of(listOf(trace), 1_000_000, cell.deadlineForm, 1)).also {
            assertEquals(TEST_ITEMS, it.completed + it.cancelled + it.notStarted, "$strategy: every item once")
        }
    }

    private companion object {
        const val WARM_BATCHES = 5
    }

    @Test
    fun `strategies that interrupt or cancel at the deadline complete nothing`() {
        val structured = listOf("structured-task-scope").filter { Strategies.catalog[it].unavailable == null }
        for (strategy in listOf("executor-fixed-100", "invoke-all") + structured) {
            val f = gated(strategy, WaitForm.BLOCKING)
            assertEquals(0, f.completed, "$strategy interrupted its items")
            assertTrue(f.form.isNotEmpty() && !f.form.startsWith("harness"), "$strategy has a form of its own")
        }
        assertEquals(0, gated("coroutine-scope", WaitForm.SUSPENDING).completed, "withTimeout cancelled the children")
    }

    @Test
    fun `the timer of RxJava's and Reactor's timeout is a scheduler of the process, not a thread the batch left`() {
        // Stopped first, so the timer's threads start during the traced batch as in a fresh measured JVM.
        io.reactivex.rxjava3.schedulers.Schedulers.shutdown()
        io.reactivex.rxjava3.schedulers.Schedulers.start()
        reactor.core.scheduler.Schedulers.shutdownNow()
        for (strategy in listOf("rx-io", "rx-merge", "rx-single", "reactor-bounded-elastic", "reactor-merge")) {
            val f = gated(strategy, WaitForm.BLOCKING)
            assertEquals(TEST_ITEMS, f.completed + f.cancelled + f.notStarted, strategy)
        }
    }

    @Test
    fun `a strategy that does not interrupt leaves its items running past its return`() {
        val f = gated("completable-all", WaitForm.BLOCKING)
        // How many of its items had started by the deadline is the pool's race, and so is whether a pool thread
        // that took an item just before cancel(true) starts it just after the return. What holds either way: no
        // started item was stopped, so every one completed once the gate opened, those running at the return too.
        assertEquals(0, f.cancelled, "no started item was stopped")
        assertEquals(TEST_ITEMS - f.notStarted, f.completed, "every started item completed once the gate opened")
        assertTrue(f.runningAtReturn <= f.completed, "items running at the return completed: $f")
    }

    @Test
    fun `the harness interrupts a strategy without a form of its own`() {
        val f = gated("direct", WaitForm.BLOCKING)
        assertEquals(HarnessDeadline.FORM, f.form)
        // direct runs item 0 on the interrupted thread, which ends it and the batch: nothing else starts.
        assertEquals(1, f.cancelled)
        assertEquals(TEST_ITEMS - 1, f.notStarted)
    }

    @Test
    fun `a batch that finishes in time returns normally and is counted as met`() {
        val spec = CellSpec.parse("executor-fixed-100", "arithmetic", TEST_ITEMS, "blocking")
        val cell = Cell(spec, TEST_CONTEXT, 3_600_000_000_000)
        cell.open()
        try {
            repeat(2) { cell.runBatch() }
            cell.verify()
            val f = assertNotNull(DeadlineStats.of(listOf(cell.trace()), 3_600_000_000_000, cell.deadlineForm, 0))
            assertEquals(0L, cell.missed)
            assertEquals(TEST_ITEMS, f.completed)
            assertEquals(0L, f.lateMaxNs)
        } finally {
            cell.closeAndCheck()
        }
    }

    @Test
    fun `a pool whose threads the traced batch started and close ended left nothing behind`() {
        // No warm batch: invoke-all's fixed pool starts its threads in the traced batch and keeps them until close.
        assertEquals(0, gated("invoke-all", WaitForm.BLOCKING, warm = 0).threadsLeft)
    }

    @Test
    fun `a thread still alive after close is a leak of the batch that started it`() {
        val f = gated("fixture-leak-thread", WaitForm.BLOCKING, warm = 0, leaked = listOf("bakeoff-leaked"))
        assertEquals(1, f.threadsLeft)
    }

    @Test
    fun `every coroutine and flow strategy cancels its children through withTimeout at the deadline`() {
        val coroutines = Strategies.catalog.entries.filter { it.family == COROUTINES || it.family == FLOW }
        for (spec in coroutines.mapNotNull { it.test.spec(it.id) }) {
            val f = gated(spec, WaitForm.SUSPENDING)
            assertEquals(WITH_TIMEOUT_FORM, f.form, spec)
            assertEquals(0, f.completed, "$spec: withTimeout cancelled every started item")
            assertEquals(0, f.runningAtReturn, "$spec: the scope waited for its cancelled children")
        }
    }

    @Test
    fun `withTimeout waits for an item that blocks its thread, which then completes`() {
        val f = gated("coroutine-io", WaitForm.SUSPENDING, warm = 0, task = BlockedUntilCancelledTask)
        assertEquals(WITH_TIMEOUT_FORM, f.form)
        // Cancellation reached every started item, none of which could be cut short: each completed, the strategy
        // returned after them (so past the deadline, which the figures say), and none started after the deadline.
        assertEquals(0, f.cancelled)
        assertEquals(0, f.runningAtReturn)
        assertEquals(TEST_ITEMS, f.completed + f.notStarted)
    }
}
