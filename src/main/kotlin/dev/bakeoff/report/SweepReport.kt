package dev.bakeoff.report

import dev.bakeoff.metrics.Units
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.Results

/**
 * The curves of a sweep, as the console shows them: one table per swept parameter and workload
 * (and item count, unless the item count is what was swept), a row per swept value, a column
 * per series (a strategy, with its wait form when the table mixes them), each cell the median
 * batch time or the status of a cell that did not finish. `*` marks each column's best value:
 * the lowest median, or for an item-count sweep the highest throughput (items per second),
 * since a bigger batch always takes longer. Pure functions, safe from any thread.
 */
object SweepReport {
    const val BEST_MARK = " *"

    fun of(results: Results): List<RankedTable> {
        val swept = results.cells.filter { it.sweep != null }
        return swept.groupBy { c ->
            val key = c.sweep!!.key
            Curve(key, base(c.workload, key), c.items.takeUnless { key == ITEMS })
        }
            .map { (curve, cells) -> table(curve, cells, baselines(results, curve)) }
    }

    private fun table(curve: Curve, cells: List<CellResult>, baselines: List<CellResult>): RankedTable {
        val mixedWaits = cells.map { it.wait }.distinct().size > 1
        fun series(c: CellResult) = base(c.strategy, curve.key) + if (mixedWaits) " (${c.wait})" else ""
        val columns = cells.map(::series).distinct()
        val values = cells.map { it.sweep!!.value }.distinct()
        val byPoint = cells.associateBy { series(it) to it.sweep!!.value }
        val bestPerColumn = columns.associateWith { s -> cells.filter { series(it) == s }.maxByOrNull(::score)?.takeIf { score(it) > Double.NEGATIVE_INFINITY } }
        val rows = values.map { v ->
            listOf(v) + columns.map { s ->
                val c = byPoint[s to v] ?: return@map DASH
                val time = c.timeNs?.takeIf { c.status == OK } ?: return@map c.status.id
                Units.nanos(time.median) + if (bestPerColumn[s] === c) BEST_MARK else ""
            }
        }
        val best = cells.filter { it.status == OK && it.timeNs != null }.maxByOrNull(::score)
        val verdict = when {
            best == null -> "no best value: no cell of this curve completed"
            curve.key == ITEMS -> "best throughput: ${series(best)} at ${curve.key}=${best.sweep!!.value} (${Units.sig3(best.items / (best.timeNs!!.median / 1e9))} items/s)"
            else -> "best: ${series(best)} at ${curve.key}=${best.sweep!!.value} (${Units.nanos(best.timeNs!!.median)})"
        }
        val notes = baselines.map { c -> "${c.strategy} (does not take '${curve.key}'): ${c.timeNs?.takeIf { c.status == OK }?.let { Units.nanos(it.median) } ?: c.status.id}" } +
            cells.filter { it.status != OK }.map { "${series(it)} at ${curve.key}=${it.sweep!!.value}: ${it.status}: ${it.error?.lineSequence()?.firstOrNull() ?: "no error recorded"}" }
        return RankedTable(curve.title(), listOf(curve.key) + columns, rows, "$verdict; * = best value per column", notes)
    }

    /** Higher is better: minus the median, or the throughput for item-count sweeps; -inf for a cell without a time. */
    private fun score(c: CellResult): Double {
        val median = c.timeNs?.takeIf { c.status == OK }?.median ?: return Double.NEGATIVE_INFINITY
        return if (c.sweep?.key == ITEMS) c.items / median else -median
    }

    /** Cells of the same run that did not take the swept parameter: the flat line the curve is read against. */
    private fun baselines(results: Results, curve: Curve) =
        if (curve.key == ITEMS) emptyList() else results.cells.filter { it.sweep == null && it.workload == curve.workload && it.items == curve.items }

    /** [spec] without its `:key=value` part: the series a swept cell belongs to. */
    private fun base(spec: String, key: String) = spec.replace(Regex(":${Regex.escape(key)}=[^:]*"), "")

    private data class Curve(val key: String, val workload: String, val items: Int?) {
        fun title() = "curve: $key on $workload" + (items?.let { ", $it items" } ?: "")
    }

    private const val ITEMS = "items"
    private val OK = CellStatus.OK
    private const val DASH = "–"
}
