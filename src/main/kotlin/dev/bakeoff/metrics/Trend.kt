package dev.bakeoff.metrics

import dev.bakeoff.wording.Units

/**
 * Is a cell still warming up (or slowing down) while it is measured? The test, on one fork's
 * measured runs in the order they ran, has two parts that must both hold:
 *
 * - **size**: the Theil–Sen slope (the median of the slopes between every pair of runs) times the
 *   span of the runs (n − 1), relative to the median run, is over [THRESHOLD] (10%) either way;
 * - **direction**: at least two thirds of all pairs of runs move that way (Kendall's tau of the
 *   runs against their order, |tau| ≥ [MIN_AGREEMENT]), so that one late outlier on a noisy
 *   machine (29, 29, 47 ms) is not taken for a trend, while steadily falling runs are.
 *
 * The drift is reported either way; a cell whose runs trend is not in a steady state. What it
 * cannot see: with fewer than [MIN_RUNS] runs there is nothing to test (null); with 3 runs, chance
 * alone orders noise monotonically one time in three, so only the size part keeps noise out; a
 * warm-up that ends before the first measured run is invisible by design. Pure; thread-safe.
 */
internal object Trend {
    const val THRESHOLD = 0.10
    const val MIN_RUNS = 3
    const val MIN_AGREEMENT = 2.0 / 3
    const val SIGNIFICANCE = 0.05

    /** The relative drift of [runs] from first to last, or null when there are fewer than [MIN_RUNS]. */
    fun drift(runs: List<Double>): Double? {
        if (runs.size < MIN_RUNS) return null
        val slopes = buildList {
            for (i in runs.indices) for (j in i + 1 until runs.size) add((runs[j] - runs[i]) / (j - i))
        }.sorted()
        val slope = (slopes[(slopes.size - 1) / 2] + slopes[slopes.size / 2]) / 2
        val median = runs.sorted().let { (it[(it.size - 1) / 2] + it[it.size / 2]) / 2 }
        return slope * (runs.size - 1) / median
    }

    /**
     * A trend as people read it, from a fork's first run over its last ([firstToLast]): "its first
     * run took 3.3× its last" (warming up) or "its last run took 1.4× its first" (slowing down). A
     * ratio, because a percentage of a warm-up that shrinks a run threefold reads as −231%.
     */
    fun told(firstToLast: Double): String = if (firstToLast >= 1) {
        "its first run took ${Units.ratio(firstToLast)}× its last"
    } else {
        "its last run took ${Units.ratio(1 / firstToLast)}× its first"
    }

    /** Of the forks' runs (each in run order), the one with the largest [drift]: its drift and first run over last. */
    fun largest(forks: List<List<Double>>): Pair<Double, Double>? = forks
        .mapNotNull { runs -> drift(runs)?.let { it to runs.first() / runs.last() } }
        .maxByOrNull { kotlin.math.abs(it.first) }

    /** Whether [runs] (in run order) are steady by both parts of the test; null when there are too few to test. */
    fun steady(runs: List<Double>): Boolean? {
        val drift = drift(runs) ?: return null
        return kotlin.math.abs(drift) <= THRESHOLD || kotlin.math.sign(drift) * tau(runs) < MIN_AGREEMENT
    }

    /**
     * Whether [runs] (in run order) trend beyond chance: over [THRESHOLD] either way and Kendall's
     * rank test of the runs against their order significant at [SIGNIFICANCE] (two-sided, exact).
     * What the decisions drop runs on ([ForkSample]): noise orders a few runs monotonically often
     * (3 runs one time in three), so fewer than 5 runs can never be significant here and are kept,
     * while a real warm-up over a screening fork's 8 runs is (a fork's further runs follow the
     * warm-up its screening fork needed).
     */
    fun significant(runs: List<Double>): Boolean {
        val drift = drift(runs) ?: return false
        return kotlin.math.abs(drift) > THRESHOLD && kendallP(runs) <= SIGNIFICANCE
    }

    /**
     * The exact two-sided p of Kendall's S of [runs] against their order, with no trend: every order
     * of the runs equally likely, so the number of inversions follows the Mahonian distribution
     * (ties count as neither concordant nor discordant, which only makes p larger). Pure.
     */
    fun kendallP(runs: List<Double>): Double {
        val n = runs.size
        val pairs = n * (n - 1) / 2
        var s = 0
        for (i in runs.indices) for (j in i + 1 until n) s += runs[j].compareTo(runs[i]).coerceIn(-1, 1)
        // |S| at least this large means at most this many pairs out of order, either way.
        val inversions = (pairs - kotlin.math.abs(s)) / 2
        val counts = mahonian(n)
        val total = counts.sum()
        return minOf(1.0, 2 * (0..inversions).sumOf { counts[it] } / total)
    }

    /** How many orders of n items have k inversions, for k = 0 until n(n-1)/2 + 1. */
    private fun mahonian(n: Int): DoubleArray {
        var row = doubleArrayOf(1.0)
        for (m in 2..n) {
            val next = DoubleArray(row.size + m - 1)
            for (k in row.indices) for (j in 0 until m) next[k + j] += row[k]
            row = next
        }
        return row
    }

    /** Several forks' verdicts as one: false if any trended, true if any was tested, else null. */
    fun all(steady: List<Boolean?>): Boolean? = when {
        false in steady -> false
        true in steady -> true
        else -> null
    }

    /** Kendall's tau of [runs] against their order: +1 every later run is slower, -1 every later run faster. */
    fun tau(runs: List<Double>): Double {
        var s = 0
        for (i in runs.indices) for (j in i + 1 until runs.size) s += runs[j].compareTo(runs[i]).coerceIn(-1, 1)
        return s.toDouble() / (runs.size * (runs.size - 1) / 2)
    }
}
