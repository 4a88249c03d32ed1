package dev.bakeoff.strategy

import dev.bakeoff.model.Catalog
import dev.bakeoff.model.Family
import dev.bakeoff.model.Group
import dev.bakeoff.model.ParamSpec.ChoiceParam
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.Params
import dev.bakeoff.model.SharedScheduler
import dev.bakeoff.model.StrategyEntry
import io.reactivex.rxjava3.schedulers.Schedulers
import java.util.concurrent.Executors
import dev.bakeoff.model.Family.COROUTINES as CO
import dev.bakeoff.model.Family.EXECUTOR as EX
import dev.bakeoff.model.Family.FLOW as FL
import dev.bakeoff.model.Family.RXJAVA as RX
import dev.bakeoff.model.Group.BEYOND as B
import dev.bakeoff.model.Group.E1 as E1
import dev.bakeoff.model.Group.SWEEP as SW
import dev.bakeoff.model.SharedScheduler.COROUTINE_SCHEDULER as KX
import reactor.core.scheduler.Schedulers as ReactorSchedulers

/** The strategy catalog: one registration line per strategy; a family's class takes its variant as an argument. */
object Strategies {
    private val RX_IO = listOf(SharedScheduler.RX_IO, SharedScheduler.RX_HOUSEKEEPING)
    private val VT = listOf(SharedScheduler.VIRTUAL_THREAD_SCHEDULER, KX)
    private val SIZE = IntParam("size", "pool size (threads)", "200", allowCpu = true)
    private val CONCURRENCY = IntParam("concurrency", "items in flight at once", "16")
    private val FLATMAP_DISPATCHER =
        ChoiceParam("dispatcher", "where item bodies run", "io", DispatcherChoice.entries.map { it.id })
    private val CHUNK_DISPATCHER =
        ChoiceParam("dispatcher", "where each chunk runs", "one", DispatcherChoice.entries.map { it.id })

    private fun co(c: DispatcherChoice) = { p: Params -> CoroutineAsyncStrategy(c, p.context.cpus) }

    private fun fl(c: DispatcherChoice) = { p: Params -> FlowMergeStrategy(c, p.context.cpus) }

    private fun fixed(size: (Params) -> Int) = { p: Params -> ExecutorStrategy { Executors.newFixedThreadPool(size(p)) } }

    private fun stealing(size: (Params) -> Int) = { p: Params -> ExecutorStrategy { Executors.newWorkStealingPool(size(p)) } }

