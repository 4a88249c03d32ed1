package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.ConcurrencyModel
import dev.bakeoff.model.Group
import dev.bakeoff.model.ItemSink
import dev.bakeoff.model.ModelInput
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.SharedScheduler
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.StrategyFamily
import dev.bakeoff.model.TestScale
import dev.bakeoff.model.report
import dev.bakeoff.model.shutDown
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.Semaphore

/** The JDK's virtual threads. */
internal val VIRTUAL_THREAD = StrategyFamily("virtual-thread", colour = "#2ca02c")

/**
 * What a strategy on virtual threads borrows: a suspending item bridges with `runBlocking { delay }`, whose timer is
 * kotlinx's.
 */
internal val ON_VIRTUAL_THREADS = listOf(SharedScheduler.VIRTUAL_THREAD_SCHEDULER, COROUTINE_SCHEDULER)

/**
 * A virtual thread per item behind a [Semaphore] of [permits]: the usual way to cap concurrency
 * against a downstream service while keeping a thread per request. Every item gets its virtual
 * thread at once; at most [permits] of them run their item, the rest park on the semaphore, which
 * unmounts them, so waiting for a permit costs no carrier. The executor
 * (`newVirtualThreadPerTaskExecutor`) is created in [open] and shut down in [close]; [run] is called
 * from one thread at a time and returns when every item's future has completed (an item's exception
 * surfaces from `get()`). Its open-loop form starts each item's virtual thread as it arrives, behind
 * the same semaphore.
 */
internal class BoundedVirtualThreadStrategy(private val permits: Int) : Strategy {
    private var pool: ExecutorService? = null
    private var gate: Semaphore? = null

    override fun open() {
        pool = Executors.newVirtualThreadPerTaskExecutor()
        gate = Semaphore(permits)
    }

    override fun run(batch: Batch) {
        checkNotNull(pool) { "open() first" }.submitEach(batch.size) { gated(batch, it) }.forEach { it.get() }
    }

    override fun openLoop(batch: Batch): ItemSink {
        val threads = checkNotNull(pool) { "open() first" }
        return ItemSink { i, done -> threads.execute { done.report { gated(batch, i) } } }
    }

    /** Runs item [i] once a permit is free; on a virtual thread, waiting for it unmounts the thread. */
    private fun gated(batch: Batch, i: Int) {
        val permit = checkNotNull(gate) { "open() first" }
        permit.acquire()
        try {
            batch.run(i)
        } finally {
            permit.release()
        }
    }

    override fun close() {
        pool?.let { shutDown(it) }
        pool = null
        gate = null
    }

    companion object {
        private val PERMITS = IntParam("permits", "items running at once (semaphore permits)", "100")

        val ENTRY = StrategyEntry(
            id = "virtual-threads-bounded",
            summary = "a virtual thread per item behind a Semaphore(permits), submit + get",
            family = VIRTUAL_THREAD,
            group = Group.BEYOND,
            shared = ON_VIRTUAL_THREADS,
            params = listOf(PERMITS),
            // Not in the default suite: its published membership (E1 and the ten beyond it) stays as measured.
            model = { model(it, it.params[PERMITS]) },
            // Fewer permits than test items, so that the matrix exercises the semaphore.
            test = TestScale.params(PERMITS to "4"),
        ) { BoundedVirtualThreadStrategy(it[PERMITS]) }

        /**
         * At most [permits] items in flight in either wait form: a suspending item bridges with
         * `runBlocking` on its virtual thread and keeps its permit while it waits.
         */
        private fun model(input: ModelInput, permits: Int): ConcurrencyModel {
            val running = minOf(permits, input.items)
            return ConcurrencyModel(
                inFlight = running,
                computing = minOf(running, input.cores),
                overheadNs = HANDOFF_NS,
                mechanism = "a virtual thread per item, $permits of them holding a semaphore permit; " +
                    "waits unmount them",
            )
        }
    }
}
