package dev.bakeoff.metrics

/**
 * A candidate against a baseline, counted by forks ([ForkSample], [ForkRatio]) under a practical
 * margin: the rule `bakeoff compare` and `bakeoff check` share, and the race's ([GroupDecision]).
 * [FASTER] or [SLOWER] only when the whole interval lies on one side of 1 and the ratio itself
 * beyond 1 ± margin, or when the forks are [separated][separation]; [SAME] when the equivalence
 * interval (two one-sided tests) lies within 1 ± margin; [NOT_TESTED] when a side has fewer than
 * [ForkRatio.MIN_FORKS] forks; else [NOT_TOLD_APART]. Pure; thread-safe.
 */
internal enum class ForkVerdict(private val label: String) {
    FASTER("faster"),
    SLOWER("slower"),
    SAME("same within"),
    NOT_TOLD_APART("not told apart"),
    NOT_TESTED("not tested"),
    ;

    /** `faster`, `same within 5%`: [SAME] names its [margin]. */
    fun label(margin: Double): String = if (this == SAME) "$label ${DecisionReasons.percent(margin)}" else label

    companion object {
        /**
         * The two-sided confidence of each of [tests] intervals such that together they miss at most
         * [alpha] (Bonferroni, as the race divides its level over its pairs). The equivalence interval
         * takes twice the level: two one-sided tests at [alpha] / [tests] each.
         */
        fun confidence(tests: Int, alpha: Double = GroupDecision.ALPHA): Double = 1 - alpha / maxOf(1, tests)

        /**
         * [SLOWER] when [candidate]'s fastest fork is over [GroupDecision.SEPARATION] times [baseline]'s
         * slowest, [FASTER] the other way round, else null; null too with fewer than [ForkRatio.MIN_FORKS]
         * forks a side, as one fork's luck can be that wide. A separated pair needs no test.
         */
        fun separation(baseline: ForkSample, candidate: ForkSample): ForkVerdict? = when {
            minOf(baseline.size, candidate.size) < ForkRatio.MIN_FORKS -> null
            candidate.fastest > GroupDecision.SEPARATION * baseline.slowest -> SLOWER
            baseline.fastest > GroupDecision.SEPARATION * candidate.slowest -> FASTER
            else -> null
        }

        /**
         * [ratio]'s verdict with its interval at [confidence] and, when [eqConfidence] is given, the
         * equivalence interval at it. Equivalence first: a difference shown within the margin is the same,
         * however sure it is (the ratio lies inside that interval, so it cannot also be beyond the margin).
         */
        fun of(ratio: ForkRatio, margin: Double, confidence: Double, eqConfidence: Double? = null): ForkVerdict {
            val same = eqConfidence?.let { ratio.interval(it) }
            val (low, high) = ratio.interval(confidence)
            return when {
                same != null && same.first >= 1 - margin && same.second <= 1 + margin -> SAME
                low > 1 && ratio.ratio > 1 + margin -> SLOWER
                high < 1 && ratio.ratio < 1 - margin -> FASTER
                else -> NOT_TOLD_APART
            }
        }
    }
}
