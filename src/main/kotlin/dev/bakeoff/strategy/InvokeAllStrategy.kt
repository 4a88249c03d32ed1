package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.DeadlinePassed
import dev.bakeoff.model.Group
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry
import java.util.concurrent.Callable
import java.util.concurrent.TimeUnit

/**
 * `ExecutorService.invokeAll(tasks)` on a 100-thread fixed pool (the pool of `executor-fixed-100`,
 * so that only the policy differs), then `get()` on each future: invokeAll returns only when every
 * task has completed, failed or not, and cancels nothing, so a failure surfaces after the whole batch. With a
 * deadline, `invokeAll(tasks, timeout)`, which cancels (interrupts) the tasks unfinished at the deadline.
 * The pool is created in [open] and shut down in [close].
 */
internal class InvokeAllStrategy : Strategy {
    private val pool = OwnedPool(POOL_SIZE)

    override fun open() {
        pool.open()
    }

    override fun run(batch: Batch) {
        pool.executor.invokeAll(tasks(batch)).forEach { it.get() }
    }

    override fun runWithin(batch: Batch, deadlineNanos: Long) {
        val futures = pool.executor.invokeAll(tasks(batch), deadlineNanos, TimeUnit.NANOSECONDS)
        // invokeAll cancelled what had not completed by the deadline: the deadline passed first.
        if (futures.any { it.isCancelled }) throw DeadlinePassed()
        futures.forEach { it.get() }
    }

    override val deadlineForm: String
        get() = "invokeAll(tasks, timeout): at the deadline cancel(true) on the unfinished"

    private fun tasks(batch: Batch) = (0 until batch.size).map { i -> Callable { batch.run(i) } }

    override fun close() {
        pool.close()
    }

    companion object {
        const val POOL_SIZE = 100

        val ENTRY = StrategyEntry(
            id = "invoke-all",
            summary = "newFixedThreadPool(100), invokeAll, get; waits for every item, cancels none",
            family = EXECUTOR,
            group = Group.BEYOND,
            model = { it.pool(POOL_SIZE, HANDOFF_NS, "a 100-thread pool") },
            fixedBatchOnly = "invokeAll takes a fixed collection of tasks and returns when all are done",
        ) { InvokeAllStrategy() }
    }
}
