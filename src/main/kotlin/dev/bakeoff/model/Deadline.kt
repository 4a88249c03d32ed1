package dev.bakeoff.model

import java.time.Duration

/**
 * What a strategy's [Strategy.runWithin] throws when the batch deadline passed before every item had
 * finished: the strategy says so whatever its own form of it was, which is the [cause]
 * (`TimeoutCancellationException`, `TimeoutException`...). Without a stack trace: it is thrown inside
 * timed batches, and filling one in would time the JVM's stack walk.
 */
internal class DeadlinePassed(cause: Throwable? = null) :
    RuntimeException("the batch deadline passed", cause, false, false)

/**
 * The harness's deadline, [Strategy.runWithin]'s default for a strategy without a form of its own: [run]
 * calls [Strategy.run] on a new platform thread and waits for it until the deadline; if it has not
 * returned by then, interrupts that thread (a blocked `get`, `join` or `runBlocking` ends at once, what
 * it waited for does not) and waits for it to return, however long that takes. The thread has always
 * ended when [run] returns, so it is never counted as left behind. Called from one thread at a time.
 */
internal object HarnessDeadline {
    /** [Strategy.deadlineForm] of a strategy that uses it. */
    const val FORM = "harness: interrupts the thread in run() at the deadline, then waits for run() to return"

    /** Runs [strategy] over [batch] within [deadlineNanos], as [Strategy.runWithin] says. */
    fun run(strategy: Strategy, batch: Batch, deadlineNanos: Long) {
        var thrown: Throwable? = null
        val runner = Thread.ofPlatform().name("bakeoff-deadline").unstarted {
            try {
                strategy.run(batch)
            } catch (e: Throwable) {
                thrown = e
            }
        }
        runner.start()
        val inTime = runner.join(Duration.ofNanos(deadlineNanos))
        if (!inTime) {
            runner.interrupt()
            runner.join()
        }
        // join() orders the runner's write of [thrown] before this read.
        val error = thrown
        if (!inTime) throw DeadlinePassed(error)
        if (error != null) throw error
    }
}
