package dev.bakeoff.strategy

import dev.bakeoff.model.Params
import dev.bakeoff.model.WaitForm

/**
 * What `bakeoff recommend` assumes about a strategy: how many items it keeps in progress at once
 * ([inFlight], whose waits overlap), how many of those can compute at once ([computing]), and its
 * dispatch cost per item ([overheadNs], an assumed order of magnitude, documented in the README;
 * `recommend` confirms its picks by measuring them). [mechanism] says why, in a few words.
 */
data class ConcurrencyModel(val inFlight: Int, val computing: Int, val overheadNs: Double, val mechanism: String)

/**
 * The concurrency model of each strategy, by catalog id: a blocking wait holds a thread, so a
 * thread pool keeps as many items in flight as it has threads; a suspending wait releases it, so
 * a coroutine strategy keeps every item in flight while computing on its dispatcher's threads. A
 * thread pool running a suspending item bridges with `runBlocking`, so its thread is still held.
 * Strategies without an entry here are not ranked by `recommend`. Pure; thread-safe.
 */
object StrategyModels {
    /** The candidates `recommend` ranks by default: one representative of each mechanism. */
    val CANDIDATES = listOf(
        "direct", "executor-fixed-cpu", "parallel-stream", "coroutine-default", "coroutine-one", "coroutine-io", "executor-fixed-100",
        "reactor-bounded-elastic", "virtual-threads", "coroutine-virtual", "executor-cached", "thread-per-task", "flow-io",
    )

    /**
     * Dispatch cost per item assumed by the model, by mechanism: orders of magnitude, not
     * measurements, ordered as experiment E1 found them (direct far ahead on tiny items, pools
     * next, coroutines dispatched with `withContext` behind them, flow last).
     */
    private const val CALL = 0.0
    private const val COROUTINE = 500.0
    private const val HANDOFF = 2_000.0
    private const val REACTIVE = 3_000.0
    private const val WITH_CONTEXT = 4_000.0
    private const val FLOW = 6_000.0
    private const val NEW_THREAD = 50_000.0

    private fun held(threads: Int) = if (threads == 1) "its only thread" else "one of its $threads threads"

    /** The model of strategy [id] with [params] for [items] items waiting in [wait] form on [cores] cores; null if none. */
    fun of(id: String, params: Params, wait: WaitForm, cores: Int, items: Int): ConcurrencyModel? {
        val all = items
        val suspends = wait == WaitForm.SUSPENDING

        // Coroutines: every item in flight when waits suspend; otherwise the dispatcher's threads are held.
        fun co(threads: Int, computing: Int, overhead: Double, name: String) = if (suspends) {
            ConcurrencyModel(all, computing, overhead, "$name; suspended waits hold no thread")
        } else {
            ConcurrencyModel(threads, computing, overhead, "$name; a blocking wait holds ${held(threads)}")
        }
        fun pool(threads: Int, overhead: Double, name: String) = ConcurrencyModel(threads, minOf(threads, cores), overhead, "$name; a waiting item holds ${held(threads)}")
        val default = maxOf(2, cores)
        val io = maxOf(64, cores)
        return when (id) {
            "direct" -> ConcurrencyModel(1, 1, CALL, "one item after another on the calling thread")
            "coroutine-one" -> co(1, 1, COROUTINE, "one runBlocking thread")
            "flow-one" -> co(1, 1, FLOW, "flow on one runBlocking thread")
            "coroutine-default" -> co(default, default, WITH_CONTEXT, "Dispatchers.Default, a CPU-sized pool")
            "flow-default" -> co(default, default, FLOW, "flow on Dispatchers.Default, a CPU-sized pool")
            "coroutine-default-limited" -> co(cores, cores, WITH_CONTEXT, "Default.limitedParallelism(cores), a CPU-sized pool")
            "flow-default-limited" -> co(cores, cores, FLOW, "flow on Default.limitedParallelism(cores), a CPU-sized pool")
            "coroutine-io" -> co(io, cores, WITH_CONTEXT, "Dispatchers.IO")
            "flow-io" -> co(io, cores, FLOW, "flow on Dispatchers.IO")
            "coroutine-virtual" -> ConcurrencyModel(all, cores, WITH_CONTEXT, "a virtual thread per item; waits unmount it")
            "virtual-threads" -> ConcurrencyModel(all, cores, HANDOFF, "a virtual thread per item; waits unmount it")
            "thread-per-task" -> ConcurrencyModel(all, cores, NEW_THREAD, "a new platform thread per item")
            "executor-cached", "rx-io" -> ConcurrencyModel(all, cores, HANDOFF, "a cached pool that grows a thread per waiting item")
            "executor-fixed-cpu", "executor-stealing-cpu" -> pool(cores, HANDOFF, "a CPU-sized pool")
            "executor-fixed-100", "executor-stealing-100" -> pool(100, HANDOFF, "a 100-thread pool")
            "executor-fixed", "executor-stealing" -> pool(params.int("size"), HANDOFF, "a fixed pool")
            "parallel-stream" -> pool(cores, HANDOFF, "the common pool plus the caller, a CPU-sized pool")
            "completable-future" -> pool(maxOf(1, cores - 1), HANDOFF, "the common pool (cores - 1)")
            "rx-single" -> pool(1, REACTIVE, "Schedulers.single()")
            "rx-computation" -> pool(cores, REACTIVE, "Schedulers.computation(), a CPU-sized pool")
            "reactor-parallel" -> pool(cores, REACTIVE, "Schedulers.parallel(), a CPU-sized pool")
            "rx-parallel-io" -> pool(params.int("rails"), REACTIVE, "parallel rails on Schedulers.io()")
            "reactor-bounded-elastic" -> pool(minOf(10 * cores, all), REACTIVE, "Schedulers.boundedElastic() (10 x cores threads)")
            else -> null
        }
    }
}