    val catalog =
        Catalog(
            "strategy",
            listOf(
                StrategyEntry("direct", "forEach on the calling thread", Family.DIRECT, E1) { DirectStrategy() },
                StrategyEntry("rx-single", "Completable per item on Schedulers.single(), merge", RX, E1, listOf(SharedScheduler.RX_SINGLE, SharedScheduler.RX_HOUSEKEEPING)) {
                    RxCompletableStrategy(Schedulers::single)
                },
                StrategyEntry("rx-computation", "Completable per item on Schedulers.computation(), merge", RX, E1, listOf(SharedScheduler.RX_COMPUTATION, SharedScheduler.RX_HOUSEKEEPING)) {
                    RxCompletableStrategy(Schedulers::computation)
                },
                StrategyEntry("rx-io", "Completable per item on Schedulers.io(), merge", RX, E1, RX_IO) { RxCompletableStrategy(Schedulers::io) },
                StrategyEntry("coroutine-one", "runBlocking + async per item, one thread", CO, E1, factory = co(DispatcherChoice.ONE)),
                StrategyEntry("coroutine-default", "async per item, withContext(Dispatchers.Default)", CO, E1, listOf(KX), factory = co(DispatcherChoice.DEFAULT)),
                StrategyEntry("coroutine-default-limited", "async per item, withContext(Default.limitedParallelism(cpus))", CO, E1, listOf(KX), factory = co(DispatcherChoice.DEFAULT_LIMITED)),
                StrategyEntry("coroutine-io", "async per item, withContext(Dispatchers.IO)", CO, E1, listOf(KX), factory = co(DispatcherChoice.IO)),
                StrategyEntry("flow-one", "flow per item, merge(), collect in runBlocking", FL, E1, factory = fl(DispatcherChoice.ONE)),
                StrategyEntry("flow-default", "flow per item .flowOn(Dispatchers.Default), merge()", FL, E1, listOf(KX), factory = fl(DispatcherChoice.DEFAULT)),
                StrategyEntry("flow-default-limited", "flow per item .flowOn(Default.limitedParallelism(cpus)), merge()", FL, E1, listOf(KX), factory = fl(DispatcherChoice.DEFAULT_LIMITED)),
                StrategyEntry("flow-io", "flow per item .flowOn(Dispatchers.IO), merge()", FL, E1, listOf(KX), factory = fl(DispatcherChoice.IO)),
                StrategyEntry("executor-fixed-cpu", "newFixedThreadPool(cpus), submit + get", EX, E1, factory = fixed { it.context.cpus }),
                StrategyEntry("executor-stealing-cpu", "newWorkStealingPool(cpus), submit + get", EX, E1, factory = stealing { it.context.cpus }),
                StrategyEntry("executor-fixed-100", "newFixedThreadPool(100), submit + get", EX, E1, factory = fixed { 100 }),
                StrategyEntry("executor-stealing-100", "newWorkStealingPool(100), submit + get", EX, E1, factory = stealing { 100 }),
                StrategyEntry("thread-per-task", "a new platform thread per item, join all", Family.THREAD, B) { ThreadPerTaskStrategy() },
                StrategyEntry("executor-cached", "newCachedThreadPool(), submit + get", EX, B) { ExecutorStrategy(Executors::newCachedThreadPool) },
                StrategyEntry("virtual-threads", "one virtual thread per item (newVirtualThreadPerTaskExecutor)", Family.VIRTUAL_THREAD, B, VT) {
                    ExecutorStrategy(Executors::newVirtualThreadPerTaskExecutor)
                },
                StrategyEntry("coroutine-virtual", "async per item on a virtual-thread-per-task dispatcher", CO, B, VT, factory = co(DispatcherChoice.VIRTUAL)),
                StrategyEntry(
                    "flow-flatmap-merge",
                    "asFlow().flatMapMerge(concurrency) { flow.flowOn(d) }",
                    FL,
                    B,
                    listOf(KX, SharedScheduler.VIRTUAL_THREAD_SCHEDULER),
                    listOf(CONCURRENCY, FLATMAP_DISPATCHER),
                ) {
                    FlowFlatMapMergeStrategy(it.int("concurrency"), DispatcherChoice.parse(it.string("dispatcher")), it.context.cpus)
                },
                StrategyEntry("rx-parallel-io", "Flowable.parallel(rails).runOn(Schedulers.io()).sequential()", RX, B, RX_IO, listOf(IntParam("rails", "parallel rails", "cpu", allowCpu = true))) {
                    RxParallelStrategy(it.int("rails"))
                },
                StrategyEntry("reactor-parallel", "Mono per item on Schedulers.parallel(), Mono.when", Family.REACTOR, B, listOf(SharedScheduler.REACTOR_PARALLEL)) {
                    ReactorStrategy(ReactorSchedulers::parallel)
                },
                StrategyEntry("reactor-bounded-elastic", "Mono per item on Schedulers.boundedElastic(), Mono.when", Family.REACTOR, B, listOf(SharedScheduler.REACTOR_BOUNDED_ELASTIC)) {
                    ReactorStrategy(ReactorSchedulers::boundedElastic)
                },
                StrategyEntry("completable-future", "supplyAsync on the common pool, allOf().join()", Family.FORK_JOIN, B, listOf(SharedScheduler.COMMON_POOL)) { CompletableFutureStrategy() },
                StrategyEntry("parallel-stream", "IntStream.parallel().forEach on the common pool", Family.FORK_JOIN, B, listOf(SharedScheduler.COMMON_POOL)) { ParallelStreamStrategy() },
                StrategyEntry("executor-fixed", "newFixedThreadPool(size), submit + get", EX, SW, params = listOf(SIZE), factory = fixed { it.int("size") }),
                StrategyEntry("executor-stealing", "newWorkStealingPool(size), submit + get", EX, SW, params = listOf(SIZE), factory = stealing { it.int("size") }),
                StrategyEntry(
                    "coroutine-chunked",
                    "async per chunk of items (items of a chunk one after another), awaitAll",
                    CO,
                    SW,
                    listOf(KX, SharedScheduler.VIRTUAL_THREAD_SCHEDULER),
                    listOf(IntParam("chunk", "items per chunk", "100"), CHUNK_DISPATCHER),
                ) { CoroutineChunkedStrategy(it.int("chunk"), DispatcherChoice.parse(it.string("dispatcher")), it.context.cpus) },
            ) + Fault.entries.map { f -> StrategyEntry(f.id, f.summary, Family.DIRECT, Group.FIXTURE) { FaultyStrategy(f) } },
        )

    /** The strategies the default suite runs: E1's sixteen and the approaches beyond them. */
    fun inDefaultSuite(entry: StrategyEntry): Boolean = entry.group == Group.E1 || entry.group == Group.BEYOND

    /** What `all` expands to: every strategy except the faulty fixtures. */
    fun inAll(entry: StrategyEntry): Boolean = entry.group != Group.FIXTURE
}
