package dev.bakeoff.workload

import dev.bakeoff.model.ItemSite
import dev.bakeoff.model.ParamSpec
import dev.bakeoff.model.ParamSpec.ChoiceParam
import dev.bakeoff.model.Waits
import dev.bakeoff.model.Workload
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit
import java.util.function.Supplier

/** How an item of [SelfWaitWorkload] waits for the work it submitted. */
internal enum class SelfWait(val id: String) {
    /** `CompletableFuture.get()`: parks (a work-stealing pool compensates with a spare thread). */
    BLOCK("block"),

    /** A busy poll of `isDone` (`Thread.onSpinWait`): holds its thread running. */
    POLL("poll"),
}

/**
 * A hazard: each item submits its work (a sleep of [millis] ms, then E1's arithmetic) to the pool it
 * runs on ([ItemSite]) and waits for it as [how] says: a bounded pool whose threads all wait for work
 * queued behind them never runs it (blocking: deadlocked; polling: starved, its threads busy). Blocking
 * form only. Stateless; thread-safe.
 */
internal class SelfWaitWorkload(
    private val site: ItemSite,
    private val waits: Waits,
    private val how: SelfWait,
    private val millis: Int,
) : Workload {
    override fun waitNanos(seed: Int): Long = TimeUnit.MILLISECONDS.toNanos(millis.toLong())

    override fun run(seed: Int): Int {
        val work = Supplier {
            waits.sleep(waitNanos(seed))
            ArithmeticWorkload.run(seed)
        }
        if (site !is ItemSite.OfStrategy) return work.get()
        val child = CompletableFuture.supplyAsync(work, site.executor())
        if (how == SelfWait.POLL) {
            while (!child.isDone) Thread.onSpinWait()
        }
        return child.get()
    }

    companion object {
        private val WAIT =
            ChoiceParam("wait", "how the item waits for its work", SelfWait.BLOCK, SelfWait.entries, SelfWait::id)
        private val MS = ParamSpec.waitMs("ms", "wait per item in milliseconds, in the submitted work", "1")

        val ENTRY = hazardEntry(
            "hazard-self-wait",
            "submit the item's work (sleep ms) to its own pool and wait: get (block) | busy poll",
            listOf(WAIT, MS),
        ) { SelfWaitWorkload(it.context.site, it.waits, it[WAIT], it[MS]) }
    }
}
