package dev.bakeoff.engine.plan

/**
 * Racing instead of a fixed plan: every cell gets a short screening fork, then the cells that could
 * still win their group get more forks until the group is decided or [budgetNanos] is spent.
 *
 * @property budgetNanos wall time for the whole run; screening always runs every cell, later forks
 *   start only while their estimated cost fits in what is left.
 */
internal data class RaceOptions(val budgetNanos: Long = DEFAULT_BUDGET_NANOS) {
    companion object {
        const val DEFAULT_BUDGET_NANOS = 240_000_000_000L
    }
}
