package dev.bakeoff.model

/**
 * A workload one of whose items fails on purpose: item [failingItem] throws a [PlannedFailure]
 * (when the batch has that many items; a smaller batch has no failing item and is a happy path).
 * Every other item does [work], unchanged. Such a cell measures what a strategy does when one item
 * fails: how fast it returns, what it cancels, what it leaves running (see `Cell`).
 * Implementations follow [Workload]'s threading model.
 */
internal interface FailingWorkload : Workload {
    /** The item that throws, 0-based. */
    val failingItem: Int

    /** What the items that do not fail run: the ledger's expected results and the items' CPU cost come from it. */
    val work: Workload
}

/** [FailingWorkload.work] for a failing workload, else the workload itself: what never fails on purpose. */
internal fun Workload.withoutFailure(): Workload = (this as? FailingWorkload)?.work ?: this

/**
 * The exception a [FailingWorkload]'s failing item throws; a strategy must let it reach its caller
 * (directly, or as the cause of its own exception). Without a stack trace: it is thrown inside
 * timed batches, and filling one in would time the JVM's stack walk.
 */
internal class PlannedFailure(item: Int) :
    RuntimeException("item $item failed on purpose", null, false, false)

/** Whether [e], or any exception it wraps or suppressed, is a [PlannedFailure]. */
internal fun isPlannedFailure(e: Throwable): Boolean {
    val seen = HashSet<Throwable>()

    fun visit(t: Throwable?): Boolean =
        t != null && seen.add(t) && (t is PlannedFailure || visit(t.cause) || t.suppressed.any(::visit))
    return visit(e)
}

/**
 * How one item of a traced batch ended: it ran to its result, it threw the [PlannedFailure], or it
 * ended with any other exception, which only the strategy can have caused (an interrupt, a
 * coroutine's cancellation). An item never started has no outcome.
 */
internal enum class ItemOutcome { COMPLETED, FAILED, CANCELLED }
