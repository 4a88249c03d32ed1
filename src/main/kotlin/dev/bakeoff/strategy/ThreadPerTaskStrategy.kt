package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Strategy
import java.util.concurrent.atomic.AtomicReference

/**
 * A new platform thread per item (`Thread(...).start()`), then `join()` on each: the E5
 * "thread per task" approach. Threads end with their item, so nothing is left to close.
 * The first item failure is rethrown on the calling thread.
 */
internal class ThreadPerTaskStrategy : Strategy {
    override fun run(batch: Batch) {
        val failure = AtomicReference<Throwable>()
        val threads =
            (0 until batch.size).map { i ->
                Thread.ofPlatform().name("bakeoff-thread-", 0).start {
                    try {
                        batch.run(i)
                    } catch (t: Throwable) {
                        failure.compareAndSet(null, t)
                    }
                }
            }
        threads.forEach { it.join() }
        failure.get()?.let { throw IllegalStateException("an item failed", it) }
    }
}
