package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Group
import dev.bakeoff.model.ItemSink
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.Params
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.StrategyFamily
import dev.bakeoff.model.report
import dev.bakeoff.model.shutDown
import java.util.concurrent.Executor
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors

/** `java.util.concurrent`'s thread-pool executors. */
internal val EXECUTOR = StrategyFamily("executor", colour = "#1f77b4")

/**
 * Executor family: `submit` every item, then `get()` every future, on an executor this strategy
 * creates in [open] and shuts down in [close] (fixed, work-stealing, cached, one virtual thread
 * per task...). An item's exception surfaces from `get()`; with a deadline, `get(timeout)`, and `cancel(true)` on
 * the rest once it passed. Its open-loop form `execute`s each item as it
 * arrives on the same executor.
 */
internal class ExecutorStrategy(private val create: () -> ExecutorService) : Strategy {
    private var pool: ExecutorService? = null

    override fun open() {
        pool = create()
    }

    override val site: Executor? get() = pool

    override fun run(batch: Batch) {
        val p = checkNotNull(pool) { "open() first" }
        (0 until batch.size).map { i -> p.submit { batch.run(i) } }.forEach { it.get() }
    }

    override fun runWithin(batch: Batch, deadlineNanos: Long) {
        val end = System.nanoTime() + deadlineNanos
        val p = checkNotNull(pool) { "open() first" }
        awaitUntil((0 until batch.size).map { i -> p.submit { batch.run(i) } }, end)
    }

    override val deadlineForm: String get() = FUTURE_GET_FORM

    override fun openLoop(batch: Batch): ItemSink {
        val p = checkNotNull(pool) { "open() first" }
        return ItemSink { i, done -> p.execute { done.report { batch.run(i) } } }
    }

    override fun close() {
        pool?.let { shutDown(it) }
        pool = null
    }

    companion object {
        private val SIZE = IntParam("size", "pool size (threads)", "200", allowCpu = true)

        private fun fixed(size: (Params) -> Int) = { p: Params ->
            ExecutorStrategy { Executors.newFixedThreadPool(size(p)) }
        }

        private fun stealing(size: (Params) -> Int) = { p: Params ->
            ExecutorStrategy { Executors.newWorkStealingPool(size(p)) }
        }

        val FIXED_CPU = StrategyEntry(
            id = "executor-fixed-cpu",
            summary = "newFixedThreadPool(cpus), submit + get",
            family = EXECUTOR,
            group = Group.E1,
            defaultSuite = true,
            model = { it.pool(it.cores, HANDOFF_NS, "a CPU-sized pool") },
            recommended = true,
            factory = fixed { it.context.cpus },
        )

        val STEALING_CPU = StrategyEntry(
            id = "executor-stealing-cpu",
            summary = "newWorkStealingPool(cpus), submit + get",
            family = EXECUTOR,
            group = Group.E1,
            model = { it.pool(it.cores, HANDOFF_NS, "a CPU-sized pool") },
            factory = stealing { it.context.cpus },
        )

        val FIXED_100 = StrategyEntry(
            id = "executor-fixed-100",
            summary = "newFixedThreadPool(100), submit + get",
            family = EXECUTOR,
            group = Group.E1,
            model = { it.pool(100, HANDOFF_NS, "a 100-thread pool") },
            recommended = true,
            factory = fixed { 100 },
        )

        val STEALING_100 = StrategyEntry(
            id = "executor-stealing-100",
            summary = "newWorkStealingPool(100), submit + get",
            family = EXECUTOR,
            group = Group.E1,
            model = { it.pool(100, HANDOFF_NS, "a 100-thread pool") },
            factory = stealing { 100 },
        )

        val CACHED = StrategyEntry(
            id = "executor-cached",
            summary = "newCachedThreadPool(), submit + get",
            family = EXECUTOR,
            group = Group.BEYOND,
            defaultSuite = true,
            model = { it.everyItem(HANDOFF_NS, "a cached pool that grows a thread per waiting item") },
            recommended = true,
        ) { ExecutorStrategy(Executors::newCachedThreadPool) }

        val FIXED = StrategyEntry(
            id = "executor-fixed",
            summary = "newFixedThreadPool(size), submit + get",
            family = EXECUTOR,
            group = Group.SWEEP,
            params = listOf(SIZE),
            model = { it.pool(it.params[SIZE], HANDOFF_NS, "a fixed pool") },
            factory = fixed { it[SIZE] },
        )

        val STEALING = StrategyEntry(
            id = "executor-stealing",
            summary = "newWorkStealingPool(size), submit + get",
            family = EXECUTOR,
            group = Group.SWEEP,
            params = listOf(SIZE),
            model = { it.pool(it.params[SIZE], HANDOFF_NS, "a fixed pool") },
            factory = stealing { it[SIZE] },
        )

        val VIRTUAL_THREADS = StrategyEntry(
            id = "virtual-threads",
            summary = "one virtual thread per item (newVirtualThreadPerTaskExecutor)",
            family = VIRTUAL_THREAD,
            group = Group.BEYOND,
            defaultSuite = true,
            shared = ON_VIRTUAL_THREADS,
            model = { it.everyItem(HANDOFF_NS, "a virtual thread per item; waits unmount it") },
            recommended = true,
        ) { ExecutorStrategy(Executors::newVirtualThreadPerTaskExecutor) }
    }
}
