package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Group
import dev.bakeoff.model.ItemSink
import dev.bakeoff.model.Library
import dev.bakeoff.model.SharedScheduler
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.StrategyFamily
import reactor.core.publisher.Flux
import reactor.core.publisher.Mono
import reactor.core.scheduler.Scheduler
import reactor.core.scheduler.Schedulers
import java.time.Duration

/** Project Reactor. */
internal val REACTOR = StrategyFamily(
    "reactor",
    colour = "#2a9d8f",
    library = Library("reactor-core", Flux::class.java, "io.projectreactor:reactor-core"),
)

/**
 * Project Reactor: one `Mono.fromRunnable { action(it) }.subscribeOn(scheduler)` per item,
 * `Mono.when(all).block()` (Reactor's counterpart of the Rx `Completable.merge` family).
 * The schedulers are Reactor's process-wide ones; a deadline is `Mono.timeout`. Its open-loop form subscribes to each
 * item's `Mono` as it arrives.
 */
internal class ReactorStrategy(private val scheduler: () -> Scheduler) : Strategy {
    override fun run(batch: Batch) {
        items(batch).block()
    }

    override fun runWithin(batch: Batch, deadlineNanos: Long) {
        timeoutAsDeadline { items(batch).timeout(Duration.ofNanos(deadlineNanos)).block() }
    }

    override val deadlineForm: String get() = "Mono.timeout: cancels the subscription at the deadline"

    private fun items(batch: Batch): Mono<Void> {
        val s = scheduler()
        return Mono.`when`((0 until batch.size).map { i -> Mono.fromRunnable<Unit> { batch.run(i) }.subscribeOn(s) })
    }

    override fun openLoop(batch: Batch): ItemSink {
        val s = scheduler()
        return ItemSink { i, done ->
            Mono.fromRunnable<Unit> { batch.run(i) }
                .subscribeOn(s)
                .subscribe({}, { done.done(it) }, { done.done(null) })
        }
    }

    companion object {
        /** Also where `Mono.timeout`/`Flux.timeout` run their timer: a strategy with a deadline borrows it. */
        val PARALLEL_SCHEDULER = SharedScheduler(
            "reactor-parallel",
            "Schedulers.parallel(): cpus threads",
            { it.name.startsWith("parallel-") },
            { cpus, _ -> cpus },
        )
        private val BOUNDED_ELASTIC_SCHEDULER = SharedScheduler(
            "reactor-bounded-elastic",
            "Schedulers.boundedElastic(): 10 x cpus threads (+ evictor)",
            { it.name.startsWith("boundedElastic-") },
            { cpus, _ -> 10 * cpus + 1 },
        )

        val PARALLEL = StrategyEntry(
            id = "reactor-parallel",
            summary = "Mono per item on Schedulers.parallel(), Mono.when",
            family = REACTOR,
            group = Group.BEYOND,
            defaultSuite = true,
            shared = listOf(PARALLEL_SCHEDULER),
            model = { it.pool(it.cores, REACTIVE_NS, "Schedulers.parallel(), a CPU-sized pool") },
        ) { ReactorStrategy(Schedulers::parallel) }

        val BOUNDED_ELASTIC = StrategyEntry(
            id = "reactor-bounded-elastic",
            summary = "Mono per item on Schedulers.boundedElastic(), Mono.when",
            family = REACTOR,
            group = Group.BEYOND,
            shared = listOf(BOUNDED_ELASTIC_SCHEDULER, PARALLEL_SCHEDULER),
            model = {
                it.pool(
                    minOf(10 * it.cores, it.items),
                    REACTIVE_NS,
                    "Schedulers.boundedElastic() (10 x cores threads)",
                )
            },
            recommended = true,
        ) { ReactorStrategy(Schedulers::boundedElastic) }
    }
}
