package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Group
import dev.bakeoff.model.ItemSink
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.StrategyFamily
import dev.bakeoff.model.report
import java.util.concurrent.Executor
import java.util.concurrent.atomic.AtomicReference

/** A platform thread of its own per item. */
internal val THREAD = StrategyFamily("thread", colour = "#e69f00")

/**
 * A new platform thread per item (`Thread(...).start()`), then `join()` on each: the E5
 * "thread per task" approach. Threads end with their item, so nothing is left to close.
 * The first item failure is rethrown on the calling thread. Its open-loop form starts the thread
 * as the item arrives.
 */
internal class ThreadPerTaskStrategy : Strategy {
    /** Nested work gets a platform thread of its own too, as an item does. */
    override val site: Executor = Executor { Thread.ofPlatform().name("bakeoff-thread-nested").start(it) }

    override fun run(batch: Batch) {
        val failure = AtomicReference<Throwable>()
        val threads =
            (0 until batch.size).map { i ->
                thread {
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

    override fun openLoop(batch: Batch) = ItemSink { i, done -> thread { done.report { batch.run(i) } } }

    private fun thread(item: Runnable): Thread = Thread.ofPlatform().name("bakeoff-thread-", 0).start(item)

    companion object {
        val ENTRY = StrategyEntry(
            id = "thread-per-task",
            summary = "a new platform thread per item, join all",
            family = THREAD,
            group = Group.BEYOND,
            defaultSuite = true,
            model = { it.everyItem(NEW_THREAD_NS, "a new platform thread per item") },
            recommended = true,
        ) { ThreadPerTaskStrategy() }
    }
}
