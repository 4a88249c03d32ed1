package dev.bakeoff.report

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.SweepPoint

/**
 * One curve of a sweep, found from the cells' [SweepPoint]s (never from their spec strings): the
 * cells swept over the same [key] on the same [workload] (its spec without the swept key) and,
 * unless the item count is what was swept, the same [items]. Its series are the strategies (spec
 * without the swept key, with the wait form when the curve mixes them); its [baselines] are the
 * cells of the same workload and item count that do not take the key, the flat line the curve is
 * read against. The one sweep detector of the report: the console's curve tables ([SweepReport]) and
 * the HTML charts ([Sweeps]) both read it. Immutable; [of] is pure, safe from any thread.
 */
internal class SweepCurve(val key: String, val workload: String, val items: Int?, val cells: List<CellResult>) {
    /** What the curve is measured on: `io-sleep, 1000 items`, or the workload alone for an item-count sweep. */
    val subject: String get() = workload + (items?.let { ", $it items" } ?: "")

    val sweepsItems: Boolean get() = key == SweepPoint.ITEMS

    private val mixedWaits = cells.map { it.wait }.distinct().size > 1

    /** The cells of the [run] that do not take the swept key: none when the item count is swept. */
    fun baselines(run: List<CellResult>): List<CellResult> {
        if (sweepsItems) return emptyList()
        return run.filter { it.sweep == null && it.workload == workload && it.items == items }
    }

    /** The series [cell] belongs to. */
    fun series(cell: CellResult): String = withoutKey(cell.strategy, key) + if (mixedWaits) " (${cell.wait})" else ""

    companion object {
        /**
         * The curves of a run's [cells], in the order their first swept cell appears: the cells
         * swept over one key only (a grid's cells are [SweepGrid]s).
         */
        fun of(cells: List<CellResult>): List<SweepCurve> = cells
            .filter { it.sweep?.values?.size == 1 }
            .groupBy(::curveKey)
            .map { (k, swept) -> SweepCurve(k.key, k.workload, k.items, swept) }

        private fun curveKey(c: CellResult): CurveKey {
            val key = checkNotNull(c.sweep).keys.single()
            return CurveKey(key, withoutKey(c.workload, key), c.items.takeUnless { key == SweepPoint.ITEMS })
        }

        /** [spec] without its `:key=value` part: a swept cell's spec names its series once the value is taken out. */
        fun withoutKey(spec: String, key: String) = spec.replace(Regex(":${Regex.escape(key)}=[^:]*"), "")
    }

    private data class CurveKey(val key: String, val workload: String, val items: Int?)
}

/**
 * A [SweepCurve] as the HTML report charts it: time against the swept number, one line per series
 * measured at two or more numeric values. [lines] maps a series to its points (x, completed cell),
 * sorted by x. Immutable.
 */
internal data class SweepChart(val title: String, val parameter: String, val lines: Map<String, SweepLine>)

/** The points (x, completed cell) of one series of a [SweepChart], sorted by x. */
internal typealias SweepLine = List<Pair<Double, CellResult>>

/** The [SweepChart]s of a run's cells. Pure; safe from any thread. */
internal object Sweeps {
    fun of(cells: List<CellResult>): List<SweepChart> = SweepCurve.of(cells).mapNotNull { curve ->
        val parameter = if (curve.sweepsItems) "items per batch" else curve.key
        val lines = curve.cells
            .filter { it.status == CellStatus.OK && it.timeNs != null }
            .mapNotNull { c -> c.sweep?.get(curve.key)?.let(::number)?.let { x -> Triple(curve.series(c), x, c) } }
            .groupBy({ it.first }, { it.second to it.third })
            .mapValues { (_, points) -> points.sortedBy { it.first } }
            .filterValues { line -> line.map { it.first }.distinct().size >= 2 }
        if (lines.isEmpty()) null else SweepChart("${curve.subject}: time against $parameter", parameter, lines)
    }

    /** A swept value as a point on the x axis: "NaN" or "Infinity" (a text parameter's value) is no point. */
    private fun number(value: String): Double? = value.toDoubleOrNull()?.takeIf { it.isFinite() }
}
