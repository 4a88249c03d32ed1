package dev.bakeoff.metrics

import org.apache.commons.statistics.descriptive.Median
import org.apache.commons.statistics.descriptive.Quantile
import org.apache.commons.statistics.inference.MannWhitneyUTest
import java.util.SplittableRandom

/**
 * A candidate sample against a baseline sample, each of independent figures (`selfcheck` gives one
 * median per fork; runs of one fork are not independent, so `compare` and the race count forks with
 * [ForkRatio] instead). [ratio] is median(candidate) / median(baseline) (< 1: the candidate is
 * faster), [ciLow] and [ciHigh] its 95% percentile bootstrap confidence interval, [eqLow] and [eqHigh] its 90% one
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
) {
    companion object {
        /**
         * One side's fastest over this many times the other side's slowest is a gap no noise on these
         * machines explains ([GroupDecision.SEPARATION], [ForkVerdict.separation]).
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
            return MedianRatio(ratio, bounds[0], bounds[3], bounds[1], bounds[2], p)
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
