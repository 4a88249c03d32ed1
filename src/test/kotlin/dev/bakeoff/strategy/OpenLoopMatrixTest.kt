package dev.bakeoff.strategy

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.cell
import dev.bakeoff.model.WaitForm
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.TestFactory
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicIntegerArray
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * Every strategy of the catalog (fixtures included), in both wait forms: either it offers an open-loop
 * form, and a small open loop through it runs every arrival exactly once with the right result, hears
 * each one's completion exactly once, without failure, and leaves no thread behind; or its entry says
 * why it only knows a fixed batch, and it offers none.
 */
class OpenLoopMatrixTest {
    @TestFactory
    fun `every strategy takes items as they arrive or says why not`(): List<DynamicTest> = Strategies.catalog.entries
        // A strategy this JDK cannot run (its entry says why) is left out, as in the batch matrix.
        .filter { it.unavailable == null }
        .flatMap { e -> WaitForm.entries.map { wait -> e to wait } }
        .map { (entry, wait) ->
            DynamicTest.dynamicTest("${entry.id} (${wait.id})") {
                check(entry.test.spec(entry.id) ?: entry.id, entry.fixedBatchOnly, wait)
            }
        }

    private fun check(strategy: String, fixedBatchOnly: String?, wait: WaitForm) {
        // Storage waits (shrunk 100x) keep items in flight while later ones arrive.
        val cell = cell(strategy, "storage", wait)
        cell.open()
        try {
            val open = cell.openLoop(ARRIVALS)
            if (fixedBatchOnly != null) {
                assertNull(open, "declares a reason yet offers an open-loop form")
                assertTrue(fixedBatchOnly.isNotBlank())
                return
            }
            assertNotNull(open, "offers no open-loop form and its entry gives no reason")
            val calls = AtomicIntegerArray(ARRIVALS)
            val failures = ConcurrentLinkedQueue<Throwable>()
            val finished = CountDownLatch(ARRIVALS)
            open.sink.use { sink ->
                repeat(ARRIVALS) { i ->
                    sink.submit(i) { failure ->
                        failure?.let(failures::add)
                        calls.incrementAndGet(i)
                        finished.countDown()
                    }
                }
                assertTrue(finished.await(1, TimeUnit.MINUTES), "${finished.count} arrivals never finished")
            }
            assertEquals(emptyList(), failures.toList())
            assertEquals(List(ARRIVALS) { 1 }, List(ARRIVALS) { calls[it] }, "completions heard per arrival")
            open.batch.verify(ARRIVALS)
        } finally {
            val report = cell.closeAndCheck()
            assertEquals(emptyList(), report.leaked, "threads left alive after close")
            assertEquals(emptyList(), report.overBound, "shared schedulers over their documented bound")
        }
    }

    private companion object {
        /** More than the test items (24): arrivals cycle through the seeds, so each seed runs more than once. */
        const val ARRIVALS = 60
    }
}
