package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Group
import dev.bakeoff.model.Library
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.StrategyFamily
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.asFlow
import kotlinx.coroutines.flow.collect
import kotlinx.coroutines.flow.flatMapMerge
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.flowOn
import kotlinx.coroutines.flow.merge

/** kotlinx.coroutines' flows. */
internal val FLOW = StrategyFamily("flow", colour = "#c35fd6", library = Library.KOTLINX_COROUTINES)

/** Why the merge family has no open-loop form. */
private const val MERGE_OF_A_FIXED_LIST = "merge() of a fixed list of the batch's item flows"

/** One item as a cold flow, moved to [dispatcher] with `flowOn` when there is one. */
private fun Batch.itemFlow(index: Int, dispatcher: CoroutineDispatcher?): Flow<Unit> =
    flow { emit(runSuspending(index)) }.let {
        if (dispatcher ==
            null
        ) {
            it
        } else {
            it.flowOn(dispatcher)
        }
    }

/**
 * E1 flow family: one `flow { emit(action(it)) }` per item (with `.flowOn(d)`), `merge()` of
 * all, `collect()`, inside `runBlocking`.
 */
internal class FlowMergeStrategy(choice: DispatcherChoice, cpus: Int) : DispatchedStrategy(choice, cpus) {
    override suspend fun CoroutineScope.items(batch: Batch) {
        val d = dispatcher
        (0 until batch.size).map { batch.itemFlow(it, d) }.merge().collect()
    }

    companion object {
        private val ENTRIES = DispatchedEntries(
            "flow",
            FLOW,
            { FLOW_NS },
            { "flow per item .flowOn($it), merge()" },
            "flow on ",
            MERGE_OF_A_FIXED_LIST,
            ::FlowMergeStrategy,
        )

        val ONE = ENTRIES.entry(DispatcherChoice.ONE, "flow per item, merge(), collect in runBlocking")

        val DEFAULT = ENTRIES.entry(DispatcherChoice.DEFAULT)

        val DEFAULT_LIMITED = ENTRIES.entry(DispatcherChoice.DEFAULT_LIMITED)

        val IO = ENTRIES.entry(DispatcherChoice.IO, recommended = true)
    }
}

/**
 * `items.asFlow().flatMapMerge(concurrency) { flow { emit(action(it)) }.flowOn(d) }.collect()` inside
 * `runBlocking`: at most [concurrency] items in flight (16 is kotlinx.coroutines' default).
 */
@OptIn(ExperimentalCoroutinesApi::class)
internal class FlowFlatMapMergeStrategy(private val concurrency: Int, choice: DispatcherChoice, cpus: Int) :
    DispatchedStrategy(choice, cpus) {
    override suspend fun CoroutineScope.items(batch: Batch) {
        val d = dispatcher
        (0 until batch.size).asFlow().flatMapMerge(concurrency) { batch.itemFlow(it, d) }.collect()
    }

    companion object {
        private val CONCURRENCY = IntParam("concurrency", "items in flight at once", "16")
        private val DISPATCHER = DispatcherChoice.param("where item bodies run", DispatcherChoice.IO)

        val ENTRY = StrategyEntry(
            id = "flow-flatmap-merge",
            summary = "asFlow().flatMapMerge(concurrency) { flow.flowOn(d) }",
            family = FLOW,
            group = Group.BEYOND,
            defaultSuite = true,
            shared = COROUTINE_ANY,
            params = listOf(CONCURRENCY, DISPATCHER),
            model = {
                val on = it.params[DISPATCHER]
                val limit = it.params[CONCURRENCY]
                it.limited(on, limit, FLOW_NS, "flatMapMerge, at most $limit in flight, on ${on.id}")
            },
            fixedBatchOnly = "flatMapMerge over the batch's fixed flow of items",
        ) { FlowFlatMapMergeStrategy(it[CONCURRENCY], it[DISPATCHER], it.context.cpus) }
    }
}
