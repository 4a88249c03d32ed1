package dev.bakeoff.report

import dev.bakeoff.result.CapacityResult
import dev.bakeoff.wording.Units
import kotlin.math.roundToInt

/** A capacity search's range in words, as the console and the report show it. Pure. */
internal object LoadCapacityRange {
    /**
     * "18900–22400/s at p99=20ms, 95%, 27 forks" (with "; out of budget" when the budget cut it short);
     * "below X/s" when even the first rate missed, "at least X/s" when none missed; null in files written
     * before ranges were recorded.
     */
    fun text(c: CapacityResult): String? {
        val confidence = c.confidence ?: return null
        val budget = if (c.outOfBudget == true) "; out of budget" else ""
        return "${range(c)} at ${c.objective}, ${(confidence * 100).roundToInt()}%, ${c.forks ?: 0} forks$budget"
    }

    /** The range alone: "18,900–22,400/s", "at least X/s", "below X/s" or "not bracketed". */
    fun range(c: CapacityResult): String {
        val low = c.lowPerSec
        val high = c.highPerSec
        return when {
            low != null && high != null -> "${Units.sig3(low)}–${Units.sig3(high)}/s"
            low != null -> "at least ${Units.sig3(low)}/s"
            high != null -> "below ${Units.sig3(high)}/s"
            else -> "not bracketed"
        }
    }

    /** [c]'s explanation, after its range where it has one: the sentence the console and the report show. */
    fun explained(c: CapacityResult): String =
        text(c)?.let { "${c.strategy}: capacity $it. ${c.explanation}" } ?: c.explanation

    /** What in [c]'s range fields does not hold together, or null. */
    fun problem(c: CapacityResult): String? {
        val low = c.lowPerSec
        val high = c.highPerSec
        return when {
            c.confidence?.let { it <= 0.0 || it >= 1.0 } == true -> "confidence is ${c.confidence}; valid: (0, 1)"
            low != null && high != null && low >= high -> "lowPerSec ($low) is not below highPerSec ($high)"
            c.judged?.any { it.forks < 1 } == true -> "a judged point has no fork"
            else -> null
        }
    }
}
