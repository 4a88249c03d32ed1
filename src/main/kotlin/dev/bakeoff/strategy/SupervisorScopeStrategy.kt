package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.supervisorScope

/**
 * `runBlocking { supervisorScope { async(Dispatchers.IO) per item } }`, then every result awaited in
 * turn: a failing item cancels nothing, every sibling runs to its end, and the first failure is
 * rethrown only after all of them (the others added as suppressed). The policy that keeps partial
 * results, measured against [CoroutineScopeStrategy]'s cancel-on-failure. Its deadline is `withTimeout` around
 * the scope ([RunBlockingStrategy]): a deadline cancels the children, as a failure does not.
 */
internal class SupervisorScopeStrategy : RunBlockingStrategy {
    override suspend fun CoroutineScope.items(batch: Batch) {
        supervisorScope {
            val items = (0 until batch.size).map { i -> async(Dispatchers.IO) { batch.runSuspending(i) } }
            val failures = items.mapNotNull { runCatching { it.await() }.exceptionOrNull() }
            failures.firstOrNull()?.let { first ->
                failures.drop(1).forEach(first::addSuppressed)
                throw first
            }
        }
    }

    companion object {
        val ENTRY = scopeEntry(
            "supervisor-scope",
            "supervisorScope + async(Dispatchers.IO) per item; failures cancel nothing",
            "supervisorScope",
            ::SupervisorScopeStrategy,
        )
    }
}
