package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.DeadlinePassed
import dev.bakeoff.model.Group
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit
import java.util.concurrent.TimeoutException

/**
 * `CompletableFuture.runAsync` per item on a 100-thread fixed pool (as `executor-fixed-100`), joined
 * with `allOf`, and on the first failure `cancel(true)` on the rest, which is the usual fail-fast
 * idiom: the batch returns at the first failure; items still queued are then never run, but a
 * CompletableFuture cannot interrupt its running task (it does not know the thread), so those run
 * on after the return; a deadline (`get(timeout)`) cancels the same way. The pool is created in [open] and shut
 * down in [close].
 */
internal class CompletableAllStrategy : Strategy {
    private val pool = OwnedPool(InvokeAllStrategy.POOL_SIZE)

    override fun open() {
        pool.open()
    }

    override fun run(batch: Batch) {
        items(batch) { it.join() }
    }

    override fun runWithin(batch: Batch, deadlineNanos: Long) {
        val end = System.nanoTime() + deadlineNanos
        items(batch) {
            try {
                it.get(end - System.nanoTime(), TimeUnit.NANOSECONDS)
            } catch (e: TimeoutException) {
                throw DeadlinePassed(e)
            }
        }
    }

    override val deadlineForm: String get() = "allOf(...).get(timeout): at the deadline cancel(true) on the rest"

    /** Starts every item, then [await]s all of them or the first failure; whatever [await] throws cancels the rest. */
    private fun items(batch: Batch, await: (CompletableFuture<Any>) -> Unit) {
        val p = pool.executor
        val items = (0 until batch.size).map { i -> CompletableFuture.runAsync({ batch.run(i) }, p) }
        val firstFailure = CompletableFuture<Void>()
        items.forEach { f -> f.whenComplete { _, e -> if (e != null) firstFailure.completeExceptionally(e) } }
        try {
            await(CompletableFuture.anyOf(CompletableFuture.allOf(*items.toTypedArray()), firstFailure))
        } catch (e: Throwable) {
            items.forEach { it.cancel(true) }
            throw e
        }
    }

    override fun close() {
        pool.close()
    }

    companion object {
        val ENTRY = StrategyEntry(
            id = "completable-all",
            summary = "runAsync on newFixedThreadPool(100), allOf; the first failure cancels the rest",
            family = EXECUTOR,
            group = Group.BEYOND,
            model = { it.pool(InvokeAllStrategy.POOL_SIZE, HANDOFF_NS, "a 100-thread pool") },
            fixedBatchOnly = "allOf() joins a fixed array of futures",
        ) { CompletableAllStrategy() }
    }
}
