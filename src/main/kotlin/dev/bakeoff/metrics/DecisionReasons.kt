package dev.bakeoff.metrics

import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.PairOutcome
import dev.bakeoff.result.PairTest

/**
 * The one-line reason of a [GroupDecision], with the figures that decided it: the closest
 * strategy behind a decided winner, the strategies in a tie, or those not told apart and, when
 * the runs are too few for any test to be significant, that more runs are needed. Pure; thread-safe.
 */
internal object DecisionReasons {
    fun of(status: GroupStatus, tests: List<PairTest>, margin: Double, winnerRuns: Int): String = when (status) {
        GroupStatus.DECIDED -> decided(tests)
        GroupStatus.TIE -> tie(tests, margin)
        GroupStatus.UNDECIDED -> undecided(tests, margin, winnerRuns)
    }

    /** `×1.20 (95% CI 1.15–1.26, p = 0.00794)`, or the gap that made the test unnecessary. */
    fun figures(t: PairTest): String {
        val ratio = "×${Units.ratio(t.ratio)}"
        val gap = Units.sig3(GroupDecision.SEPARATION)
        val low = t.ciLow ?: return "$ratio, its fastest run over $gap× the winner's slowest"
        return "$ratio (95% CI ${Units.ratio(low)}–${Units.ratio(t.ciHigh!!)}, p = ${Units.sig3(t.pValue!!)})"
    }

    private fun decided(tests: List<PairTest>): String {
        val closest = tests.firstOrNull() ?: return "the only strategy that completed"
        val others = if (tests.size == 1) {
            closest.strategy
        } else {
            "all ${tests.size} others; the closest, ${closest.strategy},"
        }
        return "ahead of $others ${figures(closest)}"
    }

    private fun tie(tests: List<PairTest>, margin: Double): String {
        val tied = tests.filter { it.outcome == PairOutcome.EQUIVALENT }
        val behind = tests.size - tied.size
        return "equivalent within ±${percent(margin)}: ${named(tied, ::equivalence)}" +
            if (behind > 0) "; the other $behind behind" else ""
    }

    private fun undecided(tests: List<PairTest>, margin: Double, winnerRuns: Int): String {
        val open = tests.filter { it.outcome == PairOutcome.UNRESOLVED }
        val few = open.firstOrNull { GroupDecision.smallestP(winnerRuns, it.runs) >= MedianRatio.ALPHA }?.let {
            "; with $winnerRuns and ${it.runs} runs no p can fall below ${MedianRatio.ALPHA} " +
                "(the smallest is ${Units.sig3(GroupDecision.smallestP(winnerRuns, it.runs))}): more runs are needed"
        }
        // Those already shown equivalent are part of the answer too: the winner's set is both.
        val tied = tests.filter { it.outcome == PairOutcome.EQUIVALENT }.takeIf { it.isNotEmpty() }
            ?.let { "; equivalent within ±${percent(margin)}: ${named(it, ::equivalence)}" }
        return "not told apart from ${named(open)}${few.orEmpty()}${tied.orEmpty()}"
    }

    /** `×1.01 (90% CI 1.00–1.02)`: the interval the equivalence test put within the margin. */
    private fun equivalence(t: PairTest) =
        "×${Units.ratio(t.ratio)} (90% CI ${Units.ratio(t.eqLow!!)}–${Units.ratio(t.eqHigh!!)})"

    /** The first few strategies with their [figures], then how many more. */
    private fun named(tests: List<PairTest>, figures: (PairTest) -> String = ::figures): String {
        val shown = tests.take(SHOWN).joinToString { "${it.strategy} ${figures(it)}" }
        return if (tests.size > SHOWN) "$shown and ${tests.size - SHOWN} more" else shown
    }

    private fun percent(x: Double) = "${Units.sig3(x * 100)}%"

    private const val SHOWN = 2
}
