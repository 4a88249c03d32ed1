package dev.bakeoff.model

import java.util.concurrent.atomic.AtomicIntegerArray
import java.util.concurrent.atomic.AtomicLongArray
import kotlin.random.Random

/**
 * A strategy's long-lived form for an open loop ([Strategy.openLoop]): items arrive one at a time,
 * whenever the load generator says, whether or not the earlier ones finished, and the strategy takes
 * each as it comes (an executor's `execute`, a `launch` on a dispatcher, a virtual thread per item...).
 *
 * Threading model: [submit] is called from one thread (the generator's), never after [close]; it
 * must not wait for the item (a sink that queued behind a busy pool would hide the queue from the
 * generator). Each item's [ItemDone] is called exactly once, from whatever thread ran it, possibly
 * before [submit] returns. [close] is called once, from the generator's thread, after the last
 * submission; it releases what the sink made (the pools of [Strategy.open] stay the strategy's).
 */
internal fun interface ItemSink : AutoCloseable {
    /** Hands item [index] to the strategy; [onDone] hears when it finished, and how. */
    fun submit(index: Int, onDone: ItemDone)

    override fun close() {}
}

/** Hears that an item of an [ItemSink] finished: [failure] is its exception, or null. Called once per item. */
internal fun interface ItemDone {
    fun done(failure: Throwable?)
}

/** Runs [item] on the calling thread or coroutine, then reports how it ended: the one way every sink reports. */
internal inline fun ItemDone.report(item: () -> Unit) {
    val failure = try {
        item()
        null
    } catch (t: Throwable) {
        t
    }
    done(failure)
}

/**
 * The items of an open loop: arrival `k` runs the seed at `k % seeds.size` of one seeded shuffle of the seeds
 * ([order]) of [workload] in the run's [wait] form (the seeds of a batch of that many items, over and over,
 * always in the same order) and counts itself; [verify] then
 * checks that every arrival ran exactly once with the direct run's result ([seeds]), and [heldNanos]
 * tells how long each one took from its start to its end where it ran: its service time as queueing
 * theory means it (the wait as really waited, a late wake-up included), which a bounded pool's
 * ceiling follows.
 *
 * Unlike a [TaskLedger], each run is one atomic addition to its arrival's own counter: arrivals of
 * the same seed may run at the same time, and an open loop has no batch boundary between them. Twelve
 * bytes per arrival (24 MB for two million).
 *
 * A workload whose result depends on state its items change ([repeated]: order-status updates each order
 * once, so a later run of the same order finds no READY row) is checked per seed: exactly one of its
 * arrivals returned the direct run's result, every other one [repeated]. A failure workload's
 * [failingItem] counts as run when it threw its [PlannedFailure] (the sink reports it failed).
 *
 * Threading model: [run] and [runSuspending] from any thread, concurrently; [verify] once every
 * arrival's completion was seen (that hand-off orders the counts before the read).
 */
internal class ArrivalBatch(
    private val workload: Workload,
    private val wait: WaitForm,
    private val seeds: IntArray,
    override val size: Int,
    private val repeated: Int? = null,
    private val failingItem: Int? = null,
) : Batch {
    private val runs = AtomicIntegerArray(size)
    private val held = AtomicLongArray(size)

    /**
     * The order the arrivals take the seeds in, each pass alike: one seeded shuffle, not seed order. A workload
     * whose items' cost grows with the seed (storage's waits, 0.5 to 1.49 ms) served in seed order a ramp whose
     * neighbours are alike (lag-1 autocorrelation 0.94 measured on 2026-11-28): a fixed pool's queue then waited
     * 1.2-1.4 times as long as for the same times in random order (a replay of the measured points), which no
     * stream of requests has and no queueing model assumes.
     */
    private val order = IntArray(seeds.size) { it }.also { it.shuffle(Random(ORDER_SEED)) }

    // How many arrivals of each seed returned the direct run's result: kept only when later runs differ.
    private val firsts = repeated?.let { AtomicIntegerArray(seeds.size) }

    override fun run(index: Int) = timed(index) { wait.call(workload, seedOf(index)) }

    override suspend fun runSuspending(index: Int) = timed(index) { wait.callSuspending(workload, seedOf(index)) }

    /** Runs arrival [index]'s [item], then keeps how long it took and counts its result. */
    private inline fun timed(index: Int, item: () -> Int) {
        val start = System.nanoTime()
        val result = try {
            item()
        } catch (e: PlannedFailure) {
            // The failing item ran as planned: counted, and still thrown so that the sink reports it failed.
            if (seedOf(index) == failingItem) runs.incrementAndGet(index)
            throw e
        }
        held.set(index, System.nanoTime() - start)
        count(index, result)
    }

    /** How long arrival [index] took from its start to its end (ns); 0 if it has not ended or failed. */
    fun heldNanos(index: Int): Long = held[index]

    private fun seedOf(index: Int) = order[index % order.size]

    private fun count(index: Int, result: Int) {
        val seed = seedOf(index)
        val right = when (result) {
            seeds[seed] -> true.also { firsts?.incrementAndGet(seed) }
            repeated -> firsts != null
            else -> false
        }
        runs.addAndGet(index, if (right) 1 else WRONG)
    }

    /** Throws [LedgerException] unless arrivals `0 until submitted` ran exactly once each, with the right result. */
    fun verify(submitted: Int) {
        val bad = (0 until submitted).filter { runs[it] != 1 }
        if (bad.isEmpty()) {
            verifyFirsts(minOf(submitted, seeds.size))
            return
        }
        val shown = bad.take(SHOWN).joinToString { i ->
            val n = runs[i]
            if (n >= WRONG) {
                "arrival $i returned a result that differs from the direct run"
            } else {
                "arrival $i ran $n time(s)"
            }
        }
        throw LedgerException("open loop broken: ${bad.size} of $submitted arrivals did not run exactly once: $shown")
    }

    /**
     * Throws [LedgerException] unless each seed the first [arrived] arrivals ran returned the direct run's result
     * once.
     */
    private fun verifyFirsts(arrived: Int) {
        val counts = firsts ?: return
        val bad = (0 until arrived).map { order[it] }.sorted().filter { counts[it] != 1 }
        if (bad.isEmpty()) return
        val shown = bad.take(SHOWN).joinToString { "seed $it returned the direct run's result ${counts[it]} time(s)" }
        throw LedgerException("open loop broken: ${bad.size} of $arrived seeds did not change their state once: $shown")
    }

    private companion object {
        /** A wrong result counts this much: far above any plausible number of runs. */
        const val WRONG = 1 shl 16
        const val SHOWN = 5

        /** The shuffle's seed: the same order on every run and machine. */
        const val ORDER_SEED = 44_047L
    }
}
