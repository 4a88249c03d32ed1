package dev.bakeoff.metrics

import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.PairOutcome
import dev.bakeoff.result.PairTest
import dev.bakeoff.wording.Units
import java.math.BigDecimal
import java.math.MathContext
import kotlin.math.sqrt

/**
 * The one-line reason of a [GroupDecision], with the figures that decided it and the forks they
 * came from: the closest strategy behind a decided winner (its gap stated against the margin), the
 * strategies in a tie, or those not told apart, with the group's resolution and, when a side has too
 * few forks for any test, that more forks are needed. Pure; thread-safe.
 */
internal object DecisionReasons {
    fun of(status: GroupStatus, tests: List<PairTest>, margin: Double, winnerForks: Int?): String = when (status) {
        GroupStatus.DECIDED -> decided(tests, margin, winnerForks)
        GroupStatus.TIE -> tie(tests, margin, winnerForks)
        GroupStatus.UNDECIDED -> undecided(tests, margin, winnerForks)
    }

    /**
     * `×1.20 (98.3% CI 1.15–1.26, p = 0.0079; 3 and 4 forks)`, the gap that made the test unnecessary,
     * the bare ratio where a side had too few forks to test, or `×1.08, too few forks to tell (3 and 3)`
     * where the interval spans more than [TOO_WIDE] times either way ([tooFew]).
     */
    fun figures(t: PairTest, winnerForks: Int?): String = "×${Units.ratio(t.ratio)}" + details(t, winnerForks)

    /**
     * `×1.04 behind, under the 5% margin (98.3% CI 1.01–1.07, p = 0.0079; 3 and 4 forks)` or `×1.22 behind
     * (…)`: a pair put behind the winner, its size stated against the [margin] that says whether it matters.
     */
    fun behind(t: PairTest, margin: Double, winnerForks: Int?): String {
        val under = if (t.ratio < 1 + margin) ", under the ${percent(margin)} margin" else ""
        return "×${Units.ratio(t.ratio)} behind$under" + details(t, winnerForks)
    }

    /**
     * Whether [t]'s interval spans more than [TOO_WIDE] times its ratio either way: such forks cannot
     * tell a cell twice as fast from one twice as slow, and their interval's figures would only mislead.
     */
    fun tooFew(t: PairTest): Boolean = t.ciHigh?.let { it / t.ratio > TOO_WIDE } == true

    /**
     * The resolution of an undecided group whose pairs are [tests]: the smallest ratio its forks could have
     * shown at its levels, the largest half-width (as a factor) of its tested pairs not told apart: a gap
     * any smaller could be there unseen. Null when none of them was tested.
     */
    fun resolution(tests: List<PairTest>): Double? = tests
        .filter { it.outcome == PairOutcome.UNRESOLVED }
        .mapNotNull { t -> t.ciLow?.let { sqrt(t.ciHigh!! / it) } }
        .maxOrNull()

    /** What follows a pair's ratio in [figures]: its interval, its separation, its forks, or nothing. */
    private fun details(t: PairTest, winnerForks: Int?): String {
        val forks = forks(winnerForks, t)
        val low = t.ciLow ?: return when (t.outcome) {
            PairOutcome.SEPARATED -> {
                val unit = if (t.forks == null) "run" else "fork"
                // Files written before forks were kept count each run as a fork.
                val factor = t.forks?.let { ForkVerdict.separationFactor(winnerForks ?: it, it) }
                    ?: GroupDecision.SEPARATION
                ", its fastest $unit over ${Units.sig3(factor)}× the winner's slowest" +
                    forks.let { if (it.isEmpty()) "" else " ($it)" }
            }

            else -> if (forks.isEmpty()) "" else " ($forks)"
        }
        if (tooFew(t)) {
            return ", too few forks to tell" +
                if (forks.isEmpty()) "" else " (${forks.removeSuffix(" forks")})"
        }
        return " " + interval(low to t.ciHigh!!, t.pValue!!, t.confidence ?: LEGACY_CONFIDENCE, forks)
    }

    /**
     * `×1.20 (98.3% CI 1.15–1.26, p = 0.0079; 3 and 4 forks)`: a tested [ratio], its [interval] at two-sided
     * [confidence], its [p] and the [forks] counted (left out when empty). The one wording of a tested pair:
     * a decision's ([figures]), `compare`'s and `check`'s ([ForkComparison.figures]).
     */
    fun tested(ratio: Double, interval: Pair<Double, Double>, p: Double, confidence: Double, forks: String): String =
        "×${Units.ratio(ratio)} " + interval(interval, p, confidence, forks)

    /** `(98.3% CI 1.15–1.26, p = 0.0079; 3 and 4 forks)`: what [tested] puts after the ratio. */
    private fun interval(interval: Pair<Double, Double>, p: Double, confidence: Double, forks: String): String {
        val counted = if (forks.isEmpty()) "" else "; $forks"
        return "(${confidencePercent(confidence)} CI ${Units.ratio(interval.first)}–" +
            "${Units.ratio(interval.second)}, p ${pValue(p)}$counted)"
    }

