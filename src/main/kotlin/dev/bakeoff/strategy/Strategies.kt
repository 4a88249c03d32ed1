package dev.bakeoff.strategy

import dev.bakeoff.model.Catalog
import dev.bakeoff.model.ConcurrencyModel
import dev.bakeoff.model.Family
import dev.bakeoff.model.Group
import dev.bakeoff.model.ParamSpec.ChoiceParam
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.Params
import dev.bakeoff.model.SharedScheduler
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.TestScale
import io.reactivex.rxjava3.schedulers.Schedulers
import java.util.concurrent.Executors
import reactor.core.scheduler.Schedulers as ReactorSchedulers

/**
 * The strategy catalog: one registration block per strategy, with every fact about it (see
 * [StrategyEntry]); a family's class takes its variant as an argument. Immutable; thread-safe.
 */
internal object Strategies {
    private val COROUTINE_POOL = listOf(SharedScheduler.COROUTINE_SCHEDULER)

    // A virtual thread's suspending item bridges with runBlocking { delay }, whose timer is kotlinx's DefaultExecutor.
    private val VIRTUAL = listOf(SharedScheduler.VIRTUAL_THREAD_SCHEDULER, SharedScheduler.COROUTINE_SCHEDULER)
    private val COROUTINE_ANY = listOf(SharedScheduler.COROUTINE_SCHEDULER, SharedScheduler.VIRTUAL_THREAD_SCHEDULER)
    private val RX_IO = listOf(SharedScheduler.RX_IO, SharedScheduler.RX_HOUSEKEEPING)
    private val COMMON_POOL = listOf(SharedScheduler.COMMON_POOL)
    private val SIZE = IntParam("size", "pool size (threads)", "200", allowCpu = true)
    private val CONCURRENCY = IntParam("concurrency", "items in flight at once", "16")
    private val FLATMAP_DISPATCHER =
        ChoiceParam("dispatcher", "where item bodies run", "io", DispatcherChoice.entries.map { it.id })
    private val CHUNK_DISPATCHER =
        ChoiceParam("dispatcher", "where each chunk runs", "one", DispatcherChoice.entries.map { it.id })

    private fun coroutineAsync(choice: DispatcherChoice) = { p: Params ->
        CoroutineAsyncStrategy(choice, p.context.cpus)
    }

    private fun flowMerge(choice: DispatcherChoice) = { p: Params -> FlowMergeStrategy(choice, p.context.cpus) }

    private fun fixed(size: (Params) -> Int) = { p: Params ->
        ExecutorStrategy { Executors.newFixedThreadPool(size(p)) }
    }

    private fun stealing(size: (Params) -> Int) = { p: Params ->
        ExecutorStrategy { Executors.newWorkStealingPool(size(p)) }
    }

