package dev.bakeoff.engine

import dev.bakeoff.model.CatalogEntry
import dev.bakeoff.model.CatalogException
import dev.bakeoff.model.Resolved
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.WaitForm
import dev.bakeoff.model.WorkloadEntry
import dev.bakeoff.result.SweepPoint
import dev.bakeoff.strategy.Strategies
import dev.bakeoff.workload.Workloads
import java.math.BigDecimal
import kotlin.math.roundToLong

/**
 * One parameter swept over [values]: a strategy parameter (`concurrency`, `size`, `rails`...), a
 * workload parameter (`ms`, `n`) or [ITEMS]. Each value applies to every selected strategy and
 * workload that declares the key; a strategy x workload pair where neither declares it runs once,
 * unswept, as the baseline of the curve. Immutable.
 */
internal data class Sweep(val key: String, val values: List<String>) {
    /**
     * The cells of [strategies] x [workloads] at every value, workload by workload: the unswept
     * baselines first, then each value in the given order (so a series always meets its smaller
     * item counts first). Values are checked by the catalogs like any spec.
     */
    fun cells(
        strategies: List<Resolved<StrategyEntry>>,
        workloads: List<Resolved<WorkloadEntry>>,
        items: Int,
        wait: WaitForm,
    ): List<CellSpec> {
        fun declares(entry: CatalogEntry<*>) = entry.params.any { it.key == key }
        if (key != ITEMS && strategies.none { declares(it.entry) } && workloads.none { declares(it.entry) }) {
            val entries = strategies.map { it.entry } + workloads.map { it.entry }
            val declared = (listOf(ITEMS) + entries.flatMap { e -> e.params.map { it.key } }).distinct()
            throw CatalogException(
                "unknown sweep parameter '$key'; the selected strategies and workloads declare: " +
                    declared.joinToString(),
            )
        }
        return workloads.flatMap { w ->
            val swept = strategies.filter { key == ITEMS || declares(it.entry) || declares(w.entry) }
            val baselines = (strategies - swept.toSet()).map { CellSpec(it, w, items, wait) }
            baselines +
                values.flatMap { v ->
                    val point = SweepPoint(key, v)
                    swept.map { s ->
                        when {
                            key == ITEMS -> CellSpec(s, w, itemCount(v), wait, sweep = point)

                            else -> {
                                val strategy = at(s, v, Strategies.catalog::resolve)
                                CellSpec(strategy, at(w, v, Workloads.catalog::resolve), items, wait, sweep = point)
                            }
                        }
                    }
                }
        }
    }

    private fun <E : CatalogEntry<*>> at(r: Resolved<E>, value: String, resolve: (String) -> Resolved<E>): Resolved<E> =
        if (r.entry.params.any { it.key == key }) resolve("${r.spec}:$key=$value") else r

    private fun itemCount(v: String) = v.toIntOrNull()?.takeIf { it >= 1 }
        ?: throw CatalogException("invalid items '$v' in --param; valid: a whole number >= 1")

    override fun toString() = "$key=${values.joinToString(",")}"

    companion object {
        const val ITEMS = "items"

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
