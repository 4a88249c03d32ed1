package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.asFlow
import kotlinx.coroutines.flow.collect
import kotlinx.coroutines.flow.flatMapMerge
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.flowOn
import kotlinx.coroutines.flow.merge
import kotlinx.coroutines.runBlocking

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
    override fun run(batch: Batch) {
        val d = dispatcher
        runBlocking { (0 until batch.size).map { batch.itemFlow(it, d) }.merge().collect() }
    }
}

/**
 * `items.asFlow().flatMapMerge(concurrency) { flow { emit(action(it)) }.flowOn(d) }.collect()` inside
 * `runBlocking`: at most [concurrency] items in flight (16 is kotlinx.coroutines' default).
 */
@OptIn(ExperimentalCoroutinesApi::class)
internal class FlowFlatMapMergeStrategy(private val concurrency: Int, choice: DispatcherChoice, cpus: Int) :
    DispatchedStrategy(choice, cpus) {
    override fun run(batch: Batch) {
        val d = dispatcher
        runBlocking { (0 until batch.size).asFlow().flatMapMerge(concurrency) { batch.itemFlow(it, d) }.collect() }
    }
}
