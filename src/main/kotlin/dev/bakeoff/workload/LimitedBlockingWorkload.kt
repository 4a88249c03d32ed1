package dev.bakeoff.workload

import dev.bakeoff.model.ItemSite
import dev.bakeoff.model.Library
import dev.bakeoff.model.ParamSpec
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.Waits
import dev.bakeoff.model.Workload
import dev.bakeoff.model.runBlockingCompat
import kotlinx.coroutines.CoroutineDispatcher
import java.util.concurrent.TimeUnit
import kotlin.coroutines.EmptyCoroutineContext

/**
 * A hazard: each item makes its blocking call (a sleep of [millis] ms) on one view of its own
 * dispatcher limited to [parallelism] threads (`limitedParallelism`, kotlinx.coroutines #2943), and
 * waits for it in `runBlocking`. The view borrows the items' own pool: while items hold every thread
 * of it waiting, the view's calls cannot run. The view is one for all items, made on the first item
 * (the strategy's pool exists by then). Blocking form only. Thread-safe.
 */
internal class LimitedBlockingWorkload(
    private val site: ItemSite,
    private val waits: Waits,
    private val parallelism: Int,
    private val millis: Int,
) : Workload {
    private val view: CoroutineDispatcher? by lazy { site.dispatcher()?.limitedParallelism(parallelism) }

    override fun waitNanos(seed: Int): Long = TimeUnit.MILLISECONDS.toNanos(millis.toLong())

    override fun run(seed: Int): Int = runBlockingCompat(view ?: EmptyCoroutineContext) {
        waits.sleep(waitNanos(seed))
        ArithmeticWorkload.run(seed)
    }

    companion object {
        private val P = IntParam("p", "threads of the limited view the blocking calls run on", "1", max = 1024)
        private val MS = ParamSpec.waitMs("ms", "blocking wait per item in milliseconds, on the view", "1")

        val ENTRY = hazardEntry(
            "hazard-limited-blocking",
            "sleep ms on the item's dispatcher limitedParallelism(p), waited for in runBlocking",
            listOf(P, MS),
            libraries = listOf(Library.KOTLINX_COROUTINES),
        ) { LimitedBlockingWorkload(it.context.site, it.waits, it[P], it[MS]) }
    }
}
