package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import kotlinx.coroutines.async
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withContext

/**
 * E1 coroutine family: `runBlocking { items.map { async { withContext(d) { action(it) } } }.forEach { it.await() } }`.
 * With [DispatcherChoice.ONE] there is no `withContext`: all items share the `runBlocking` thread,
 * so only suspending waits overlap.
 */
internal class CoroutineAsyncStrategy(choice: DispatcherChoice, cpus: Int) : DispatchedStrategy(choice, cpus) {
    override fun run(batch: Batch) {
        val d = dispatcher
        runBlocking {
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
    }
}
