package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Strategy
import io.reactivex.rxjava3.core.Completable
import io.reactivex.rxjava3.core.Flowable
import io.reactivex.rxjava3.core.Scheduler
import io.reactivex.rxjava3.schedulers.Schedulers

/**
 * E1 RxJava family: one `Completable.fromAction { action(it) }.subscribeOn(scheduler)` per item,
 * `Completable.merge(all).blockingAwait()`. The schedulers are RxJava's process-wide ones.
 */
internal class RxCompletableStrategy(private val scheduler: () -> Scheduler) : Strategy {
    override fun run(batch: Batch) {
        val s = scheduler()
        Completable.merge(
            (0 until batch.size).map { i ->
                Completable.fromAction { batch.run(i) }.subscribeOn(s)
            },
        ).blockingAwait()
    }
}

/**
 * E4's shape: `Flowable.range(...).parallel(rails).runOn(Schedulers.io()).map { action(it) }.sequential()`;
 * each rail runs its items one after another, so at most [rails] items run at once.
 */
internal class RxParallelStrategy(private val rails: Int) : Strategy {
    override fun run(batch: Batch) {
        Flowable
            .range(0, batch.size)
            .parallel(rails)
            .runOn(Schedulers.io())
            .map { i -> batch.run(i) }
            .sequential()
            .ignoreElements()
            .blockingAwait()
    }
}
