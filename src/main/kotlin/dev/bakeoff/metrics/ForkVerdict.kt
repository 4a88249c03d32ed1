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
         * A gap no fork effect seen here comes near, and so needs no test: one fork a side separates
         * cells this many times apart. Forks of one cell differed by at most about 6x on these machines
         * (a list-heavy pool's 0.9 ms and 5.6 ms forks in one race; 2.6x is more usual); two identical
         * cells 10x apart would need one's fork at the top of such a spread and the other's at the bottom
         * of a wider one.
         */
        const val ONE_FORK_SEPARATION = 10.0

        /**
         * The factor that separates two sides of [baselineForks] and [candidateForks] forks:
         * [GroupDecision.SEPARATION] with [ForkRatio.MIN_FORKS] a side, [ONE_FORK_SEPARATION] with
         * fewer, as one fork's luck can be twice as wide but not ten times.
         */
        fun separationFactor(baselineForks: Int, candidateForks: Int): Double =
            if (minOf(baselineForks, candidateForks) >= ForkRatio.MIN_FORKS) {
                GroupDecision.SEPARATION
            } else {
                ONE_FORK_SEPARATION
            }

        /**
         * [SLOWER] when [candidate]'s fastest fork is over [separationFactor] times [baseline]'s
         * slowest, [FASTER] the other way round, else null: with fewer than [ForkRatio.MIN_FORKS]
         * forks a side only where [oneFork] allows it (a group's decision; `compare` and `check` keep
         * two forks a side), and never with no fork. A separated pair needs no test.
         */
        fun separation(baseline: ForkSample, candidate: ForkSample, oneFork: Boolean = false): ForkVerdict? {
            val fewest = minOf(baseline.size, candidate.size)
            if (fewest < 1 || (fewest < ForkRatio.MIN_FORKS && !oneFork)) return null
            val factor = separationFactor(baseline.size, candidate.size)
            return when {
                candidate.fastest > factor * baseline.slowest -> SLOWER
                baseline.fastest > factor * candidate.slowest -> FASTER
                else -> null
            }
        }

        /** Whether [ratio]'s equivalence interval at two-sided [eqConfidence] lies within 1 ± [margin] (TOST). */
        fun within(ratio: ForkRatio, margin: Double, eqConfidence: Double): Boolean =
            ratio.interval(eqConfidence).let { (low, high) -> low >= 1 - margin && high <= 1 + margin }

        /**
         * [ratio]'s verdict with its interval at [confidence] and, when [eqConfidence] is given, the
         * equivalence interval at it. Equivalence first: a difference shown within the margin is the same,
         * however sure it is (the ratio lies inside that interval, so it cannot also be beyond the margin).
         */
        fun of(ratio: ForkRatio, margin: Double, confidence: Double, eqConfidence: Double? = null): ForkVerdict {
            val (low, high) = ratio.interval(confidence)
            return when {
                eqConfidence != null && within(ratio, margin, eqConfidence) -> SAME
                low > 1 && ratio.ratio > 1 + margin -> SLOWER
                high < 1 && ratio.ratio < 1 - margin -> FASTER
                else -> NOT_TOLD_APART
            }
        }
    }
}
