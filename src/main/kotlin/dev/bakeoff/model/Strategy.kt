package dev.bakeoff.model

import java.util.concurrent.Executor

/**
 * One way of running every item of a batch concurrently (or not): a thread pool, a coroutine
 * dispatcher, a reactive scheduler, a thread per item...
 *
 * Lifecycle: [open] creates the pools the strategy owns, outside any measured section; [run]
 * is then called once per batch, from one thread at a time, and returns only when every item
 * of the batch has finished; [close] shuts the owned pools down and waits for their threads,
 * so that no thread created by [open] or [run] outlives it. Process-wide schedulers the
 * strategy borrows (Dispatchers.Default, Rx and Reactor schedulers, the common pool) are not
 * closed; the catalog entry declares them as [SharedScheduler]s.
 *
 * A strategy knows nothing about workloads: it only calls [Batch.run] or [Batch.runSuspending]
 * for each index.
 *
 * A strategy that can take items as they arrive also has a long-lived form, [openLoop], for
 * `bakeoff load`; one that only knows a fixed batch returns null, and its entry says why
 * ([StrategyEntry.fixedBatchOnly]).
 */
internal interface Strategy : AutoCloseable {
    /** Creates owned pools and schedulers. Called once, before the first [run]. */
    fun open() {}

    /** Runs items `0 until batch.size`, each exactly once, and returns when all have finished. */
    fun run(batch: Batch)

    /**
     * Runs [batch] as [run] does, but within [deadlineNanos] from the call (`--deadline`): returns normally
     * when every item finished in time, throws [DeadlinePassed] when the deadline passed first (an item's
     * failure before it, as [run]). Items it stopped end cancelled or never start; how late it returns and
     * what it leaves running is what a deadline cell measures. A strategy with a deadline of its own
     * (`withTimeout`, `invokeAll` with a timeout, `Mono.timeout`) overrides this and [deadlineForm]; the
     * default is the harness's ([HarnessDeadline]). Called as [run] is.
     */
    fun runWithin(batch: Batch, deadlineNanos: Long) {
        HarnessDeadline.run(this, batch, deadlineNanos)
    }

    /** How [runWithin] honours the deadline: a short name, a colon, what it does (results and reports show it). */
    val deadlineForm: String get() = HarnessDeadline.FORM

    /**
     * Where [run] puts its items, as an [Executor] that runs a task the same way (on the same pool or
     * dispatcher, or on a new thread of the same kind); null when not said. Valid between [open] and
     * [close]. Only the hazard workloads use it ([ItemSite]): work they hand to it competes with the
     * items for the same threads, as nested work does in an application.
     */
    val site: Executor? get() = null

    /**
     * The long-lived form of this strategy over [batch]'s items (indices `0 until batch.size`, each
     * submitted once), or null when it only knows a fixed batch. Called after [open], from one thread;
     * the sink is closed before [close].
     */
    fun openLoop(batch: Batch): ItemSink? = null

    /** Releases what [open] created and waits for its threads to end. */
    override fun close() {}
}
