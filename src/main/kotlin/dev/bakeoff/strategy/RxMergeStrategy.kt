package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Group
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry
import io.reactivex.rxjava3.core.Scheduler
import io.reactivex.rxjava3.schedulers.Schedulers

/**
 * RxJava's structured fan-out: `Completable.merge` of one `Completable.fromAction(item).subscribeOn(pool)` per item,
 * `blockingAwait()`, on a 100-thread fixed pool of its own (as `executor-fixed-100`, so that only the policy
 * differs), wrapped with `Schedulers.from(pool, interruptibleWorker = true)`. The first item to fail makes `merge`
 * dispose every other subscription: items not yet started never run, running ones are interrupted. With a deadline,
 * `Completable.timeout` disposes the same way. The pool is created in [open] and shut down in [close].
 */
internal class RxMergeStrategy : Strategy {
    private val pool = OwnedScheduler(InvokeAllStrategy.POOL_SIZE, { Schedulers.from(it, true) }, Scheduler::shutdown)

    /** rx-io's merge and timeout, on this strategy's own scheduler instead of `Schedulers.io()`. */
    private val merge = RxCompletableStrategy { pool.scheduler }

    override fun open() {
        pool.open()
    }

    override fun run(batch: Batch) = merge.run(batch)

    override fun runWithin(batch: Batch, deadlineNanos: Long) = merge.runWithin(batch, deadlineNanos)

    override val deadlineForm: String get() = merge.deadlineForm

    override fun close() {
        pool.close()
    }

    companion object {
        val ENTRY = StrategyEntry(
            id = "rx-merge",
            summary = "Completable per item on a 100-thread pool (interruptible), merge; " +
                "the first failure disposes the rest",
            family = RXJAVA,
            group = Group.BEYOND,
            shared = listOf(RxSchedulers.HOUSEKEEPING, RxSchedulers.TIMEOUT),
            model = { it.pool(InvokeAllStrategy.POOL_SIZE, REACTIVE_NS, "a 100-thread pool") },
            fixedBatchOnly = "Completable.merge joins a fixed list of completables: " +
                "its point is that the merge ends with them",
        ) { RxMergeStrategy() }
    }
}
