package dev.bakeoff.engine.plan

/**
 * Racing instead of a fixed plan: every cell gets a short screening fork, then the cells that could
 * still win their group get more forks until the group is decided or [budgetNanos] is spent.
 *
 * @property budgetNanos wall time for the whole run; screening always runs every cell, later forks
 *   start only while their estimated cost fits in what is left.
 * @property maxForks the forks that count a cell gets at most ([maxForks] of the budget by default):
 *   fixed before the race starts, as the looks of a group-sequential test must be.
 */
internal data class RaceOptions(
    val budgetNanos: Long = DEFAULT_BUDGET_NANOS,
    val maxForks: Int = maxForks(budgetNanos),
) {
    init {
        require(maxForks in BASE_FORKS..MOST_FORKS) { "a race gives a cell $BASE_FORKS to $MOST_FORKS forks" }
    }

    /** The looks the race takes at a group that can decide it: after every round from the second (two forks a side). */
    val looks: Int get() = maxForks - 1

    companion object {
        const val DEFAULT_BUDGET_NANOS = 240_000_000_000L

        /**
         * The forks a race of the default budget gives a cell at most. Forks differ more than runs (up to
         * 2.6x on these machines), so a close pair needs five or six a side to be told apart.
         */
        const val BASE_FORKS = 6

        /**
         * The most forks any budget buys a cell: ten looks, as far as Pocock's boundaries are tabulated
         * ([dev.bakeoff.metrics.GroupDecision.lookAlpha]).
         */
        const val MOST_FORKS = 11

        /**
         * The forks a cell gets at most in a race of [budgetNanos]: [BASE_FORKS] up to the default 4
         * minutes, one more for every 40 s beyond, up to [MOST_FORKS] (from 440 s), so that a longer
         * budget buys decisions as well as cells. With six whatever the budget, `-w lists --budget 10m`
         * stopped after 67 s (2 cores, JDK 25.0.3): its closest pairs were judged too close for six forks
         * a side, and a pair at the margin (`coroutine-io` about 4% behind `virtual-threads` on `mixed`)
         * needs about ten.
         */
        fun maxForks(budgetNanos: Long): Int =
            (budgetNanos / NANOS_PER_FORK).toInt().coerceIn(BASE_FORKS, MOST_FORKS)

        /** The least budget ([maxForks]) that gives a cell [forks] forks at most. */
        fun budgetFor(forks: Int): Long = forks.coerceIn(BASE_FORKS, MOST_FORKS) * NANOS_PER_FORK

        /** 40 s of budget for every fork a cell may get at most (six in the default 4 minutes). */
        private const val NANOS_PER_FORK = DEFAULT_BUDGET_NANOS / BASE_FORKS
    }
}
