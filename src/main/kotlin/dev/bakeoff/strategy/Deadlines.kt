package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.DeadlinePassed
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.runBlockingCompat
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.TimeoutCancellationException
import kotlinx.coroutines.job
import kotlinx.coroutines.withTimeout
import java.util.concurrent.Future
import java.util.concurrent.TimeUnit
import java.util.concurrent.TimeoutException
import kotlin.time.Duration.Companion.nanoseconds

// The natural deadline forms that several strategies share (Strategy.runWithin); each is called from the batch's
// one calling thread.

/** [RunBlockingStrategy.deadlineForm]: what `withTimeout` does. */
internal const val WITH_TIMEOUT_FORM =
    "withTimeout: cancels the children at the deadline, then waits for them (a blocking wait is not interrupted)"

/**
 * A strategy whose batch is one `runBlocking` around [items] (every coroutine and flow strategy): [run] is
 * `runBlocking { items(batch) }` and [runWithin] `runBlocking { withTimeout(deadline) { items(batch) } }`, the
 * timeout thrown as [DeadlinePassed] (also when `withTimeout` itself returns normally, which it does when its
 * timeout cancelled every child before the block returned). At the deadline `withTimeout` cancels the children:
 * one suspended (`delay`) ends at once, one not yet started never starts. Cancellation does not interrupt a
 * blocking wait (`Thread.sleep`, `parkNanos`, a blocking `get`): the scope waits for that item to return, so the
 * strategy returns late, and the deadline figures say so (late past the deadline, nothing running at the return).
 * Items that block the `runBlocking` thread itself (no dispatcher) are stopped only between one and the next.
 * Called from the batch's one calling thread, as [Strategy.run].
 */
internal interface RunBlockingStrategy : Strategy {
    /**
     * Runs every item of [batch] as a child of this scope (`runBlocking`'s, or `withTimeout`'s inside it), which
     * ends when they all have; may return as soon as they are started.
     */
    suspend fun CoroutineScope.items(batch: Batch)

    override fun run(batch: Batch) {
        runBlockingCompat { items(batch) }
    }

    override fun runWithin(batch: Batch, deadlineNanos: Long) {
        var scope: Job? = null
        try {
            runBlockingCompat {
                withTimeout(deadlineNanos.nanoseconds) {
                    scope = coroutineContext.job
                    items(batch)
                }
            }
        } catch (e: TimeoutCancellationException) {
            throw DeadlinePassed(e)
        }
        // withTimeout returns the block's value, ignoring its own timeout, when the timeout cancelled the block
        // before it first suspended and every child had ended by its return: the items were cancelled all the same.
        val timedOut = checkNotNull(scope)
        if (timedOut.isCancelled) throw DeadlinePassed()
    }

    override val deadlineForm: String get() = WITH_TIMEOUT_FORM
}

/** [ExecutorStrategy.deadlineForm] and its kin. */
internal const val FUTURE_GET_FORM = "Future.get(timeout): on each in turn; at the deadline cancel(true) on the rest"

/**
 * `get` on each of [futures] in turn with what is left until [endNanos] (`System.nanoTime()`); at the deadline
 * cancels every one (interrupting those running) and throws [DeadlinePassed]. An item's failure surfaces as `get`'s.
 */
internal fun awaitUntil(futures: List<Future<*>>, endNanos: Long) {
    try {
        futures.forEach { it.get(endNanos - System.nanoTime(), TimeUnit.NANOSECONDS) }
    } catch (e: TimeoutException) {
        futures.forEach { it.cancel(true) }
        throw DeadlinePassed(e)
    }
}

/** The deadline form of the RxJava strategies. */
internal const val RX_TIMEOUT_FORM = "Completable.timeout: disposes the subscription at the deadline"

/**
 * Runs [block], turning a [TimeoutException] it throws, or wraps, into [DeadlinePassed]: the reactive libraries'
 * form.
 */
internal inline fun timeoutAsDeadline(block: () -> Unit) {
    try {
        block()
    } catch (e: RuntimeException) {
        val timeout = generateSequence<Throwable>(e) { it.cause }.firstOrNull { it is TimeoutException }
        throw if (timeout != null) DeadlinePassed(timeout) else e
    }
}
