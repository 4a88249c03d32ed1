package dev.bakeoff.result

/**
 * What became of a batch's items once its outcome was known (an item failed, or the deadline passed), the part
 * [FailureFigures] and [DeadlineFigures] share: what started after, what the strategy left running and for how
 * long, how the items ended, and the threads left behind. Each implementation says how its counts sum up over
 * the traced batches (medians, and the largest [threadsLeft]). Times are `System.nanoTime()` differences in the
 * measured JVM. Immutable values, safe from any thread.
 */
public interface StopFigures {
    /** Traced batches these figures cover. */
    public val batches: Int

    /** Items that started after the outcome was known: work begun when the answer already was. */
    public val startedAfter: Int

    /** Items still running when the strategy returned: work it left behind. */
    public val runningAtReturn: Int

    /** How long the last of those ran on after the strategy returned, ns (0 when none did). */
    public val ranOnNs: Long

    /** Items that completed, including those that finished after the outcome was known (or after the return). */
    public val completed: Int

    /** Items that ended with another exception than a failure's own: cancelled (interrupted, or a coroutine's). */
    public val cancelled: Int

    /** Items never started. */
    public val notStarted: Int

    /** Platform threads started during the batch and still alive after the strategy closed: leaks. */
    public val threadsLeft: Int
}
