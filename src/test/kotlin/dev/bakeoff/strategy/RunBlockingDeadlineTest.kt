package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.DeadlinePassed
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.currentCoroutineContext
import kotlinx.coroutines.job
import kotlinx.coroutines.launch
import org.junit.jupiter.api.Test
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

/**
 * `withTimeout` returns its block's value, not the timeout, when the timeout cancels it before the block first
 * suspends and every child has already ended by then (kotlinx.coroutines ignores its own timeout on that path).
 * A batch whose items were cancelled at the deadline must still say the deadline passed.
 */
class RunBlockingDeadlineTest {
    /** Items that wait for ever; the block returns, without suspending, once the timeout has cancelled them all. */
    private class CancelledBeforeReturn : RunBlockingStrategy {
        val children = mutableListOf<Job>()

        override suspend fun CoroutineScope.items(batch: Batch) {
            repeat(batch.size) { children += launch(Dispatchers.Default) { CompletableDeferred<Unit>().await() } }
            val scope = currentCoroutineContext().job
            // Blocking, not suspending: the timeout (kotlinx's timer thread) cancels the scope meanwhile.
            val end = System.nanoTime() + LIMIT_NANOS
            while (!(scope.isCancelled && children.all { it.isCompleted }) && System.nanoTime() < end) Thread.sleep(1)
            check(scope.isCancelled) { "the timeout never cancelled the scope" }
        }
    }

    private object Four : Batch {
        override val size: Int get() = 4

        override fun run(index: Int) = Unit

        override suspend fun runSuspending(index: Int) = Unit
    }

    @Test
    fun `a timeout that cancelled every child before the block returned is a passed deadline`() {
        val strategy = CancelledBeforeReturn()
        assertFailsWith<DeadlinePassed> { strategy.runWithin(Four, 1_000_000) }
        assertTrue(strategy.children.all { it.isCancelled }, "every item was cancelled")
    }

    private companion object {
        const val LIMIT_NANOS = 10_000_000_000L
    }
}
