package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Group
import dev.bakeoff.model.ItemSink
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.report
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.async
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext

/**
 * E1 coroutine family: `runBlocking { items.map { async { withContext(d) { action(it) } } }.forEach { it.await() } }`.
 * With [DispatcherChoice.ONE] there is no `withContext`: all items share the `runBlocking` thread,
 * so only suspending waits overlap. Its open-loop form `launch`es each item as it arrives on the
 * dispatcher (for [DispatcherChoice.ONE], on one thread of its own: [SinkScope]).
 */
internal class CoroutineAsyncStrategy(choice: DispatcherChoice, cpus: Int) : DispatchedStrategy(choice, cpus) {
    override suspend fun CoroutineScope.items(batch: Batch) {
        val d = dispatcher
        (0 until batch.size)
            .map { i ->
                async {
                    if (d ==
                        null
                    ) {
                        batch.runSuspending(i)
                    } else {
                        withContext(d) { batch.runSuspending(i) }
                    }
                }
            }
            .forEach { it.await() }
    }

    override fun openLoop(batch: Batch): ItemSink =
        SinkScope(dispatcher).sink { i, done -> launch { done.report { batch.runSuspending(i) } } }

    companion object {
        val ONE = StrategyEntry(
            id = "coroutine-one",
            summary = "runBlocking + async per item, one thread",
            family = COROUTINES,
            group = Group.E1,
            model = { it.coroutines(1, 1, COROUTINE_NS, "one runBlocking thread") },
            recommended = true,
        ) { CoroutineAsyncStrategy(DispatcherChoice.ONE, it.context.cpus) }

        val DEFAULT = StrategyEntry(
            id = "coroutine-default",
            summary = "async per item, withContext(Dispatchers.Default)",
            family = COROUTINES,
            group = Group.E1,
            defaultSuite = true,
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
        ) { CoroutineAsyncStrategy(DispatcherChoice.DEFAULT, it.context.cpus) }

        val DEFAULT_LIMITED = StrategyEntry(
            id = "coroutine-default-limited",
            summary = "async per item, withContext(Default.limitedParallelism(cpus))",
            family = COROUTINES,
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
        ) { CoroutineAsyncStrategy(DispatcherChoice.DEFAULT_LIMITED, it.context.cpus) }

        val IO = StrategyEntry(
            id = "coroutine-io",
            summary = "async per item, withContext(Dispatchers.IO)",
            family = COROUTINES,
            group = Group.E1,
            defaultSuite = true,
            shared = COROUTINE_POOL,
            model = { it.coroutines(it.ioThreads, it.cores, WITH_CONTEXT_NS, "Dispatchers.IO") },
            recommended = true,
        ) { CoroutineAsyncStrategy(DispatcherChoice.IO, it.context.cpus) }

        val VIRTUAL = StrategyEntry(
            id = "coroutine-virtual",
            summary = "async per item on a virtual-thread-per-task dispatcher",
            family = COROUTINES,
            group = Group.BEYOND,
            shared = ON_VIRTUAL_THREADS,
            model = { it.everyItem(WITH_CONTEXT_NS, "a virtual thread per item; waits unmount it") },
            recommended = true,
        ) { CoroutineAsyncStrategy(DispatcherChoice.VIRTUAL, it.context.cpus) }
    }
}
