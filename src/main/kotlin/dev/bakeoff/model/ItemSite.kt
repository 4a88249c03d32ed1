package dev.bakeoff.model

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.asCoroutineDispatcher
import java.util.concurrent.Executor

/**
 * Where the items of a cell run, for a workload that hands work to "the pool it runs on" (nested
 * `runBlocking` on the item's own dispatcher, a pool waiting on work it submitted to itself): the
 * hazard workloads. Immutable; thread-safe.
 */
internal sealed interface ItemSite {
    /**
     * The items' dispatcher (`Dispatchers.Default` itself for a strategy on it: kotlinx unwraps its own
     * executors), or null [Inline], where a `runBlocking` without one runs nested work on the caller.
     */
    fun dispatcher(): CoroutineDispatcher? = (this as? OfStrategy)?.executor()?.asCoroutineDispatcher()

    /**
     * Items run one after another on the caller's thread, with waits at zero: the ledger's reference
     * run and the planning probe. Nested work runs inline, and nothing waits for another item.
     */
    data object Inline : ItemSite

    /**
     * The measured cell's items, which run where [strategy] puts them: [executor] is what the strategy
     * declares ([Strategy.site]), asked for each time, since the strategy creates its pool in `open()`.
     */
    class OfStrategy(private val strategy: String, private val declared: () -> Executor?) : ItemSite {
        /** The strategy's executor; a strategy that declares none cannot run a hazard, and says so. */
        fun executor(): Executor = declared()
            ?: throw UnsupportedOperationException(
                "$strategy does not say where its items run (no Strategy.site): this workload needs that pool",
            )
    }
}
