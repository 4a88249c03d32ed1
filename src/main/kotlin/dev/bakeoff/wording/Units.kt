package dev.bakeoff.wording

import java.math.BigDecimal
import java.math.MathContext
import java.util.Locale
import kotlin.math.roundToLong

/**
 * Human-friendly numbers for the console and HTML reports: three significant digits and the
 * largest unit that keeps the value at least 1 (`850 ns`, `1.23 ms`, `4.95 s`, `12.0 KiB`).
 * Always a `.` decimal separator and no grouping, whatever the default locale, so a report reads
 * the same on every machine. Pure functions; safe from any thread.
 */
public object Units {
    private val TIME = listOf("s" to 1e9, "ms" to 1e6, "µs" to 1e3, "ns" to 1.0)
    private val BYTES = listOf("GiB" to GIB, "MiB" to MIB, "KiB" to KIB, "B" to 1.0)

    /** A duration given in nanoseconds: `850 ns`, `12.3 µs`, `1.23 ms`, `99.8 ms`, `4.95 s`. */
    public fun nanos(ns: Double): String = scaled(ns, TIME)

    /** A byte count in binary units: `512 B`, `1.50 KiB`, `12.0 MiB`; under 1 KiB as whole bytes. */
    public fun bytes(bytes: Double): String = if (bytes <
        KIB - 0.5
    ) {
        "${bytes.roundToLong()} B"
    } else {
        scaled(bytes, BYTES)
    }

    /**
     * The unit [nanos] would use for [ns], as (name, nanoseconds per unit): charts scale a whole
     * axis by the unit of its largest value, e.g. `("ms", 1e6)`.
     */
    public fun timeUnit(ns: Double): Pair<String, Double> = unitOf(ns, TIME)

    /** The unit [bytes] would use for [bytes] at or above 1 KiB, as (name, bytes per unit). */
    public fun byteUnit(bytes: Double): Pair<String, Double> = unitOf(bytes, BYTES)

    /** A ratio such as a time relative to the best: `1.00`, `1.83`, `12.4`, `153`. */
    public fun ratio(x: Double): String = sig3(x)

    /** [x] with three significant digits, trailing zeros kept (`1.50`, `0.0123`, `1230`; `4.38e-6`, `9.24e10`). */
    public fun sig3(x: Double): String {
        require(x.isFinite()) { "not a finite number: $x" }
        if (x == 0.0) return "0"
        val r = BigDecimal(x).round(MC)
        val integerDigits = r.precision() - r.scale()
        // Beyond seven integer digits, the digits after the third say nothing and push a unit out of its column;
        // below 0.001 the leading zeros are as hard to count (`0.00000438` reads 4.38e-6).
        if (integerDigits > MAX_PLAIN_DIGITS || integerDigits < MIN_PLAIN_DIGITS) {
            return String.format(Locale.ROOT, "%.2fe%d", r.unscaledValue().toDouble() / 100, integerDigits - 1)
        }
        return r.setScale(maxOf(0, SIGNIFICANT - integerDigits)).toPlainString()
    }

    // Choose the unit after rounding, so 999.7 ns becomes "1.00 µs" rather than "1000 ns".
    private fun scaled(x: Double, units: List<Pair<String, Double>>): String {
        val (unit, size) = unitOf(x, units)
        return "${sig3(x / size)} $unit"
    }

    private fun unitOf(x: Double, units: List<Pair<String, Double>>) =
        units.firstOrNull { (_, size) -> rounded(x / size) >= 1.0 } ?: units.last()

    private fun rounded(x: Double) = if (x.isFinite()) BigDecimal(x).round(MC).toDouble() else x

    private const val SIGNIFICANT = 3
    private const val MAX_PLAIN_DIGITS = 7
    private const val MIN_PLAIN_DIGITS = -2
    private val MC = MathContext(SIGNIFICANT)
    private const val KIB = 1024.0
    private const val MIB = KIB * 1024
    private const val GIB = MIB * 1024
}
