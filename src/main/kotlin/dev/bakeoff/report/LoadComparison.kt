package dev.bakeoff.report

import dev.bakeoff.result.CapacityKey
import dev.bakeoff.result.CapacityResult
import dev.bakeoff.result.LoadKey
import dev.bakeoff.result.LoadResult
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units

/**
 * What `bakeoff compare` shows of two runs' load results: per strategy x kind of work x rate, the
 * p99 latency from the intended start on each side ([latency]), and per strategy x kind of work x
 * objective, the capacity on each side ([capacity]). One figure a side has no interval, so each row
 * gives the two values and their ratio (new / base), never a verdict; a row on one side only shows
 * `–` on the other. [table] is the one layout the console and compare.html both print. Immutable.
 */
internal class LoadComparison(
    val baseLabel: String,
    val newLabel: String,
    val latency: List<Row>,
    val capacity: List<Row>,
) {
    /** One matched figure: what it is ([title]) and its value on each side (null: not there, or not measured). */
    class Row(val title: String, val base: Double?, val new: Double?, private val format: (Double) -> String) {
        val ratio: Double? get() = if (base != null && new != null && base > 0) new / base else null

        fun cells(): List<String> = listOf(
            title,
            base?.let(format) ?: NONE,
            new?.let(format) ?: NONE,
            ratio?.let { "×${Units.ratio(it)}" } ?: NONE,
        )
    }

    /** The non-empty tables, each with what its first column names. */
    val parts: List<Pair<List<Row>, String>>
        get() = listOf(latency to "p99 from the intended start", capacity to "capacity")
            .filter { it.first.isNotEmpty() }

    /** The header and the rows of [rows], as text. */
    fun table(rows: List<Row>, what: String): Pair<List<String>, List<List<String>>> =
        listOf(what, baseLabel, newLabel, "ratio") to rows.map { it.cells() }

    companion object {
        private const val NONE = "–"

        /** The load results of [base] and [new] matched; null when neither side has any. */
        fun of(base: Results, new: Results, baseLabel: String, newLabel: String): LoadComparison? {
            if (base.load.isNullOrEmpty() && new.load.isNullOrEmpty()) return null
            // A capacity point's forks set aside (other processes disturbed their windows) match nothing.
            val counted = { r: Results -> r.load.orEmpty().filterNot { it.setAside } }
            val latency = rows(counted(base), counted(new), ::loadKey, ::loadTitle, Units::nanos) {
                it.figures?.latencyNs?.p99?.toDouble()
            }
            val capacity = rows(
                base.capacity.orEmpty(),
                new.capacity.orEmpty(),
                ::capacityKey,
                ::capacityTitle,
                ::rate,
            ) { it.capacityPerSec }
            return LoadComparison(baseLabel, newLabel, latency, capacity)
        }

        /** Each key of either side once (base's order first), with its [value] on each side. */
        private fun <T, K> rows(
            base: List<T>,
            new: List<T>,
            key: (T) -> K,
            title: (T) -> String,
            format: (Double) -> String,
            value: (T) -> Double?,
        ): List<Row> {
            val b = base.associateBy(key)
            val n = new.associateBy(key)
            return (b.keys + n.keys).map { k ->
                val any = b[k] ?: n.getValue(k)
                Row(title(any), b[k]?.let(value), n[k]?.let(value), format)
            }
        }

        /** The same load cell in either run, on whichever machine. */
        private fun loadKey(c: LoadResult) = LoadKey.of(c.copy(machine = null))

        private fun loadTitle(c: LoadResult) =
            "${c.strategy} × ${c.workload} (${c.wait}), ${c.arrival} at ${rate(c.ratePerSec)}"

        private fun capacityKey(c: CapacityResult) = CapacityKey.of(c.copy(machine = null))

        private fun capacityTitle(c: CapacityResult) = "${c.strategy} × ${c.workload} at ${c.objective}"

        private fun rate(perSec: Double) = "${Units.sig3(perSec)}/s"
    }
}
