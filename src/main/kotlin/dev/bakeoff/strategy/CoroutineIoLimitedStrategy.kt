package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Group
import dev.bakeoff.model.ItemSink
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.SharedScheduler
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.TestScale
import dev.bakeoff.model.report
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.launch

/**
 * The usual answer to "where do my blocking calls go": inside `runBlocking`, every item is launched
 * on `Dispatchers.IO.limitedParallelism(parallelism)`, a view of kotlinx.coroutines' shared pool that
 * runs at most [parallelism] items at once. A suspending item gives its thread back while it waits; a
 * blocking one holds it. The view is made in [open] and owns no thread (the shared pool does), so
 * [close] has nothing to shut down. [run] is called from one thread at a time and returns when
 * `runBlocking` has joined every item; an item's exception cancels the others and is rethrown. Its
 * open-loop form `launch`es each item on the view as it arrives; its deadline is `withTimeout`
 * ([RunBlockingStrategy]).
 */
internal class CoroutineIoLimitedStrategy(private val parallelism: Int) : RunBlockingStrategy {
    private var view: CoroutineDispatcher? = null

    override fun open() {
        view = Dispatchers.IO.limitedParallelism(parallelism)
    }

    override suspend fun CoroutineScope.items(batch: Batch) {
        val on = checkNotNull(view) { "open() first" }
        repeat(batch.size) { i -> launch(on) { batch.runSuspending(i) } }
    }

    override fun openLoop(batch: Batch): ItemSink =
        SinkScope(checkNotNull(view) { "open() first" }).sink { i, done ->
            launch { done.report { batch.runSuspending(i) } }
        }

    override fun close() {
        view = null
    }

    companion object {
        private val PARALLELISM =
            IntParam("parallelism", "items running at once (the view's threads)", "64", allowCpu = true)

        /**
         * The shared pool as this strategy uses it: a view of IO is not counted against IO's own 64
         * threads, so blocked items can add a thread each, up to the items running at once.
         */
        private val POOL_WITH_VIEW = SharedScheduler(
            COROUTINE_SCHEDULER.id,
            "${COROUTINE_SCHEDULER.summary}, plus a thread per item a Dispatchers.IO view runs at once",
            COROUTINE_SCHEDULER::owns,
            { cpus, items -> COROUTINE_SCHEDULER.bound(cpus, items) + items },
        )

        val ENTRY = StrategyEntry(
            id = "coroutine-io-limited",
            summary = "launch per item on Dispatchers.IO.limitedParallelism(parallelism), in runBlocking",
            family = COROUTINES,
            group = Group.BEYOND,
            shared = listOf(POOL_WITH_VIEW),
            params = listOf(PARALLELISM),
            // Not in the default suite: its published membership (E1 and the ten beyond it) stays as measured.
            model = {
                val threads = it.params[PARALLELISM]
                val name = "Dispatchers.IO.limitedParallelism($threads)"
                it.coroutines(threads, minOf(threads, it.cores), HANDOFF_NS, name)
            },
            // Fewer threads than test items, so that the matrix exercises the limit.
            test = TestScale.params(PARALLELISM to "4"),
        ) { CoroutineIoLimitedStrategy(it[PARALLELISM]) }
    }
}
