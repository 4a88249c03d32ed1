package dev.bakeoff.engine.plan

import dev.bakeoff.model.CatalogException
import dev.bakeoff.result.SweepPoint
import java.math.BigDecimal
import kotlin.math.roundToLong

/**
 * One parameter swept over [values]: a strategy parameter (`concurrency`, `size`, `rails`...), a
 * workload parameter (`ms`, `n`), [SweepPoint.ITEMS] or [SweepPoint.CPUS]. One axis of a [Grid], which
 * expands the cells. Immutable.
 */
internal data class Sweep(val key: String, val values: List<String>) {
    override fun toString() = "$key=${values.joinToString(",")}"

    companion object {
        /**
         * The keys every cell takes, whatever its strategy and workload declare: the item count and the cores
         * its measured JVMs run on, as `--cpus` sets them for a whole run ([CellSpec.cpus]).
         */
        val UNIVERSAL = listOf(SweepPoint.ITEMS, SweepPoint.CPUS)

        /** The most values one sweep may have (a geometric range with a small factor grows fast). */
        const val MAX_VALUES = 50

        private val KEY = Regex("[a-z0-9]+(-[a-z0-9]+)*")
        private val RANGE = Regex("""(\d+)\.\.(\d+)x(\d+(?:\.\d+)?)""")
        private const val USAGE =
            "valid: key=v1,v2,... or key=FROM..TOxFACTOR (e.g. concurrency=16,50,100 or items=10..1000x10)"

        /**
         * Parses `key=v1,v2,...` or `key=FROM..TOxFACTOR` (FROM, FROM*FACTOR, ... up to TO); bad
         * input is a [CatalogException].
         */
        fun parse(text: String): Sweep {
            fun bad(why: String): Nothing = throw CatalogException("invalid --param '$text' ($why); $USAGE")
            val key = text.substringBefore('=', "").trim()
            val spec = text.substringAfter('=', "").trim()
            if (!KEY.matches(key)) bad("no parameter name")
            val range = RANGE.matchEntire(spec)
            val values = if (range != null) {
                val (from, to, factor) = range.destructured
                val first = from.toLongOrNull() ?: bad("FROM too large")
                val last = to.toLongOrNull() ?: bad("TO too large")
                geometric(first, last, BigDecimal(factor)) ?: bad("needs 1 <= FROM <= TO and FACTOR > 1")
            } else {
                val listed = spec.split(',').map { it.trim() }
                val malformed = listed.any { it.isEmpty() || it.contains("..") || it.contains(':') }
                if (malformed) bad("empty or malformed value")
                listed
            }
            if (values.size > MAX_VALUES) bad("more than $MAX_VALUES values")
            return Sweep(key, values.distinct())
        }

        /**
         * FROM, FROM*FACTOR, FROM*FACTOR^2... rounded to whole numbers, up to TO (stopping after one
         * step more than [MAX_VALUES], which the caller rejects); null when the range is empty or never grows.
         */
        private fun geometric(from: Long, to: Long, factor: BigDecimal): List<String>? {
            if (from < 1 || to < from || factor <= BigDecimal.ONE) return null
            val values = mutableListOf<String>()
            var v = BigDecimal.valueOf(from)
            while (v.toDouble().roundToLong() <= to && values.size <= MAX_VALUES) {
                values += v.toDouble().roundToLong().toString()
                v = v.multiply(factor)
            }
            return values
        }
    }
}
