package dev.bakeoff.engine.load

import dev.bakeoff.engine.plan.LoadPlan

/**
 * A capacity search's budget: [budgetNanos] of wall time from its creation (null: no bound). A fork is
 * expected to take the mean of those [time]d so far, or its plan's warm-up and window before the first.
 *
 * Threading model: the run's thread only; it keeps the forks' total time.
 */
internal class ForkClock(
    private val budgetNanos: Long?,
    plan: LoadPlan,
    private val now: () -> Long = System::nanoTime,
) {
    private val start = now()
    private val firstGuess = plan.warmupNs + plan.durationNs
    private var forks = 0
    private var spent = 0L

    /** Whether [n] more forks fit in what is left of the budget. */
    fun fits(n: Int): Boolean {
        val budget = budgetNanos ?: return true
        val each = if (forks == 0) firstGuess else spent / forks
        return now() - start + n * each <= budget
    }

    /** Runs [fork], counting its wall time. */
    fun <T> time(fork: () -> T): T {
        val t0 = now()
        return fork().also {
            spent += now() - t0
            forks++
        }
    }
}
