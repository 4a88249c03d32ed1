package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Group
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.shutDown
import io.reactivex.rxjava3.core.Completable
import io.reactivex.rxjava3.core.Scheduler
import io.reactivex.rxjava3.schedulers.Schedulers
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/**
 * RxJava's structured fan-out: `Completable.merge` of one `Completable.fromAction(item).subscribeOn(pool)` per item,
 * `blockingAwait()`, on a 100-thread fixed pool of its own (as `executor-fixed-100`, so that only the policy
 * differs), wrapped with `Schedulers.from(pool, interruptibleWorker = true)`. The first item to fail makes `merge`
 * dispose every other subscription: items not yet started never run, running ones are interrupted. With a deadline,
 * `Completable.timeout` disposes the same way. The pool is created in [open] and shut down in [close].
 */
internal class RxMergeStrategy : Strategy {
    private var pool: ExecutorService? = null
    private var scheduler: Scheduler? = null

    override fun open() {
        val p = Executors.newFixedThreadPool(InvokeAllStrategy.POOL_SIZE)
        pool = p
        scheduler = Schedulers.from(p, true)
    }

    override fun run(batch: Batch) {
        items(batch).blockingAwait()
    }

    override fun runWithin(batch: Batch, deadlineNanos: Long) {
        timeoutAsDeadline { items(batch).timeout(deadlineNanos, TimeUnit.NANOSECONDS).blockingAwait() }
    }

    override val deadlineForm: String get() = RX_TIMEOUT_FORM

    private fun items(batch: Batch): Completable {
        val s = checkNotNull(scheduler) { "open() first" }
        return Completable.merge((0 until batch.size).map { i -> Completable.fromAction { batch.run(i) }.subscribeOn(s) })
    }

    override fun close() {
        scheduler?.shutdown()
        scheduler = null
        pool?.let { shutDown(it) }
        pool = null
    }

    companion object {
        val ENTRY = StrategyEntry(
            id = "rx-merge",
            summary = "Completable per item on a 100-thread pool (interruptible), merge; the first failure disposes the rest",
            family = RXJAVA,
            group = Group.BEYOND,
            shared = listOf(RxSchedulers.HOUSEKEEPING),
            model = { it.pool(InvokeAllStrategy.POOL_SIZE, REACTIVE_NS, "a 100-thread pool") },
            fixedBatchOnly = "Completable.merge joins a fixed list of completables: its point is that the merge ends with them",
        ) { RxMergeStrategy() }
    }
}
