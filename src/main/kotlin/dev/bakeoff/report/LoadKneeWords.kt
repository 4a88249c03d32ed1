package dev.bakeoff.report

import dev.bakeoff.result.CapacityResult
import dev.bakeoff.result.ModelKneeFit
import dev.bakeoff.wording.Units

/**
 * The queueing model's knee beside the measured one ([ModelKneeFit]), in words for the console and the report
 * ("model knee 3420/s (ρ 0.93), measured 3150–3500/s: inside"), and as a vertical line of the strategy's colour
 * on the knee chart. Pure.
 */
internal object LoadKneeWords {
    /** [sentence] after the strategy's name, as the console and the report list it. */
    fun line(c: CapacityResult): String? = sentence(c)?.let { "${c.strategy}: $it" }

    /** [c]'s model knee against its measured range in one sentence; null when it has none. */
    fun sentence(c: CapacityResult): String? {
        val m = c.modelKnee ?: return null
        val knee = m.perSec ?: return "no model knee: ${c.percentile} at the lowest rate, " +
            "${c.points.minOrNull()?.let(::rate) ?: "-"}, is ${Units.nanos(m.anchorNs)}, " +
            "beyond ${c.objective} before any wait"
        val rho = Units.sig3(checkNotNull(m.utilisation))
        val at = if (m.atSaturation) {
            "at saturation (the model's waits never reach ${c.objective} below it)"
        } else {
            "(ρ $rho)"
        }
        val head = "model knee ${rate(knee)} $at, measured ${LoadCapacityRange.range(c)}"
        val agreement = m.agreement ?: return head + (m.inside?.let { if (it) ": inside" else ": outside" } ?: "")
        if (m.inside == true) return "$head: inside (×${Units.sig3(agreement)} its middle)"
        // An agreement has both ends of the range: its middle, as a utilisation of the same saturation.
        val measured = Units.sig3((checkNotNull(c.lowPerSec) + checkNotNull(c.highPerSec)) / 2 / m.saturationPerSec)
        val broken = m.broken.takeIf { it.isNotEmpty() }?.joinToString(prefix = "broken: ")
            ?: "no assumption the model checks broke at the range's ends"
        return "$head: outside, the model ×${Units.sig3(agreement)} the measured knee: it breaks at ρ $measured, " +
            "the model at $rho; $broken"
    }

    /** The model's knee as a vertical line in [colour] (the markLine of the strategy's model series); or null. */
    fun marker(c: CapacityResult?, colour: String): Map<String, Any>? {
        val knee = c?.modelKnee?.perSec ?: return null
        val label = mapOf("formatter" to LABEL)
        return mapOf(
            "silent" to true,
            "symbol" to listOf("none", "none"),
            "lineStyle" to mapOf("color" to colour, "type" to "dotted", "width" to 2),
            // Along the line near the axis: the capacity band's label holds its top.
            "label" to mapOf("position" to "insideStartTop", "color" to colour, "fontSize" to 10),
            "data" to listOf(mapOf("xAxis" to knee, "name" to LABEL, "label" to label)),
        )
    }

    private fun rate(perSec: Double) = "${Units.sig3(perSec)}/s"

    private const val LABEL = "model knee"
}
