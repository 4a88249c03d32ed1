package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Strategy
import reactor.core.publisher.Mono
import reactor.core.scheduler.Scheduler

/**
 * Project Reactor: one `Mono.fromRunnable { action(it) }.subscribeOn(scheduler)` per item,
 * `Mono.when(all).block()` (Reactor's counterpart of the Rx `Completable.merge` family).
 * The schedulers are Reactor's process-wide ones.
 */
internal class ReactorStrategy(private val scheduler: () -> Scheduler) : Strategy {
    override fun run(batch: Batch) {
        val s = scheduler()
        Mono.`when`((0 until batch.size).map { i -> Mono.fromRunnable<Unit> { batch.run(i) }.subscribeOn(s) }).block()
    }
}
