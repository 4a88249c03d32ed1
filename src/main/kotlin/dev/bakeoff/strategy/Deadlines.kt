package dev.bakeoff.strategy

import dev.bakeoff.model.DeadlinePassed
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.TimeoutCancellationException
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import java.util.concurrent.Future
import java.util.concurrent.TimeUnit
import java.util.concurrent.TimeoutException
import kotlin.time.Duration.Companion.nanoseconds

// The natural deadline forms that several strategies share (Strategy.runWithin); each is called from the batch's
// one calling thread.

/** [CoroutineScopeStrategy.deadlineForm] and its kin: what `withTimeout` does. */
internal const val WITH_TIMEOUT_FORM =
    "withTimeout: cancels the children at the deadline, then waits for them (a blocking wait is not interrupted)"

/** `runBlocking { withTimeout(deadline) { block() } }`; the timeout becomes [DeadlinePassed]. */
internal fun runBlockingWithin(deadlineNanos: Long, block: suspend CoroutineScope.() -> Unit) {
    try {
        runBlocking { withTimeout(deadlineNanos.nanoseconds) { block() } }
    } catch (e: TimeoutCancellationException) {
        throw DeadlinePassed(e)
    }
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
