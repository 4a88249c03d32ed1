package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.ItemSink
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
        /** `withContext` costs a dispatch per item; [DispatcherChoice.ONE] has none, only the coroutine. */
        private val ENTRIES = DispatchedEntries(
            "coroutine",
            COROUTINES,
            { if (it == DispatcherChoice.ONE) COROUTINE_NS else WITH_CONTEXT_NS },
            { "async per item, withContext($it)" },
            create = ::CoroutineAsyncStrategy,
        )

        val ONE = ENTRIES.entry(DispatcherChoice.ONE, "runBlocking + async per item, one thread", recommended = true)

        val DEFAULT = ENTRIES.entry(DispatcherChoice.DEFAULT, defaultSuite = true, recommended = true)

        val DEFAULT_LIMITED = ENTRIES.entry(DispatcherChoice.DEFAULT_LIMITED)

        val IO = ENTRIES.entry(DispatcherChoice.IO, defaultSuite = true, recommended = true)

        val VIRTUAL = ENTRIES.entry(
            DispatcherChoice.VIRTUAL,
            "async per item on a virtual-thread-per-task dispatcher",
            recommended = true,
        )
    }
}
