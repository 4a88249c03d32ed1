package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Group
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.StrategyEntry
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlin.coroutines.EmptyCoroutineContext

/**
 * E2's coroutine sender, for any workload: the items split into chunks of [chunk], one `async`
 * per chunk (on the dispatcher, or the `runBlocking` thread itself for [DispatcherChoice.ONE]),
 * the items of a chunk one after another, then `awaitAll()`. At most `size / chunk` items are in
 * flight, so the chunk size trades concurrency for fewer coroutines.
 */
internal class CoroutineChunkedStrategy(private val chunk: Int, choice: DispatcherChoice, cpus: Int) :
    DispatchedStrategy(choice, cpus) {
    override suspend fun CoroutineScope.items(batch: Batch) {
        val context = dispatcher ?: EmptyCoroutineContext
        (0 until batch.size step chunk)
            .map { start ->
                async(context) { for (i in start until minOf(start + chunk, batch.size)) batch.runSuspending(i) }
            }
            .awaitAll()
    }

    companion object {
        private val CHUNK = IntParam("chunk", "items per chunk", "100")
        private val DISPATCHER = DispatcherChoice.param("where each chunk runs", DispatcherChoice.ONE)

        val ENTRY = StrategyEntry(
            id = "coroutine-chunked",
            summary = "async per chunk of items (items of a chunk one after another), awaitAll",
            family = COROUTINES,
            group = Group.SWEEP,
            shared = COROUTINE_ANY,
            params = listOf(CHUNK, DISPATCHER),
            model = {
                val on = it.params[DISPATCHER]
                val chunks = (it.items + it.params[CHUNK] - 1) / it.params[CHUNK]
                it.limited(on, chunks, COROUTINE_NS, "$chunks chunks, items of a chunk in turn, on ${on.id}")
            },
            fixedBatchOnly = "splits a fixed list of items into chunks",
        ) { CoroutineChunkedStrategy(it[CHUNK], it[DISPATCHER], it.context.cpus) }
    }
}
