package dev.bakeoff.metrics

import kotlin.math.exp

/**
 * Two cells compared by their forks (JVMs): a [candidate] against a [baseline]. The one comparison the
 * group decision (a cell against its winner), `bakeoff compare` (new against base) and `bakeoff check`
 * (now against the baseline) make: Yuen's test (Welch's, up to five forks) on the two sides' fork
 * medians ([test], [ForkRatio]), or no test where a gap is so wide that none is needed ([separation],
 * [ForkVerdict.separation]), and
 * the verdict under a margin at the levels the caller divides its error rate into ([verdict]). Where a
 * side has one fork, the forks separate only when [oneFork] allows it (the decision: ten times apart);
 * where [slowerOnly], only a candidate behind is separated (the decision, whose baseline is the fastest
 * cell; `check`, where only slower fails) and one ahead is tested. Immutable; pure.
 */
internal class ForkComparison(
    val baseline: RankedCell,
    val candidate: RankedCell,
    oneFork: Boolean = false,
    slowerOnly: Boolean = false,
) {
    /** The test on the fork medians ([ForkRatio]); null with fewer than [ForkRatio.MIN_FORKS] forks a side. */
    val test: ForkRatio? = ForkRatio.of(baseline.forks, candidate.forks)

    /** [ForkVerdict.SLOWER] or [ForkVerdict.FASTER] when the forks lie too far apart to need a test, else null. */
    val separation: ForkVerdict? = ForkVerdict.separation(baseline.forks, candidate.forks, oneFork)
        ?.takeUnless { slowerOnly && it != ForkVerdict.SLOWER }

    /** Whether a test decides this pair: two forks a side or more, and not separated. */
    val tested: Boolean get() = test != null && separation == null

    /**
     * candidate / baseline of the (trimmed) geometric-mean fork medians (< 1: the candidate is faster), tested
     * or not.
     */
    val ratio: Double get() = exp(candidate.forks.location - baseline.forks.location)

    /** candidate / baseline of the medians of all runs: the ratio the decision and `check` show untested. */
    val medianRatio: Double get() = candidate.time.median / baseline.time.median

    /** The factor that [separation] reads: [ForkVerdict.separationFactor] for these forks. */
    val separationFactor: Double get() = ForkVerdict.separationFactor(baseline.forks.size, candidate.forks.size)

    /** `3 forks a side`, `1 fork a side` or `2 and 3 forks` (baseline first). */
    val sides: String get() {
        val (b, c) = baseline.forks.size to candidate.forks.size
        return if (b == c) "$b fork${if (b == 1) "" else "s"} a side" else "$b and $c forks"
    }

    /**
     * The verdict under [margin]: the [separation], [ForkVerdict.NOT_TESTED] with too few forks for a test,
     * else [ForkVerdict.of] with the interval at two-sided [confidence] and, where given, the equivalence
     * interval at [eqConfidence].
     */
    fun verdict(margin: Double, confidence: Double, eqConfidence: Double? = null): ForkVerdict =
        separation ?: test?.let { ForkVerdict.of(it, margin, confidence, eqConfidence) } ?: ForkVerdict.NOT_TESTED

    /**
     * `×1.20 (98.3% CI 1.15–1.26, p = 0.0079; 3 and 4 forks)`: the tested ratio with its interval at
     * two-sided [confidence], worded as every decision's figures are ([DecisionReasons.tested]).
     */
    fun figures(confidence: Double): String {
        val t = checkNotNull(test) { "figures need two forks a side" }
        val forks = "${baseline.forks.size} and ${candidate.forks.size} forks"
        return DecisionReasons.tested(t.ratio, t.interval(confidence), t.pValue, confidence, forks)
    }
}
