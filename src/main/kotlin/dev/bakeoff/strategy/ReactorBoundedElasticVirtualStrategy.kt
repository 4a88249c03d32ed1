package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Group
import dev.bakeoff.model.ItemSink
import dev.bakeoff.model.SharedScheduler
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry
import reactor.core.scheduler.Scheduler
import reactor.core.scheduler.Schedulers

/**
 * Reactor's `boundedElastic` on virtual threads, as `-Dreactor.schedulers.defaultBoundedElasticOnVirtualThreads=true`
 * makes the default one: `Schedulers.Factory.newThreadPerTaskBoundedElastic` with a virtual-thread factory and the
 * default caps (10 x cores tasks at once, 100,000 queued), each task on a virtual thread of its own. Items as
 * [ReactorStrategy]'s: one `Mono.fromRunnable(item).subscribeOn(scheduler)` each, `Mono.when`. The scheduler is
 * this strategy's own, created in [open] and disposed in [close], so the switch needs no JVM of its own.
 */
internal class ReactorBoundedElasticVirtualStrategy : Strategy {
    private var scheduler: Scheduler? = null
    private val reactor = ReactorStrategy { checkNotNull(scheduler) { "open() first" } }

    override fun open() {
        val virtual = Thread.ofVirtual().name("boundedElastic-virtual-", 0).factory()
        scheduler = object : Schedulers.Factory {}
            .newThreadPerTaskBoundedElastic(
                Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE,
                Schedulers.DEFAULT_BOUNDED_ELASTIC_QUEUESIZE,
                virtual,
            )
            .also { it.init() }
    }

    override fun run(batch: Batch) = reactor.run(batch)

    override fun runWithin(batch: Batch, deadlineNanos: Long) = reactor.runWithin(batch, deadlineNanos)

    override val deadlineForm: String get() = reactor.deadlineForm

    override fun openLoop(batch: Batch): ItemSink = reactor.openLoop(batch)

    override fun close() {
        scheduler?.dispose()
        scheduler = null
    }

    companion object {
        val ENTRY = StrategyEntry(
            id = "reactor-bounded-elastic-virtual",
            summary = "Mono per item on Reactor's boundedElastic on virtual threads (a task per virtual thread, " +
                "10 x cores at once), Mono.when",
            family = REACTOR,
            group = Group.BEYOND,
            // The JDK's virtual-thread scheduler runs its tasks; Mono.timeout's timer borrows Schedulers.parallel().
            shared = listOf(SharedScheduler.VIRTUAL_THREAD_SCHEDULER, ReactorStrategy.PARALLEL_SCHEDULER),
            model = {
                it.pool(
                    minOf(10 * it.cores, it.items),
                    REACTIVE_NS,
                    "boundedElastic on virtual threads (10 x cores tasks at once)",
                )
            },
            // Schedulers.Factory.newThreadPerTaskBoundedElastic came with Reactor 3.6.
            minVersions = mapOf(checkNotNull(REACTOR.library).name to "3.6"),
        ) { ReactorBoundedElasticVirtualStrategy() }
    }
}
