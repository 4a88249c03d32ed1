package dev.bakeoff.model

import kotlinx.coroutines.runBlocking

/**
 * The [Batch] the engine hands to strategies: each item runs [workload] in the run's [wait]
 * form and records its result in [ledger]; when [trace] is set (instrumentation pass only), it
 * also records when and where the item ran.
 */
internal class WorkloadBatch(private val workload: Workload, private val wait: WaitForm, private val ledger: TaskLedger) : Batch {
    override val size: Int get() = ledger.size

    /** Set only for the untimed instrumentation pass. */
    @Volatile
    var trace: ItemTrace? = null

    override fun run(index: Int) {
        val t = trace
        t?.started(index)
        val result =
            when (wait) {
                WaitForm.BLOCKING -> workload.run(index)

                // A thread-based strategy cannot suspend: bridging holds its thread for the wait.
                WaitForm.SUSPENDING -> runBlocking { workload.runSuspending(index) }
            }
        t?.finished(index)
        ledger.record(index, result)
    }

    override suspend fun runSuspending(index: Int) {
        val t = trace
        t?.started(index)
        val result =
            when (wait) {
                // A blocking callback called from a coroutine blocks the dispatcher thread, as in E1.
                WaitForm.BLOCKING -> workload.run(index)

                WaitForm.SUSPENDING -> workload.runSuspending(index)
            }
        t?.finished(index)
        ledger.record(index, result)
    }
}
