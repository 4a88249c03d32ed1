package dev.bakeoff.metrics

import org.apache.commons.statistics.distribution.TDistribution
import kotlin.math.abs
import kotlin.math.exp
import kotlin.math.sqrt

/**
 * Is a candidate faster or slower than a baseline, counted by forks? Yuen's trimmed t test on the
 * forks' log medians ([ForkSample.location], [ForkSample.locationVariance]), which with five forks a
 * side or fewer trims nothing and is Welch's: [ratio] is the ratio of the two sides' trimmed
 * geometric-mean fork medians (candidate / baseline), [logSe] the standard error of its log,
 * [degreesOfFreedom] from Welch–Satterthwaite on the forks kept (two forks a side give about two, so
 * an interval is as wide as two JVMs a side honestly leave it) and [pValue] the two-sided test of "no
 * difference". Trimming is what keeps one fork twice as slow as its cell's others (a machine hiccup)
 * from holding a real gap open: measured in `DecisionSimulationTest`. Immutable.
 */
internal data class ForkRatio(val ratio: Double, val logSe: Double, val degreesOfFreedom: Double, val pValue: Double) {
    /**
     * The interval of [ratio] at two-sided [confidence], as (low, high). Two forks a side at a
     * corrected level can put the t quantile in the thousands: the half-width is capped at a factor of
     * [MAX_FACTOR] either way, which no decision reads differently and which stays a finite number
     * in results.json (JSON has no infinity).
     */
    fun interval(confidence: Double): Pair<Double, Double> {
        val t = TDistribution.of(degreesOfFreedom).inverseSurvivalProbability((1 - confidence) / 2) * logSe
        val half = if (t.isNaN()) MAX_LOG_HALF else minOf(t, MAX_LOG_HALF)
        return ratio * exp(-half) to ratio * exp(half)
    }

    companion object {
        /** The widest an interval is drawn, either way of the ratio: beyond it, nothing is known. */
        const val MAX_FACTOR = 1e6
        private val MAX_LOG_HALF = kotlin.math.ln(MAX_FACTOR)

        /** The fewest forks a side a test takes: one fork shows nothing of how much the next would differ. */
        const val MIN_FORKS = 2

        /**
         * Compares [baseline] and [candidate], or null when a side has fewer than [MIN_FORKS] forks, or a fork
         * median of 0 ns (only a written file has one: its log is -∞, so no mean, variance or t quantile). Pure.
         */
        fun of(baseline: ForkSample, candidate: ForkSample): ForkRatio? {
            if (baseline.size < MIN_FORKS || candidate.size < MIN_FORKS) return null
            val d = candidate.location - baseline.location
            if (!d.isFinite()) return null
            val vb = baseline.locationVariance
            val vc = candidate.locationVariance
            val se = sqrt(vb + vc)
            val df = if (se == 0.0) {
                (baseline.kept + candidate.kept - 2).toDouble()
            } else {
                (vb + vc) * (vb + vc) / (vb * vb / (baseline.kept - 1) + vc * vc / (candidate.kept - 1))
            }
            // Every fork of both sides alike (constructed data): any difference is certain, none is none.
            val p = when {
                se > 0.0 -> 2 * TDistribution.of(df).survivalProbability(abs(d) / se)
                d == 0.0 -> 1.0
                else -> 0.0
            }
            return ForkRatio(exp(d), se, df, p)
        }
    }
}
