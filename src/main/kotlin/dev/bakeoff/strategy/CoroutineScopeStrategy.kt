package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.launch

/**
 * Structured concurrency with kotlinx.coroutines: `runBlocking { coroutineScope { launch(Dispatchers.IO) per item } }`.
 * The first item to fail cancels the scope: siblings not yet started never run, suspended ones
 * (`delay`) end at once with a `CancellationException`, and the scope rethrows the failure once every
 * child has ended. A child blocked in `Thread.sleep` is not interrupted: the scope waits for it, which
 * is the price of blocking code inside coroutines. On `Dispatchers.IO` so that blocking waits overlap.
 * Its deadline is `withTimeout` around the scope ([RunBlockingStrategy]).
 */
internal class CoroutineScopeStrategy : RunBlockingStrategy {
    override suspend fun CoroutineScope.items(batch: Batch) = coroutineScope {
        for (i in 0 until batch.size) launch(Dispatchers.IO) { batch.runSuspending(i) }
    }

    companion object {
        val ENTRY = scopeEntry(
            "coroutine-scope",
            "coroutineScope + launch(Dispatchers.IO) per item; a failure cancels the siblings",
            "coroutineScope",
            ::CoroutineScopeStrategy,
        )
    }
}
