package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Group
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry
import reactor.core.publisher.Flux
import reactor.core.publisher.Mono
import reactor.core.scheduler.Scheduler
import reactor.core.scheduler.Schedulers
import java.time.Duration

/**
 * Reactor's structured fan-out: `Flux.merge` of one `Mono.fromRunnable(item).subscribeOn(pool)` per item, `then()`,
 * `block()`, on a 100-thread fixed pool of its own (as `executor-fixed-100`, so that only the policy differs),
 * wrapped with `Schedulers.fromExecutorService`. The first item to fail makes `merge` cancel every other
 * subscription: items not yet started never run, and a running item's task is cancelled through the scheduler's
 * `Future` (which interrupts its thread). With a deadline, `Flux.timeout` cancels the same way. The pool is created
 * in [open] and shut down in [close].
 */
internal class ReactorMergeStrategy : Strategy {
    private val pool = OwnedScheduler(
        InvokeAllStrategy.POOL_SIZE,
        { Schedulers.fromExecutorService(it, "reactor-merge") },
        Scheduler::dispose,
    )

    override fun open() {
        pool.open()
    }

    override fun run(batch: Batch) {
        items(batch).then().block()
    }

    override fun runWithin(batch: Batch, deadlineNanos: Long) {
        timeoutAsDeadline { items(batch).timeout(Duration.ofNanos(deadlineNanos)).then().block() }
    }

    override val deadlineForm: String get() = "Flux.timeout: cancels every subscription at the deadline"

    private fun items(batch: Batch): Flux<Unit> {
        val s = pool.scheduler
        return Flux.merge((0 until batch.size).map { i -> Mono.fromRunnable<Unit> { batch.run(i) }.subscribeOn(s) })
    }

    override fun close() {
        pool.close()
    }

    companion object {
        val ENTRY = StrategyEntry(
            id = "reactor-merge",
            summary = "Mono per item on a 100-thread pool, Flux.merge; the first failure cancels the rest",
            family = REACTOR,
            group = Group.BEYOND,
            shared = listOf(ReactorStrategy.PARALLEL_SCHEDULER),
            model = { it.pool(InvokeAllStrategy.POOL_SIZE, REACTIVE_NS, "a 100-thread pool") },
            fixedBatchOnly = "Flux.merge joins a fixed list of publishers: its point is that the merge ends with them",
        ) { ReactorMergeStrategy() }
    }
}
