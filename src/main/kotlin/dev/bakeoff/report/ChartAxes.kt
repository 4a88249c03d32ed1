package dev.bakeoff.report

import kotlin.math.ceil
import kotlin.math.floor
import kotlin.math.log10
import kotlin.math.pow

/**
 * The value axes of the report charts, as ECharts option maps: linear, or logarithmic in whole
 * decades when the values span more than [LOG_SPAN]× (a linear axis from 4.6 µs to 15 ms leaves
 * the fastest bar invisible). Pure functions; safe from any thread.
 */
internal object ChartAxes {
    /** Values spanning more than this factor get a log axis. */
    const val LOG_SPAN = 20.0

    /**
     * How a bar chart's values are scaled: linear in the [unit] of the largest value ([size] per
     * unit); or, when [log], in the base unit (ns, B, items: [size] 1), with every decade labelled
     * by the axis itself (see [bars]). Immutable.
     */
    class BarScale(val unit: String?, val size: Double, val log: Boolean, private val format: ((Double) -> String)?) {
        /** ` (ms)` on a linear axis, ` (log scale)` on a log one, where the decade labels carry the unit. */
        val suffix: String get() = if (log) " (log scale)" else unit?.let { " ($it)" }.orEmpty()

        /** The value axis over [values] (already scaled) and the [marks] drawn on it. */
        fun axis(
            values: List<Double>,
            marks: List<Double>,
        ): Map<String, Any> = if (log) bars(values + marks, format) else linear(values, marks)
    }

    /** The scale of bars over unscaled [values]; [unitOf] and [format] name a unit (time, bytes), null for counts. */
    fun barScale(
        values: List<Double>,
        unitOf: ((Double) -> Pair<String, Double>)?,
        format: ((Double) -> String)?,
    ): BarScale {
        if (isLog(values)) return BarScale(null, 1.0, true, format)
        val (unit, size) = unitOf?.invoke(values.maxOrNull() ?: 0.0) ?: return BarScale(null, 1.0, false, null)
        return BarScale(unit, size, false, null)
    }

    /** Whether [values] need a log axis: all positive and spanning more than [LOG_SPAN]×. */
    fun isLog(values: List<Double>) =
        values.isNotEmpty() && values.all { it > 0 } && values.max() / values.min() > LOG_SPAN

    /** A value axis for a line chart: logarithmic, in whole decades, when [isLog]; else linear. */
    fun lines(values: List<Double>): Map<String, Any> = if (isLog(values)) log(values) else linear(values)

    /** A logarithmic axis over positive [values], from the decade at or below the smallest to one above the largest. */
    fun log(values: List<Double>): Map<String, Any> {
        val low = decade(values.min())
        // A single value that is a power of ten would make the axis a point.
        val high = maxOf(10.0.pow(ceil(log10(values.max()))), low * 10)
        return mapOf("type" to "log", "min" to low, "max" to high)
    }

    /**
     * A log axis for bars. ECharts draws log-axis bars from the value 1, so the values are in the
     * base unit (at least 1) and the axis starts at the decade below half the smallest value: every
     * bar then starts at the left edge and the shortest is at least log10(2) of a decade long. Each
     * decade's label is [format]ted here (report.js looks it up: `axisLabel.byValue`), so all number
     * formatting stays in Kotlin.
     */
    private fun bars(values: List<Double>, format: ((Double) -> String)?): Map<String, Any> {
        val low = maxOf(1.0, decade(values.min() / 2))
        val high = 10.0.pow(ceil(log10(values.max())))
        val axis = mapOf<String, Any>("type" to "log", "min" to low, "max" to high)
        format ?: return axis
        val exponents = log10(low).toInt()..log10(high).toInt()
        val labels = exponents.associate { "1" + "0".repeat(it) to format(10.0.pow(it)) }
        return axis + ("axisLabel" to mapOf("byValue" to labels))
    }

    private fun decade(x: Double) = 10.0.pow(floor(log10(x)))

    /** A linear axis over [values] that also shows [include] (marker lines, which ECharts leaves out of its range). */
    private fun linear(values: List<Double>, include: List<Double> = emptyList()): Map<String, Any> {
        val top = include.maxOrNull()
        return if (top != null && top > (values.maxOrNull() ?: 0.0)) {
            mapOf("type" to "value", "max" to top * 1.1)
        } else {
            mapOf("type" to "value")
        }
    }
}
