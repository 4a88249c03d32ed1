package dev.bakeoff.metrics

import org.apache.commons.statistics.descriptive.Median
import org.apache.commons.statistics.descriptive.Quantile
import org.apache.commons.statistics.inference.MannWhitneyUTest
import java.util.SplittableRandom

/**
 * Is [candidate] faster or slower than [baseline]? Both are the measured runs of one cell (ns per
 * batch). [ratio] is median(candidate) / median(baseline) (< 1: the candidate is faster), [ciLow]
 * and [ciHigh] its 95% percentile bootstrap confidence interval, [eqLow] and [eqHigh] its 90% one
 * (for equivalence: two one-sided tests at 0.05 each, as TOST), [pValue] the two-sided Mann–Whitney U
 * test's (exact for small samples without ties, the normal approximation otherwise: Commons
 * Statistics' `AUTO`). Immutable.
 */
internal data class MedianRatio(
    val ratio: Double,
    val ciLow: Double,
    val ciHigh: Double,
    val eqLow: Double,
    val eqHigh: Double,
    val pValue: Double,
    val baselineRuns: Int,
    val candidateRuns: Int,
) {
    /**
     * A change only when both tests agree: the rank test rejects "same distribution" at [alpha]
     * and the bootstrap interval excludes 1. With 3 runs a side the smallest exact two-sided p is
     * 0.1, so no difference can be significant at 0.05: that is the honest answer, not a bug.
     */
    fun verdict(alpha: Double = ALPHA): Verdict = when {
        pValue >= alpha -> Verdict.SAME
        ciHigh < 1.0 -> Verdict.FASTER
        ciLow > 1.0 -> Verdict.SLOWER
        else -> Verdict.SAME
    }

    /** The candidate relative to the baseline. */
    enum class Verdict(val label: String) {
        FASTER("faster"),
        SLOWER("slower"),
        SAME("no significant difference"),
    }

    companion object {
        const val ALPHA = 0.05

        /**
         * Two samples are separated when one side's fastest run is over this many times the other side's
         * slowest: a gap no noise on these machines explains, however few the runs (a race stops a cell
         * on the same rule, [GroupDecision.SEPARATION]).
         */
        const val SEPARATION = 2.0
        const val CONFIDENCE = 0.95

        /**
         * The interval an equivalence claim needs: within a margin at 90% is "not below and not
         * above it" by two one-sided tests at 0.05 each (Schuirmann's TOST).
         */
        const val EQUIVALENCE_CONFIDENCE = 0.90
        const val RESAMPLES = 10_000

        /**
         * Compares two samples; [seed] makes the bootstrap reproducible (the same inputs and seed
         * give the same interval on every machine: `SplittableRandom`'s algorithm is specified).
         * Pure; safe from any thread.
         */
        fun of(baseline: List<Double>, candidate: List<Double>, seed: Long): MedianRatio {
            require(baseline.isNotEmpty() && candidate.isNotEmpty()) { "both samples need at least one run" }
            val base = baseline.toDoubleArray()
            val cand = candidate.toDoubleArray()
            val ratio = MEDIAN.evaluate(cand) / MEDIAN.evaluate(base)
            val bounds = bootstrap(base, cand, SplittableRandom(seed))
            // Every run of both sides equal (one run each, say): the test's variance is zero and its p NaN.
            // Identical samples are no evidence of a difference: p = 1.
            val p = MannWhitneyUTest.withDefaults().test(base, cand).pValue.takeUnless { it.isNaN() } ?: 1.0
            return MedianRatio(ratio, bounds[0], bounds[3], bounds[1], bounds[2], p, base.size, cand.size)
        }

        /**
         * [Verdict.SLOWER] when [candidate]'s fastest run is over [SEPARATION] times [baseline]'s slowest,
         * [Verdict.FASTER] the other way round, else null (the tests must decide). Pure.
         */
        fun separation(baseline: List<Double>, candidate: List<Double>): Verdict? = when {
            candidate.min() > SEPARATION * baseline.max() -> Verdict.SLOWER
            baseline.min() > SEPARATION * candidate.max() -> Verdict.FASTER
            else -> null
        }

        /**
         * Percentile bootstrap: resample each side with replacement, take the ratio of the medians.
         * Returns the 95% and 90% bounds in ascending order: low 95%, low 90%, high 90%, high 95%.
         */
        private fun bootstrap(base: DoubleArray, cand: DoubleArray, random: SplittableRandom): DoubleArray {
            val b = DoubleArray(base.size)
            val c = DoubleArray(cand.size)
            val ratios = DoubleArray(RESAMPLES) {
                for (i in b.indices) b[i] = base[random.nextInt(base.size)]
                for (i in c.indices) c[i] = cand[random.nextInt(cand.size)]
                MEDIAN.evaluate(c) / MEDIAN.evaluate(b)
            }
            val tail = (1 - CONFIDENCE) / 2
            val eqTail = (1 - EQUIVALENCE_CONFIDENCE) / 2
            return Quantile.withDefaults().evaluate(ratios, tail, eqTail, 1 - eqTail, 1 - tail)
        }

        private val MEDIAN = Median.withDefaults()
    }
}