    /**
     * `= 0.0079`: a p-value to two significant figures, and never finer than `< 0.001`: a t test on a
     * handful of forks rests on their log medians being normal, which no handful can show in the far tail.
     */
    fun pValue(p: Double): String = if (p < P_FLOOR) {
        "< $P_FLOOR"
    } else {
        "= " + BigDecimal(p).round(MathContext(2)).toPlainString()
    }

    /**
     * A confidence level with its miss rate to two significant figures (`98.3%`, `99.963%`), so a level
     * corrected for many pairs never reads as a 100% interval.
     */
    fun confidencePercent(x: Double): String {
        val miss = BigDecimal((1 - x) * 100).round(MathContext(2))
        return (BigDecimal(100) - miss).stripTrailingZeros().toPlainString() + "%"
    }

    /** `5%`, `2.5%`, `98.3%`: a share with at most three significant figures, no trailing zeros. */
    fun percent(x: Double): String =
        BigDecimal(x * 100).round(MathContext(3)).stripTrailingZeros().toPlainString() + "%"

    private fun forks(winnerForks: Int?, t: PairTest): String =
        if (winnerForks == null || t.forks == null) "" else "$winnerForks and ${t.forks} forks"

    private fun decided(tests: List<PairTest>, margin: Double, winnerForks: Int?): String {
        val closest = tests.firstOrNull() ?: return "the only strategy that completed"
        val others = if (tests.size ==
            1
        ) {
            closest.strategy
        } else {
            "all ${tests.size} others; the closest, ${closest.strategy}"
        }
        // A separated pair reads as it always has: its gap is its own measure.
        val gap = when {
            closest.outcome == PairOutcome.SLOWER -> ", ${behind(closest, margin, winnerForks)}"
            tests.size == 1 -> " ${figures(closest, winnerForks)}"
            else -> ", ${figures(closest, winnerForks)}"
        }
        return "ahead of $others$gap"
    }

    private fun tie(tests: List<PairTest>, margin: Double, winnerForks: Int?): String {
        val tied = tests.filter { it.outcome == PairOutcome.EQUIVALENT }
        val behind = tests.filter { it.outcome.behind }
        val rest = behind.firstOrNull()?.let { closest ->
            "; behind: ${closest.strategy} ${behind(closest, margin, winnerForks)}" +
                if (behind.size > 1) " and ${behind.size - 1} more" else ""
        }
        val equal = named(tied) { equivalence(it, winnerForks) }
        return "equivalent within ±${percent(margin)}: $equal" + rest.orEmpty()
    }

    private fun undecided(tests: List<PairTest>, margin: Double, winnerForks: Int?): String {
        val open = tests.filter { it.outcome == PairOutcome.UNRESOLVED }
        val apart = "not told apart from ${named(open) { t -> figures(t, winnerForks) }}"
        val few = open.firstOrNull { (it.forks ?: Int.MAX_VALUE) < ForkRatio.MIN_FORKS }?.let {
            "; ${it.strategy} has ${it.forks} fork(s): a test takes at least ${ForkRatio.MIN_FORKS} a side"
        } ?: if ((winnerForks ?: Int.MAX_VALUE) < ForkRatio.MIN_FORKS) {
            "; the winner has $winnerForks fork(s): a test takes at least ${ForkRatio.MIN_FORKS} a side"
        } else {
            null
        }
        // Those already shown equivalent are part of the answer too: the winner's set is both.
        val tied = tests.filter { it.outcome == PairOutcome.EQUIVALENT }.takeIf { it.isNotEmpty() }
            ?.let { "; equivalent within ±${percent(margin)}: ${named(it) { t -> equivalence(t, winnerForks) }}" }
        return apart + few.orEmpty() + tied.orEmpty()
    }

    /** `×1.01 (90% CI 1.00–1.02; 3 and 3 forks)`: the interval the equivalence test put within the margin. */
    private fun equivalence(t: PairTest, winnerForks: Int?): String {
        val forks = forks(winnerForks, t).let { if (it.isEmpty()) "" else "; $it" }
        val level = confidencePercent(t.eqConfidence ?: LEGACY_EQ_CONFIDENCE)
        return "×${Units.ratio(t.ratio)} ($level CI ${Units.ratio(t.eqLow!!)}–${Units.ratio(t.eqHigh!!)}$forks)"
    }

    /** The first few strategies with their [figures], then how many more. */
    private fun named(tests: List<PairTest>, figures: (PairTest) -> String): String {
        val shown = tests.take(SHOWN).joinToString { "${it.strategy} ${figures(it)}" }
        return if (tests.size > SHOWN) "$shown and ${tests.size - SHOWN} more" else shown
    }

    private const val SHOWN = 2

    /** An interval wider than this factor either way of its ratio tells nothing ([tooFew]). */
    private const val TOO_WIDE = 2.0
    private const val P_FLOOR = 0.001

    /** The levels of files written before each pair recorded its own. */
    private const val LEGACY_CONFIDENCE = 0.95
    private const val LEGACY_EQ_CONFIDENCE = 0.90
}
