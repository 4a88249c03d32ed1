package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Group
import dev.bakeoff.model.ItemSink
import dev.bakeoff.model.ModelInput
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
import java.util.concurrent.Future

/** `java.util.concurrent`'s thread-pool executors. */
internal val EXECUTOR = StrategyFamily("executor", colour = "#1f77b4")

/** The sweep entries' pool size. */
private val SIZE = IntParam("size", "pool size (threads)", "200", allowCpu = true)

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
        checkNotNull(pool) { "open() first" }.submitEach(batch.size) { batch.run(it) }.forEach { it.get() }
    }

    override fun runWithin(batch: Batch, deadlineNanos: Long) {
        val end = System.nanoTime() + deadlineNanos
        awaitUntil(checkNotNull(pool) { "open() first" }.submitEach(batch.size) { batch.run(it) }, end)
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

    /**
     * A pool constructor of the family that its E1 and sweep entries size three ways ([Size]): `newFixedThreadPool`
     * or `newWorkStealingPool`.
     */
    private class Kind(val id: String, val call: String, val create: (Int) -> ExecutorService)

    /** How an entry sizes its pool: to the CPUs, to 100 threads (both E1), or by its `size` parameter (a sweep). */
    private enum class Size(
        val suffix: String,
        val argument: String,
        val group: Group,
        val params: List<IntParam>,
        val pool: String,
        val threads: (ModelInput) -> Int,
        val of: (Params) -> Int,
    ) {
        CPU("-cpu", "cpus", Group.E1, emptyList(), "a CPU-sized pool", { it.cores }, { it.context.cpus }),
        HUNDRED("-100", "100", Group.E1, emptyList(), "a 100-thread pool", { 100 }, { 100 }),
        PARAM("", "size", Group.SWEEP, listOf(SIZE), "a fixed pool", { it.params[SIZE] }, { it[SIZE] }),
    }

    companion object {
        private val FIXED_POOL = Kind("fixed", "newFixedThreadPool", Executors::newFixedThreadPool)
        private val STEALING_POOL = Kind("stealing", "newWorkStealingPool", Executors::newWorkStealingPool)

        /** The entry of a [kind] of pool sized as [size] says: one place for the six sized entries' shared facts. */
        private fun sized(kind: Kind, size: Size, defaultSuite: Boolean = false, recommended: Boolean = false) =
            StrategyEntry(
                id = "executor-${kind.id}${size.suffix}",
                summary = "${kind.call}(${size.argument}), submit + get",
                family = EXECUTOR,
                group = size.group,
                defaultSuite = defaultSuite,
                params = size.params,
                model = { it.pool(size.threads(it), HANDOFF_NS, size.pool) },
                recommended = recommended,
            ) { p -> ExecutorStrategy { kind.create(size.of(p)) } }

        val FIXED_CPU = sized(FIXED_POOL, Size.CPU, defaultSuite = true, recommended = true)
        val STEALING_CPU = sized(STEALING_POOL, Size.CPU)
        val FIXED_100 = sized(FIXED_POOL, Size.HUNDRED, recommended = true)
        val STEALING_100 = sized(STEALING_POOL, Size.HUNDRED)

        val CACHED = StrategyEntry(
            id = "executor-cached",
            summary = "newCachedThreadPool(), submit + get",
            family = EXECUTOR,
            group = Group.BEYOND,
            defaultSuite = true,
            model = { it.everyItem(HANDOFF_NS, "a cached pool that grows a thread per waiting item") },
            recommended = true,
        ) { ExecutorStrategy(Executors::newCachedThreadPool) }

        val FIXED = sized(FIXED_POOL, Size.PARAM)
        val STEALING = sized(STEALING_POOL, Size.PARAM)

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

/**
 * Submits item [item] of each index below [size] to this executor, in order: the futures, for the caller to join.
 * Inline, so that a strategy's measured path is its own `submit` loop.
 */
internal inline fun ExecutorService.submitEach(size: Int, crossinline item: (Int) -> Unit): List<Future<*>> =
    (0 until size).map { i -> submit { item(i) } }
