package dev.bakeoff.catalog

import dev.bakeoff.model.Catalog
import dev.bakeoff.model.Family
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.strategy.BoundedVirtualThreadStrategy
import dev.bakeoff.strategy.ChannelWorkersStrategy
import dev.bakeoff.strategy.CompletableFutureStrategy
import dev.bakeoff.strategy.CoroutineAsyncStrategy
import dev.bakeoff.strategy.CoroutineChunkedStrategy
import dev.bakeoff.strategy.DirectStrategy
import dev.bakeoff.strategy.ExecutorStrategy
import dev.bakeoff.strategy.FaultyStrategy
import dev.bakeoff.strategy.FlowFlatMapMergeStrategy
import dev.bakeoff.strategy.FlowMergeStrategy
import dev.bakeoff.strategy.ParallelStreamStrategy
import dev.bakeoff.strategy.ReactorStrategy
import dev.bakeoff.strategy.RxCompletableStrategy
import dev.bakeoff.strategy.RxParallelStrategy
import dev.bakeoff.strategy.ThreadPerTaskStrategy

/**
 * The strategy catalog: one registration line per strategy, each declared with all of its facts
 * in the strategy's own file ([StrategyEntry]). The order is `list`'s, and `recommend` breaks ties
 * in it. Immutable; thread-safe.
 */
internal object Strategies {
    val catalog =
        Catalog(
            "strategy",
            listOf(
                DirectStrategy.ENTRY,
                RxCompletableStrategy.SINGLE,
                RxCompletableStrategy.COMPUTATION,
                RxCompletableStrategy.IO,
                CoroutineAsyncStrategy.ONE,
                CoroutineAsyncStrategy.DEFAULT,
                CoroutineAsyncStrategy.DEFAULT_LIMITED,
                CoroutineAsyncStrategy.IO,
                FlowMergeStrategy.ONE,
                FlowMergeStrategy.DEFAULT,
                FlowMergeStrategy.DEFAULT_LIMITED,
                FlowMergeStrategy.IO,
                ExecutorStrategy.FIXED_CPU,
                ExecutorStrategy.STEALING_CPU,
                ExecutorStrategy.FIXED_100,
                ExecutorStrategy.STEALING_100,
                ThreadPerTaskStrategy.ENTRY,
                ExecutorStrategy.VIRTUAL_THREADS,
                // After virtual-threads: recommend breaks ties in catalog order, and the two model the same.
                ExecutorStrategy.CACHED,
                BoundedVirtualThreadStrategy.ENTRY,
                CoroutineAsyncStrategy.VIRTUAL,
                FlowFlatMapMergeStrategy.ENTRY,
                ChannelWorkersStrategy.ENTRY,
                RxParallelStrategy.ENTRY,
                ReactorStrategy.PARALLEL,
                ReactorStrategy.BOUNDED_ELASTIC,
                CompletableFutureStrategy.ENTRY,
                ParallelStreamStrategy.ENTRY,
                ExecutorStrategy.FIXED,
                ExecutorStrategy.STEALING,
                CoroutineChunkedStrategy.ENTRY,
            ) + FaultyStrategy.ENTRIES,
        )

    /** The strategies `recommend` ranks when given none: one representative of each mechanism. */
    val recommended: List<String> get() = catalog.entries.filter { it.recommended }.map { it.id }

    /** Each family's chart colour, as its strategies declare it: what the HTML report draws them in. */
    val colours: Map<Family, String> get() = catalog.entries.associate { it.family.family to it.family.colour }

    /** What `all` expands to: the entry's own [StrategyEntry.inAll] (every strategy but the faulty fixtures). */
    fun inAll(entry: StrategyEntry): Boolean = entry.inAll
}
