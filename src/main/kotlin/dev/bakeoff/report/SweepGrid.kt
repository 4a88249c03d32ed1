package dev.bakeoff.report

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.SweepPoint

/**
 * One pair of keys of a grid sweep, for one series: the [cells] that share one [Key]. The one grid
 * detector of the report: the console's grid tables ([SweepReport]) and the HTML heat-maps read it.
 * Immutable; [of] is pure, safe from any thread.
 */
internal class SweepGrid private constructor(private val key: Key, val cells: List<CellResult>) {
    val rowKey: String get() = key.rowKey
    val columnKey: String get() = key.columnKey
    val series: String get() = key.series
    val items: Int? get() = key.items

    /** The values of [rowKey] and [columnKey], in the order the cells met them. */
    val rows: List<String> = cells.map { value(it, rowKey) }.distinct()
    val columns: List<String> = cells.map { value(it, columnKey) }.distinct()

    private val byPoint = cells.associateBy { value(it, rowKey) to value(it, columnKey) }

    /** The completed cell of least median time per item (the median itself when the count is not swept). */
    val best: CellResult? = cells.filter(::completed).minByOrNull(::perItem)

    val title: String
        get() = "grid: $rowKey x $columnKey, $series on ${key.workload}" + (items?.let { ", $it items" } ?: "") +
            key.fixed.entries.joinToString("") { ", ${it.key}=${it.value}" }

    fun at(row: String, column: String): CellResult? = byPoint[row to column]

    /** [c]'s median time per item over the [best] cell's (1 = the best); null for a cell without a time. */
    fun relative(c: CellResult): Double? {
        val b = best ?: return null
        return if (completed(c)) perItem(c) / perItem(b) else null
    }

    companion object {
        /** The grids of a run's [cells]: one per pair of swept keys and series, in the order their cells appear. */
        fun of(cells: List<CellResult>): List<SweepGrid> = cells
            .filter { (it.sweep?.values?.size ?: 0) >= 2 }
            .flatMap { c -> pairs(checkNotNull(c.sweep)).map { gridKey(c, it) to c } }
            .groupBy({ it.first }, { it.second })
            .map { (k, grid) -> SweepGrid(k, grid) }

        /** Every pair of a point's keys, in the order they were given. */
        private fun pairs(point: SweepPoint): List<Pair<String, String>> = point.keys.let { keys ->
            keys.indices.flatMap { i -> (i + 1 until keys.size).map { j -> keys[i] to keys[j] } }
        }

        private fun gridKey(c: CellResult, pair: Pair<String, String>): Key {
            val point = checkNotNull(c.sweep)
            fun bare(spec: String) = point.keys.fold(spec) { s, k -> SweepCurve.withoutKey(s, k) }
            return Key(
                pair.first,
                pair.second,
                "${bare(c.strategy)} (${c.wait})",
                bare(c.workload),
                c.items.takeUnless { SweepPoint.ITEMS in point.keys },
                point.values.filterKeys { it != pair.first && it != pair.second },
            )
        }

        private fun value(c: CellResult, key: String) = checkNotNull(c.sweep?.get(key))

        private fun completed(c: CellResult) = c.status == CellStatus.OK && c.timeNs != null

        private fun perItem(c: CellResult) = checkNotNull(c.timeNs).median / c.items
    }

    /**
     * What the cells of one grid share: one strategy (spec without its swept keys, with its wait form) as the
     * [series], on one [workload] (spec without its swept keys) and, unless the item count is swept, the same
     * [items], whose [SweepPoint]s have the keys [rowKey] and [columnKey] and, for a grid of three keys or more,
     * the [fixed] values of the others.
     */
    private data class Key(
        val rowKey: String,
        val columnKey: String,
        val series: String,
        val workload: String,
        val items: Int?,
        val fixed: Map<String, String>,
    )
}
