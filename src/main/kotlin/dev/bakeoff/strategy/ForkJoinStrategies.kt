package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Strategy
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ForkJoinPool
import java.util.stream.IntStream

/**
 * `CompletableFuture.supplyAsync(action, ForkJoinPool.commonPool())` per item, then `allOf(...).join()`.
 * The pool is named explicitly: without it, a JVM whose common pool has parallelism 1 (two
 * CPUs) silently runs each task on a new thread instead.
 */
internal class CompletableFutureStrategy : Strategy {
    override fun run(batch: Batch) {
        val pool = ForkJoinPool.commonPool()
        val futures = (0 until batch.size).map { i -> CompletableFuture.supplyAsync({ batch.run(i) }, pool) }
        CompletableFuture.allOf(*futures.toTypedArray()).join()
    }
}

/** `IntStream.range(...).parallel().forEach { action(it) }`: the common pool plus the calling thread. */
internal class ParallelStreamStrategy : Strategy {
    override fun run(batch: Batch) {
        IntStream.range(0, batch.size).parallel().forEach { batch.run(it) }
    }
}
