package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Group
import dev.bakeoff.model.ItemSink
import dev.bakeoff.model.SharedScheduler
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.StrategyFamily
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ForkJoinPool
import java.util.stream.IntStream

/** The JDK's fork-join common pool. */
internal val FORK_JOIN = StrategyFamily("fork-join", colour = "#74a9cf")

/**
 * `CompletableFuture.supplyAsync(action, ForkJoinPool.commonPool())` per item, then `allOf(...).join()`.
 * The pool is named explicitly: without it, a JVM whose common pool has parallelism 1 (two
 * CPUs) silently runs each task on a new thread instead. Its open-loop form starts each item's
 * `runAsync` as it arrives.
 */
internal class CompletableFutureStrategy : Strategy {
    override fun run(batch: Batch) {
        val pool = ForkJoinPool.commonPool()
        val futures = (0 until batch.size).map { i -> CompletableFuture.supplyAsync({ batch.run(i) }, pool) }
        CompletableFuture.allOf(*futures.toTypedArray()).join()
    }

    override fun openLoop(batch: Batch) = ItemSink { i, done ->
        CompletableFuture.runAsync({ batch.run(i) }, ForkJoinPool.commonPool())
            // The future wraps the item's exception: report the item's own.
            .whenComplete { _, failure -> done.done(failure?.cause ?: failure) }
    }

    companion object {
        val ENTRY = StrategyEntry(
            id = "completable-future",
            summary = "supplyAsync on the common pool, allOf().join()",
            family = FORK_JOIN,
            group = Group.BEYOND,
            shared = listOf(SharedScheduler.COMMON_POOL),
            model = { it.pool(maxOf(1, it.cores - 1), HANDOFF_NS, "the common pool (cores - 1)") },
        ) { CompletableFutureStrategy() }
    }
}

/** `IntStream.range(...).parallel().forEach { action(it) }`: the common pool plus the calling thread. */
internal class ParallelStreamStrategy : Strategy {
    override fun run(batch: Batch) {
        IntStream.range(0, batch.size).parallel().forEach { batch.run(it) }
    }

    companion object {
        val ENTRY = StrategyEntry(
            id = "parallel-stream",
            summary = "IntStream.parallel().forEach on the common pool",
            family = FORK_JOIN,
            group = Group.BEYOND,
            defaultSuite = true,
            shared = listOf(SharedScheduler.COMMON_POOL),
            model = { it.pool(it.cores, HANDOFF_NS, "the common pool plus the caller, a CPU-sized pool") },
            fixedBatchOnly = "IntStream.range(...).parallel() splits a fixed range of items",
            recommended = true,
        ) { ParallelStreamStrategy() }
    }
}
