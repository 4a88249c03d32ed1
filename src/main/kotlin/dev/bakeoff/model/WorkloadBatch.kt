package dev.bakeoff.model

import kotlinx.coroutines.runBlocking

/**
 * The [Batch] the engine hands to strategies in measured batches: each item runs [workload] in
 * the run's [wait] form and records its result in [ledger] with one plain addition, and nothing
 * else, since whatever happens here is part of the measured figure. [traced] gives the same items
 * for the untimed instrumentation pass, which also records when and where each ran.
 *
 * Threading model: as [Batch]; each item touches only its own ledger slots (and trace slots).
 */
internal class WorkloadBatch(private val workload: Workload, private val wait: WaitForm, private val ledger: TaskLedger) : Batch {
    override val size: Int get() = ledger.size

    override fun run(index: Int) {
        ledger.record(index, call(index))
    }

    override suspend fun runSuspending(index: Int) {
        ledger.record(index, callSuspending(index))
    }

    /** The same items recording into [trace]; for the untimed instrumentation pass only. */
    fun traced(trace: ItemTrace): Batch = Traced(trace)

    private fun call(index: Int): Int = wait.call(workload, index)

    private suspend fun callSuspending(index: Int): Int = wait.callSuspending(workload, index)

    /** Atomic ledger records here: the pass is untimed, and it counts even simultaneous duplicates. */
    private inner class Traced(private val trace: ItemTrace) : Batch {
        override val size: Int get() = ledger.size

        override fun run(index: Int) {
            trace.started(index)
            val result = call(index)
            trace.finished(index)
            ledger.recordAtomically(index, result)
        }

        override suspend fun runSuspending(index: Int) {
            trace.started(index)
            val result = callSuspending(index)
            trace.finished(index)
            ledger.recordAtomically(index, result)
        }
    }
}

/** Runs item [seed] of [workload] on a thread, waiting in this form (the one rule of every [Batch]'s thread entry). */
internal fun WaitForm.call(workload: Workload, seed: Int): Int = when (this) {
    WaitForm.BLOCKING -> workload.run(seed)

    // A thread-based strategy cannot suspend: bridging holds its thread for the wait.
    WaitForm.SUSPENDING -> runBlocking { workload.runSuspending(seed) }
}

/** Runs item [seed] of [workload] in a coroutine, waiting in this form. */
internal suspend fun WaitForm.callSuspending(workload: Workload, seed: Int): Int = when (this) {
    // A blocking callback called from a coroutine blocks the dispatcher thread, as in E1.
    WaitForm.BLOCKING -> workload.run(seed)

    WaitForm.SUSPENDING -> workload.runSuspending(seed)
}
