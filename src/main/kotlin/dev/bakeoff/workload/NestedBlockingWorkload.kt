package dev.bakeoff.workload

import dev.bakeoff.model.ItemSite
import dev.bakeoff.model.Library
import dev.bakeoff.model.ParamSpec
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.Waits
import dev.bakeoff.model.Workload
import dev.bakeoff.model.runBlockingCompat
import java.util.concurrent.TimeUnit
import kotlin.coroutines.EmptyCoroutineContext

/**
 * A hazard: each item calls `runBlocking` on the dispatcher it runs on ([ItemSite]), [depth] levels
 * deep, and the innermost level sleeps [millis] ms and computes E1's arithmetic. Every level holds
 * its thread until the level inside it, queued on the same pool, has run (kotlinx.coroutines #3983:
 * `runBlocking` inside `Dispatchers.Default`): a pool with fewer threads than the levels waiting at
 * once deadlocks; one that grows, or virtual threads that unmount, completes. Blocking form only
 * (the hazard is the blocking call). Stateless; thread-safe.
 */
internal class NestedBlockingWorkload(
    private val site: ItemSite,
    private val waits: Waits,
    private val depth: Int,
    private val millis: Int,
) : Workload {
    override fun waitNanos(seed: Int): Long = TimeUnit.MILLISECONDS.toNanos(millis.toLong())

    override fun run(seed: Int): Int = level(seed, depth)

    private fun level(seed: Int, left: Int): Int {
        if (left == 0) {
            waits.sleep(waitNanos(seed))
            return ArithmeticWorkload.run(seed)
        }
        return runBlockingCompat(site.dispatcher() ?: EmptyCoroutineContext) { level(seed, left - 1) }
    }

    companion object {
        private val DEPTH = IntParam("depth", "nested runBlocking levels on the item's own dispatcher", "2", max = 16)
        private val MS = ParamSpec.waitMs("ms", "wait per item in milliseconds, at the innermost level", "1")

        val ENTRY = hazardEntry(
            "hazard-nested-blocking",
            "runBlocking on the item's own dispatcher, depth levels, then sleep ms",
            listOf(DEPTH, MS),
            libraries = listOf(Library.KOTLINX_COROUTINES),
        ) { NestedBlockingWorkload(it.context.site, it.waits, it[DEPTH], it[MS]) }
    }
}
