package dev.bakeoff.metrics

import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.PairOutcome
import dev.bakeoff.result.PairTest
import dev.bakeoff.wording.Units
import java.math.BigDecimal
import java.math.MathContext

/**
 * The one-line reason of a [GroupDecision], with the figures that decided it and the forks they
 * came from: the closest strategy behind a decided winner, the strategies in a tie, or those not
 * told apart, those slower than the winner by less than the margin can settle and, when a side has
 * too few forks for any test, that more forks are needed. Pure; thread-safe.
 */
internal object DecisionReasons {
    fun of(status: GroupStatus, tests: List<PairTest>, margin: Double, winnerForks: Int?): String = when (status) {
        GroupStatus.DECIDED -> decided(tests, winnerForks)
        GroupStatus.TIE -> tie(tests, margin, winnerForks)
        GroupStatus.UNDECIDED -> undecided(tests, margin, winnerForks)
    }

    /**
     * `×1.20 (98.3% CI 1.15–1.26, p = 0.0079; 3 and 4 forks)`, the gap that made the test unnecessary,
     * or the bare ratio where a side had too few forks to test.
     */
    fun figures(t: PairTest, winnerForks: Int?): String {
        val ratio = "×${Units.ratio(t.ratio)}"
        val forks = forks(winnerForks, t)
        val low = t.ciLow ?: return when (t.outcome) {
            PairOutcome.SEPARATED -> {
                val unit = if (t.forks == null) "run" else "fork"
                // Files written before forks were kept count each run as a fork.
                val factor = t.forks?.let { ForkVerdict.separationFactor(winnerForks ?: it, it) }
                    ?: GroupDecision.SEPARATION
                "$ratio, its fastest $unit over ${Units.sig3(factor)}× the winner's slowest" +
                    forks.let { if (it.isEmpty()) "" else " ($it)" }
            }

            else -> if (forks.isEmpty()) ratio else "$ratio ($forks)"
        }
        return tested(t.ratio, low to t.ciHigh!!, t.pValue!!, t.confidence ?: LEGACY_CONFIDENCE, forks)
    }

    /**
     * `×1.20 (98.3% CI 1.15–1.26, p = 0.0079; 3 and 4 forks)`: a tested [ratio], its [interval] at two-sided
     * [confidence], its [p] and the [forks] counted (left out when empty). The one wording of a tested pair:
     * a decision's ([figures]), `compare`'s and `check`'s ([ForkComparison.figures]).
     */
    fun tested(ratio: Double, interval: Pair<Double, Double>, p: Double, confidence: Double, forks: String): String {
        val counted = if (forks.isEmpty()) "" else "; $forks"
        return "×${Units.ratio(ratio)} (${confidencePercent(confidence)} CI ${Units.ratio(interval.first)}–" +
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

    private fun decided(tests: List<PairTest>, winnerForks: Int?): String {
        val closest = tests.firstOrNull() ?: return "the only strategy that completed"
        val others = if (tests.size == 1) {
            closest.strategy
        } else {
            "all ${tests.size} others; the closest, ${closest.strategy},"
        }
        return "ahead of $others ${figures(closest, winnerForks)}"
    }

    private fun tie(tests: List<PairTest>, margin: Double, winnerForks: Int?): String {
        val tied = tests.filter { it.outcome == PairOutcome.EQUIVALENT }
        val behind = tests.size - tied.size
        return "equivalent within ±${percent(margin)}: ${named(tied) { equivalence(it, winnerForks) }}" +
            if (behind > 0) "; the other $behind behind" else ""
    }

    private fun undecided(tests: List<PairTest>, margin: Double, winnerForks: Int?): String {
        val unresolved = tests.filter { it.outcome == PairOutcome.UNRESOLVED }
        // Slower beyond doubt but not beyond the margin (coroutine-io on mixed, x1.04-1.05 with forks within
        // 1%): told apart, yet neither behind nor the same; saying "not told apart" would misread its p.
        val (atMargin, open) = unresolved.partition { (it.ciLow ?: 0.0) > 1 }
        val slower = atMargin.takeIf { it.isNotEmpty() }?.let {
            "slower, but neither shown beyond the ±${percent(margin)} margin nor within it: " +
                named(it) { t -> figures(t, winnerForks) }
        }
        val few = unresolved.firstOrNull { (it.forks ?: Int.MAX_VALUE) < ForkRatio.MIN_FORKS }?.let {
            "; ${it.strategy} has ${it.forks} fork(s): a test takes at least ${ForkRatio.MIN_FORKS} a side"
        } ?: if ((winnerForks ?: Int.MAX_VALUE) < ForkRatio.MIN_FORKS) {
            "; the winner has $winnerForks fork(s): a test takes at least ${ForkRatio.MIN_FORKS} a side"
        } else {
            null
        }
        // Those already shown equivalent are part of the answer too: the winner's set is both.
        val tied = tests.filter { it.outcome == PairOutcome.EQUIVALENT }.takeIf { it.isNotEmpty() }
            ?.let { "; equivalent within ±${percent(margin)}: ${named(it) { t -> equivalence(t, winnerForks) }}" }
        val apart = open.takeIf { it.isNotEmpty() }
            ?.let { "not told apart from ${named(it) { t -> figures(t, winnerForks) }}" }
        return listOfNotNull(apart, slower).joinToString("; ") + few.orEmpty() + tied.orEmpty()
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
    private const val P_FLOOR = 0.001

    /** The levels of files written before each pair recorded its own. */
    private const val LEGACY_CONFIDENCE = 0.95
    private const val LEGACY_EQ_CONFIDENCE = 0.90
}
