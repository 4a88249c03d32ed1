package dev.bakeoff.model

import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.atomic.AtomicLong

/**
 * The [Batch] the engine hands to strategies in measured batches: each item runs [workload] in
 * the run's [wait] form and records its result in [ledger] with one plain addition, and nothing
 * else, since whatever happens here is part of the measured figure. [traced] gives the same items
 * for the untimed instrumentation pass, which also records when and where each ran.
 *
 * Threading model: as [Batch]; each item touches only its own ledger slots (and trace slots).
 */
internal open class WorkloadBatch(
    private val workload: Workload,
    private val wait: WaitForm,
    protected val ledger: TaskLedger,
) : Batch {
    override val size: Int get() = ledger.size

    override fun run(index: Int) {
        ledger.record(index, call(index))
    }

    override suspend fun runSuspending(index: Int) {
        ledger.record(index, callSuspending(index))
    }

    /** The same items recording into [trace]; for the untimed instrumentation pass only. */
    open fun traced(trace: ItemTrace): Batch = Traced(trace)

    protected fun call(index: Int): Int = wait.call(workload, index)

    protected suspend fun callSuspending(index: Int): Int = wait.callSuspending(workload, index)

    /** Atomic ledger records here: the pass is untimed, and it counts even simultaneous duplicates. */
    private inner class Traced(private val trace: ItemTrace) : Batch {
        override val size: Int get() = ledger.size

        override fun run(index: Int) {
            trace.started(index)
            val result = ended(index) { call(index) }
            ledger.recordAtomically(index, result)
        }

        override suspend fun runSuspending(index: Int) {
            trace.started(index)
            val result = ended(index) { callSuspending(index) }
            ledger.recordAtomically(index, result)
        }

        /** Runs [item], then records how it ended, exceptions included (a failure batch's items throw). */
        private inline fun ended(index: Int, item: () -> Int): Int {
            val result = try {
                item()
            } catch (e: Throwable) {
                trace.finished(index, if (e is PlannedFailure) ItemOutcome.FAILED else ItemOutcome.CANCELLED)
                throw e
            }
            trace.finished(index)
            return result
        }
    }
}

/**
 * The batch of a [FailingWorkload]'s cell, or of any cell with a deadline: items may outlive the strategy's
 * return (a strategy that does not cancel leaves its other items running), so each records atomically, even in timed
 * batches: an item left over from one batch may record at the same moment as the same item of the
 * next. It also counts the items running and those ever started, which [settle] reads to wait for
 * leftovers outside timed sections. Those two atomic counters and the atomic record are the whole
 * extra cost of a failure batch's item.
 *
 * Threading model: as [Batch]; [settle] from the engine's thread, between batches.
 */
internal class FailingBatch(workload: Workload, wait: WaitForm, ledger: TaskLedger) :
    WorkloadBatch(workload, wait, ledger) {
    private val running = AtomicInteger()
    private val started = AtomicLong()

    override fun run(index: Int) {
        counted { ledger.recordAtomically(index, call(index)) }
    }

    override suspend fun runSuspending(index: Int) {
        counted { ledger.recordAtomically(index, callSuspending(index)) }
    }

    override fun traced(trace: ItemTrace): Batch {
        val inner = super.traced(trace)
        return object : Batch {
            override val size: Int get() = inner.size

            override fun run(index: Int) = counted { inner.run(index) }

            override suspend fun runSuspending(index: Int) = counted { inner.runSuspending(index) }
        }
    }

    private inline fun counted(item: () -> Unit) {
        started.incrementAndGet()
        running.incrementAndGet()
        try {
            item()
        } finally {
            running.decrementAndGet()
        }
    }

    /**
     * Waits until no item runs and none has started for [quietNanos] (an item still queued in a
     * pool starts within microseconds of a worker coming free), at most [limitNanos]; returns whether
     * the batch settled. Polls every millisecond: never called inside a timed batch.
     */
    fun settle(quietNanos: Long = QUIET_NANOS, limitNanos: Long = LIMIT_NANOS): Boolean {
        val end = System.nanoTime() + limitNanos
        var seen = started.get()
        var quietSince = System.nanoTime()
        while (System.nanoTime() < end) {
            val now = System.nanoTime()
            val count = started.get()
            if (count != seen || running.get() > 0) {
                seen = count
                quietSince = now
            } else if (now - quietSince >= quietNanos) {
                return true
            }
            Thread.sleep(1)
        }
        return false
    }

    /** What [settle] waits on, for a message: the items running now and those started so far. */
    fun pending(): String = "${running.get()} running, ${started.get()} started"

    companion object {
        const val QUIET_NANOS = 20_000_000L
        const val LIMIT_NANOS = 60_000_000_000L
    }
}

/** Runs item [seed] of [workload] on a thread, waiting in this form (the one rule of every [Batch]'s thread entry). */
internal fun WaitForm.call(workload: Workload, seed: Int): Int = when (this) {
    WaitForm.BLOCKING -> workload.run(seed)

    // A thread-based strategy cannot suspend: bridging holds its thread for the wait.
    WaitForm.SUSPENDING -> runBlockingCompat { workload.runSuspending(seed) }
}

/** Runs item [seed] of [workload] in a coroutine, waiting in this form. */
internal suspend fun WaitForm.callSuspending(workload: Workload, seed: Int): Int = when (this) {
    // A blocking callback called from a coroutine blocks the dispatcher thread, as in E1.
    WaitForm.BLOCKING -> workload.run(seed)

    WaitForm.SUSPENDING -> workload.runSuspending(seed)
}