    val catalog =
        Catalog(
            "strategy",
            listOf(
                StrategyEntry(
                    id = "direct",
                    summary = "forEach on the calling thread",
                    family = Family.DIRECT,
                    group = Group.E1,
                    model = { ConcurrencyModel(1, 1, CALL_NS, "one item after another on the calling thread") },
                    recommended = true,
                ) { DirectStrategy() },
                StrategyEntry(
                    id = "rx-single",
                    summary = "Completable per item on Schedulers.single(), merge",
                    family = Family.RXJAVA,
                    group = Group.E1,
                    shared = listOf(SharedScheduler.RX_SINGLE, SharedScheduler.RX_HOUSEKEEPING),
                    model = { it.pool(1, REACTIVE_NS, "Schedulers.single()") },
                ) { RxCompletableStrategy(Schedulers::single) },
                StrategyEntry(
                    id = "rx-computation",
                    summary = "Completable per item on Schedulers.computation(), merge",
                    family = Family.RXJAVA,
                    group = Group.E1,
                    shared = listOf(SharedScheduler.RX_COMPUTATION, SharedScheduler.RX_HOUSEKEEPING),
                    model = { it.pool(it.cores, REACTIVE_NS, "Schedulers.computation(), a CPU-sized pool") },
                ) { RxCompletableStrategy(Schedulers::computation) },
                StrategyEntry(
                    id = "rx-io",
                    summary = "Completable per item on Schedulers.io(), merge",
                    family = Family.RXJAVA,
                    group = Group.E1,
                    shared = RX_IO,
                    model = { it.everyItem(HANDOFF_NS, "a cached pool that grows a thread per waiting item") },
                ) { RxCompletableStrategy(Schedulers::io) },
                StrategyEntry(
                    id = "coroutine-one",
                    summary = "runBlocking + async per item, one thread",
                    family = Family.COROUTINES,
                    group = Group.E1,
                    model = { it.coroutines(1, 1, COROUTINE_NS, "one runBlocking thread") },
                    recommended = true,
                    factory = coroutineAsync(DispatcherChoice.ONE),
                ),
                StrategyEntry(
                    id = "coroutine-default",
                    summary = "async per item, withContext(Dispatchers.Default)",
                    family = Family.COROUTINES,
                    group = Group.E1,
                    shared = COROUTINE_POOL,
                    model = {
                        it.coroutines(
                            it.defaultThreads,
                            it.defaultThreads,
                            WITH_CONTEXT_NS,
                            "Dispatchers.Default, a CPU-sized pool",
                        )
                    },
                    recommended = true,
                    factory = coroutineAsync(DispatcherChoice.DEFAULT),
                ),
                StrategyEntry(
                    id = "coroutine-default-limited",
                    summary = "async per item, withContext(Default.limitedParallelism(cpus))",
                    family = Family.COROUTINES,
                    group = Group.E1,
                    shared = COROUTINE_POOL,
                    model = {
                        it.coroutines(
                            it.cores,
                            it.cores,
                            WITH_CONTEXT_NS,
                            "Default.limitedParallelism(cores), a CPU-sized pool",
                        )
                    },
                    factory = coroutineAsync(DispatcherChoice.DEFAULT_LIMITED),
                ),
                StrategyEntry(
                    id = "coroutine-io",
                    summary = "async per item, withContext(Dispatchers.IO)",
                    family = Family.COROUTINES,
                    group = Group.E1,
                    shared = COROUTINE_POOL,
                    model = { it.coroutines(it.ioThreads, it.cores, WITH_CONTEXT_NS, "Dispatchers.IO") },
                    recommended = true,
                    factory = coroutineAsync(DispatcherChoice.IO),
                ),
                StrategyEntry(
                    id = "flow-one",
                    summary = "flow per item, merge(), collect in runBlocking",
                    family = Family.FLOW,
                    group = Group.E1,
                    model = { it.coroutines(1, 1, FLOW_NS, "flow on one runBlocking thread") },
                    factory = flowMerge(DispatcherChoice.ONE),
                ),
                StrategyEntry(
                    id = "flow-default",
                    summary = "flow per item .flowOn(Dispatchers.Default), merge()",
                    family = Family.FLOW,
                    group = Group.E1,
                    shared = COROUTINE_POOL,
                    model = {
                        it.coroutines(
                            it.defaultThreads,
                            it.defaultThreads,
                            FLOW_NS,
                            "flow on Dispatchers.Default, a CPU-sized pool",
                        )
                    },
                    factory = flowMerge(DispatcherChoice.DEFAULT),
                ),
                StrategyEntry(
                    id = "flow-default-limited",
                    summary = "flow per item .flowOn(Default.limitedParallelism(cpus)), merge()",
                    family = Family.FLOW,
                    group = Group.E1,
                    shared = COROUTINE_POOL,
                    model = {
                        it.coroutines(
                            it.cores,
                            it.cores,
                            FLOW_NS,
                            "flow on Default.limitedParallelism(cores), a CPU-sized pool",
                        )
                    },
                    factory = flowMerge(DispatcherChoice.DEFAULT_LIMITED),
                ),
                StrategyEntry(
                    id = "flow-io",
                    summary = "flow per item .flowOn(Dispatchers.IO), merge()",
                    family = Family.FLOW,
                    group = Group.E1,
                    shared = COROUTINE_POOL,
                    model = { it.coroutines(it.ioThreads, it.cores, FLOW_NS, "flow on Dispatchers.IO") },
                    recommended = true,
                    factory = flowMerge(DispatcherChoice.IO),
                ),
                StrategyEntry(
                    id = "executor-fixed-cpu",
                    summary = "newFixedThreadPool(cpus), submit + get",
                    family = Family.EXECUTOR,
                    group = Group.E1,
                    model = { it.pool(it.cores, HANDOFF_NS, "a CPU-sized pool") },
                    recommended = true,
                    factory = fixed { it.context.cpus },
                ),
                StrategyEntry(
                    id = "executor-stealing-cpu",
                    summary = "newWorkStealingPool(cpus), submit + get",
                    family = Family.EXECUTOR,
                    group = Group.E1,
                    model = { it.pool(it.cores, HANDOFF_NS, "a CPU-sized pool") },
                    factory = stealing { it.context.cpus },
                ),
                StrategyEntry(
                    id = "executor-fixed-100",
                    summary = "newFixedThreadPool(100), submit + get",
                    family = Family.EXECUTOR,
                    group = Group.E1,
                    model = { it.pool(100, HANDOFF_NS, "a 100-thread pool") },
                    recommended = true,
                    factory = fixed { 100 },
                ),
                StrategyEntry(
                    id = "executor-stealing-100",
                    summary = "newWorkStealingPool(100), submit + get",
                    family = Family.EXECUTOR,
                    group = Group.E1,
                    model = { it.pool(100, HANDOFF_NS, "a 100-thread pool") },
                    factory = stealing { 100 },
                ),
                StrategyEntry(
                    id = "thread-per-task",
                    summary = "a new platform thread per item, join all",
                    family = Family.THREAD,
                    group = Group.BEYOND,
                    model = { it.everyItem(NEW_THREAD_NS, "a new platform thread per item") },
                    recommended = true,
                ) { ThreadPerTaskStrategy() },
                StrategyEntry(
                    id = "virtual-threads",
                    summary = "one virtual thread per item (newVirtualThreadPerTaskExecutor)",
                    family = Family.VIRTUAL_THREAD,
                    group = Group.BEYOND,
                    shared = VIRTUAL,
                    model = { it.everyItem(HANDOFF_NS, "a virtual thread per item; waits unmount it") },
                    recommended = true,
                ) { ExecutorStrategy(Executors::newVirtualThreadPerTaskExecutor) },
                // After virtual-threads: recommend breaks ties in catalog order, and the two model the same.
                StrategyEntry(
                    id = "executor-cached",
                    summary = "newCachedThreadPool(), submit + get",
                    family = Family.EXECUTOR,
                    group = Group.BEYOND,
                    model = { it.everyItem(HANDOFF_NS, "a cached pool that grows a thread per waiting item") },
                    recommended = true,
                ) { ExecutorStrategy(Executors::newCachedThreadPool) },
                StrategyEntry(
                    id = "virtual-threads-bounded",
                    summary = "a virtual thread per item behind a Semaphore(permits), submit + get",
                    family = Family.VIRTUAL_THREAD,
                    group = Group.BEYOND,
                    shared = VIRTUAL,
                    params = listOf(IntParam("permits", "items running at once (semaphore permits)", "100")),
                    // Not in the default suite: its published membership (E1 and the ten beyond it) stays as measured.
                    defaultSuite = false,
                    model = { BoundedVirtualThreadStrategy.model(it, it.params.int("permits")) },
                    // Fewer permits than test items, so that the matrix exercises the semaphore.
                    test = TestScale.params("permits" to "4"),
                ) { BoundedVirtualThreadStrategy(it.int("permits")) },
                StrategyEntry(
                    id = "coroutine-virtual",
                    summary = "async per item on a virtual-thread-per-task dispatcher",
                    family = Family.COROUTINES,
                    group = Group.BEYOND,
                    shared = VIRTUAL,
                    model = { it.everyItem(WITH_CONTEXT_NS, "a virtual thread per item; waits unmount it") },
                    recommended = true,
                    factory = coroutineAsync(DispatcherChoice.VIRTUAL),
                ),
                StrategyEntry(
                    id = "flow-flatmap-merge",
                    summary = "asFlow().flatMapMerge(concurrency) { flow.flowOn(d) }",
                    family = Family.FLOW,
                    group = Group.BEYOND,
                    shared = COROUTINE_ANY,
                    params = listOf(CONCURRENCY, FLATMAP_DISPATCHER),
                    model = {
                        val on = DispatcherChoice.parse(it.params.string("dispatcher"))
                        val limit = it.params.int("concurrency")
                        it.limited(on, limit, FLOW_NS, "flatMapMerge, at most $limit in flight, on ${on.id}")
                    },
                ) {
                    FlowFlatMapMergeStrategy(
                        it.int("concurrency"),
                        DispatcherChoice.parse(it.string("dispatcher")),
                        it.context.cpus,
                    )
                },
                StrategyEntry(
                    id = "channel-workers",
                    summary = "workers coroutines take item indexes from one Channel, in runBlocking",
                    family = Family.COROUTINES,
                    group = Group.BEYOND,
                    shared = COROUTINE_ANY,
                    params = listOf(
                        IntParam("workers", "worker coroutines", "16", allowCpu = true),
                        ChoiceParam(
                            "dispatcher",
                            "where the workers run",
                            "io",
                            DispatcherChoice.entries.map {
                                it.id
                            },
                        ),
                    ),
                    // Not in the default suite: its published membership (E1 and the ten beyond it) stays as measured.
                    defaultSuite = false,
                    model = { ChannelWorkersStrategy.model(it) },
                    // Fewer workers than test items, so that the workers share the channel.
                    test = TestScale.params("workers" to "4"),
                ) {
                    ChannelWorkersStrategy(
                        it.int("workers"),
                        DispatcherChoice.parse(it.string("dispatcher")),
                        it.context.cpus,
                    )
                },
                StrategyEntry(
                    id = "rx-parallel-io",
                    summary = "Flowable.parallel(rails).runOn(Schedulers.io()).sequential()",
                    family = Family.RXJAVA,
                    group = Group.BEYOND,
                    shared = RX_IO,
                    params = listOf(IntParam("rails", "parallel rails", "cpu", allowCpu = true)),
                    model = { it.pool(it.params.int("rails"), REACTIVE_NS, "parallel rails on Schedulers.io()") },
                ) { RxParallelStrategy(it.int("rails")) },
                StrategyEntry(
                    id = "reactor-parallel",
                    summary = "Mono per item on Schedulers.parallel(), Mono.when",
                    family = Family.REACTOR,
                    group = Group.BEYOND,
                    shared = listOf(SharedScheduler.REACTOR_PARALLEL),
                    model = { it.pool(it.cores, REACTIVE_NS, "Schedulers.parallel(), a CPU-sized pool") },
                ) { ReactorStrategy(ReactorSchedulers::parallel) },
                StrategyEntry(
                    id = "reactor-bounded-elastic",
                    summary = "Mono per item on Schedulers.boundedElastic(), Mono.when",
                    family = Family.REACTOR,
                    group = Group.BEYOND,
                    shared = listOf(SharedScheduler.REACTOR_BOUNDED_ELASTIC),
                    model = {
                        it.pool(
                            minOf(10 * it.cores, it.items),
                            REACTIVE_NS,
                            "Schedulers.boundedElastic() (10 x cores threads)",
                        )
                    },
                    recommended = true,
                ) { ReactorStrategy(ReactorSchedulers::boundedElastic) },
                StrategyEntry(
                    id = "completable-future",
                    summary = "supplyAsync on the common pool, allOf().join()",
                    family = Family.FORK_JOIN,
                    group = Group.BEYOND,
                    shared = COMMON_POOL,
                    model = { it.pool(maxOf(1, it.cores - 1), HANDOFF_NS, "the common pool (cores - 1)") },
                ) { CompletableFutureStrategy() },
                StrategyEntry(
                    id = "parallel-stream",
                    summary = "IntStream.parallel().forEach on the common pool",
                    family = Family.FORK_JOIN,
                    group = Group.BEYOND,
                    shared = COMMON_POOL,
                    model = { it.pool(it.cores, HANDOFF_NS, "the common pool plus the caller, a CPU-sized pool") },
                    recommended = true,
                ) { ParallelStreamStrategy() },
                StrategyEntry(
                    id = "executor-fixed",
                    summary = "newFixedThreadPool(size), submit + get",
                    family = Family.EXECUTOR,
                    group = Group.SWEEP,
                    params = listOf(SIZE),
                    model = { it.pool(it.params.int("size"), HANDOFF_NS, "a fixed pool") },
                    factory = fixed { it.int("size") },
                ),
                StrategyEntry(
                    id = "executor-stealing",
                    summary = "newWorkStealingPool(size), submit + get",
                    family = Family.EXECUTOR,
                    group = Group.SWEEP,
                    params = listOf(SIZE),
                    model = { it.pool(it.params.int("size"), HANDOFF_NS, "a fixed pool") },
                    factory = stealing { it.int("size") },
                ),
                StrategyEntry(
                    id = "coroutine-chunked",
                    summary = "async per chunk of items (items of a chunk one after another), awaitAll",
                    family = Family.COROUTINES,
                    group = Group.SWEEP,
                    shared = COROUTINE_ANY,
                    params = listOf(IntParam("chunk", "items per chunk", "100"), CHUNK_DISPATCHER),
                    model = {
                        val on = DispatcherChoice.parse(it.params.string("dispatcher"))
                        val chunks = (it.items + it.params.int("chunk") - 1) / it.params.int("chunk")
                        it.limited(on, chunks, COROUTINE_NS, "$chunks chunks, items of a chunk in turn, on ${on.id}")
                    },
                ) {
                    CoroutineChunkedStrategy(
                        it.int("chunk"),
                        DispatcherChoice.parse(it.string("dispatcher")),
                        it.context.cpus,
                    )
                },
            ) +
                Fault.entries.map { fault ->
                    StrategyEntry(
                        id = fault.id,
                        summary = fault.summary,
                        family = Family.DIRECT,
                        group = Group.FIXTURE,
                        test = TestScale.excluded(
                            "deliberately faulty; TaskLedgerTest and SuiteRunnerTest check that each is caught",
                        ),
                    ) { FaultyStrategy(fault) }
                },
        )

    /** The strategies `recommend` ranks when given none: one representative of each mechanism. */
    val recommended: List<String> get() = catalog.entries.filter { it.recommended }.map { it.id }

    /** What `all` expands to: the entry's own [StrategyEntry.inAll] (every strategy but the faulty fixtures). */
    fun inAll(entry: StrategyEntry): Boolean = entry.inAll
}
