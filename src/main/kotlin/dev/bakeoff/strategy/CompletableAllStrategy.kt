package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Group
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.shutDown
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors

/**
 * `CompletableFuture.runAsync` per item on a 100-thread fixed pool (as `executor-fixed-100`), joined
 * with `allOf`, and on the first failure `cancel(true)` on the rest, which is the usual fail-fast
 * idiom: the batch returns at the first failure; items still queued are then never run, but a
 * CompletableFuture cannot interrupt its running task (it does not know the thread), so those run
 * on after the return. The pool is created in [open] and shut down in [close].
 */
internal class CompletableAllStrategy : Strategy {
    private var pool: ExecutorService? = null

    override fun open() {
        pool = Executors.newFixedThreadPool(InvokeAllStrategy.POOL_SIZE)
    }

    override fun run(batch: Batch) {
        val p = checkNotNull(pool) { "open() first" }
        val items = (0 until batch.size).map { i -> CompletableFuture.runAsync({ batch.run(i) }, p) }
        val firstFailure = CompletableFuture<Void>()
        items.forEach { f -> f.whenComplete { _, e -> if (e != null) firstFailure.completeExceptionally(e) } }
        try {
            CompletableFuture.anyOf(CompletableFuture.allOf(*items.toTypedArray()), firstFailure).join()
        } catch (e: Throwable) {
            items.forEach { it.cancel(true) }
            throw e
        }
    }

    override fun close() {
        pool?.let { shutDown(it) }
        pool = null
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
