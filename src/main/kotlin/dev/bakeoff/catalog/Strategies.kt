package dev.bakeoff.catalog

import dev.bakeoff.model.Catalog
import dev.bakeoff.model.Family
import dev.bakeoff.model.StrategyEntry

/**
 * The strategy catalog: one registration line per strategy, each declared with all of its facts
 * in the strategy's own file ([StrategyEntry]). Lines name their entries in full, without imports,
 * so that a new strategy is its own file plus one line here. The order is `list`'s, and `recommend` breaks ties
 * in it. Immutable; thread-safe.
 */
internal object Strategies {
    val catalog =
        Catalog(
            "strategy",
            listOf(
                dev.bakeoff.strategy.DirectStrategy.ENTRY,
                dev.bakeoff.strategy.RxCompletableStrategy.SINGLE,
                dev.bakeoff.strategy.RxCompletableStrategy.COMPUTATION,
                dev.bakeoff.strategy.RxCompletableStrategy.IO,
                dev.bakeoff.strategy.CoroutineAsyncStrategy.ONE,
                dev.bakeoff.strategy.CoroutineAsyncStrategy.DEFAULT,
                dev.bakeoff.strategy.CoroutineAsyncStrategy.DEFAULT_LIMITED,
                dev.bakeoff.strategy.CoroutineAsyncStrategy.IO,
                dev.bakeoff.strategy.FlowMergeStrategy.ONE,
                dev.bakeoff.strategy.FlowMergeStrategy.DEFAULT,
                dev.bakeoff.strategy.FlowMergeStrategy.DEFAULT_LIMITED,
                dev.bakeoff.strategy.FlowMergeStrategy.IO,
                dev.bakeoff.strategy.ExecutorStrategy.FIXED_CPU,
                dev.bakeoff.strategy.ExecutorStrategy.STEALING_CPU,
                dev.bakeoff.strategy.ExecutorStrategy.FIXED_100,
                dev.bakeoff.strategy.ExecutorStrategy.STEALING_100,
                dev.bakeoff.strategy.ThreadPerTaskStrategy.ENTRY,
                dev.bakeoff.strategy.ExecutorStrategy.VIRTUAL_THREADS,
                // After virtual-threads: recommend breaks ties in catalog order, and the two model the same.
                dev.bakeoff.strategy.ExecutorStrategy.CACHED,
                dev.bakeoff.strategy.BoundedVirtualThreadStrategy.ENTRY,
                dev.bakeoff.strategy.CoroutineAsyncStrategy.VIRTUAL,
                dev.bakeoff.strategy.CoroutineIoLimitedStrategy.ENTRY,
                dev.bakeoff.strategy.FlowFlatMapMergeStrategy.ENTRY,
                dev.bakeoff.strategy.ChannelWorkersStrategy.ENTRY,
                dev.bakeoff.strategy.RxParallelStrategy.ENTRY,
                dev.bakeoff.strategy.ReactorStrategy.PARALLEL,
                dev.bakeoff.strategy.ReactorStrategy.BOUNDED_ELASTIC,
                dev.bakeoff.strategy.ReactorBoundedElasticVirtualStrategy.ENTRY,
                dev.bakeoff.strategy.CompletableFutureStrategy.ENTRY,
                dev.bakeoff.strategy.ParallelStreamStrategy.ENTRY,
                dev.bakeoff.strategy.ExecutorStrategy.FIXED,
                dev.bakeoff.strategy.ExecutorStrategy.STEALING,
                dev.bakeoff.strategy.CoroutineChunkedStrategy.ENTRY,
                dev.bakeoff.strategy.CoroutineScopeStrategy.ENTRY,
                dev.bakeoff.strategy.SupervisorScopeStrategy.ENTRY,
                dev.bakeoff.strategy.InvokeAllStrategy.ENTRY,
                dev.bakeoff.strategy.CompletableAllStrategy.ENTRY,
                dev.bakeoff.strategy.StructuredTaskScopeStrategy.ENTRY,
                dev.bakeoff.strategy.ReactorMergeStrategy.ENTRY,
                dev.bakeoff.strategy.RxMergeStrategy.ENTRY,
                dev.bakeoff.strategy.DelayFixtureStrategy.ENTRY,
            ) + dev.bakeoff.strategy.FaultyStrategy.ENTRIES,
        )

    /** The strategies `recommend` ranks when given none: one representative of each mechanism. */
    val recommended: List<String> get() = catalog.entries.filter { it.recommended }.map { it.id }

    /** Each family's chart colour, as its strategies declare it: what the HTML report draws them in. */
    val colours: Map<Family, String> get() = catalog.entries.associate { it.family.family to it.family.colour }

    /** What `all` expands to: the entry's own [StrategyEntry.inAll] (every strategy but the faulty fixtures). */
    fun inAll(entry: StrategyEntry): Boolean = entry.inAll
}
