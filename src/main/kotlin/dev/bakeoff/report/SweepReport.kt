package dev.bakeoff.report

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.Results
import dev.bakeoff.result.SweepPoint
import dev.bakeoff.wording.Units

/**
 * The curves of a sweep, as the console shows them: one table per swept parameter and workload
 * (and item count, unless the item count is what was swept), a row per swept value, a column
 * per series (a strategy, with its wait form when the table mixes them), each cell the median
 * batch time or the status of a cell that did not finish. `*` marks each column's best value:
 * the lowest median, or for an item-count sweep the highest throughput (items per second),
 * since a bigger batch always takes longer. A grid (several keys) gets one table per pair of keys
 * and series ([SweepGrid]), `*` marking its best cell. Pure functions, safe from any thread.
 */
internal object SweepReport {
    const val BEST_MARK = " *"

    fun of(results: Results): List<RankedTable> {
        val cells = results.cells
        return SweepCurve.of(cells).map { table(it, it.baselines(cells)) } + SweepGrid.of(cells).map(::table)
    }

    /** A grid's pair of keys: a row per [SweepGrid.rowKey] value, a column per [SweepGrid.columnKey] value. */
    private fun table(grid: SweepGrid): RankedTable {
        val rows = grid.rows.map { r ->
            listOf(r) + grid.columns.map { col ->
                val c = grid.at(r, col) ?: return@map DASH
                val time = c.timeNs?.takeIf { c.status == OK } ?: return@map c.status.id
                Units.nanos(time.median) + if (grid.best === c) BEST_MARK else ""
            }
        }
        val best = grid.best
        val perItem = if (grid.items == null) " per item" else ""
        val verdict = best?.let { b ->
            "best: ${grid.rowKey}=${b.sweep?.get(grid.rowKey)}, ${grid.columnKey}=${b.sweep?.get(grid.columnKey)} " +
                "(${Units.nanos(median(b))}; lowest median$perItem)"
        } ?: "no best cell: no cell of this grid completed"
        val problems = grid.cells.filter { it.status != OK }.map {
            "${it.sweep}: ${it.status}: " + (it.error?.lineSequence()?.firstOrNull() ?: "no error recorded")
        }
        val header = listOf("${grid.rowKey} \\ ${grid.columnKey}") + grid.columns
        return RankedTable(grid.title, header, rows, "$verdict; * = best cell", problems)
    }

    private fun table(curve: SweepCurve, baselineCells: List<CellResult>): RankedTable {
        val cells = curve.cells
        val columns = cells.map(curve::series).distinct()
        val values = cells.map { curve.value(it) }.distinct()
        val byPoint = cells.associateBy { curve.series(it) to curve.value(it) }
        val bestPerColumn = columns.associateWith { s ->
            cells.filter { curve.series(it) == s }.maxByOrNull(::score)?.takeIf { score(it) > Double.NEGATIVE_INFINITY }
        }
        val rows = values.map { v ->
            listOf(v) + columns.map { s ->
                val c = byPoint[s to v] ?: return@map DASH
                val time = c.timeNs?.takeIf { c.status == OK } ?: return@map c.status.id
                Units.nanos(time.median) + if (bestPerColumn[s] === c) BEST_MARK else ""
            }
        }
        val best = cells.filter { it.status == OK && it.timeNs != null }.maxByOrNull(::score)
        val at = best?.let { "${curve.series(it)} at ${curve.key}=${curve.value(it)}" }
        val verdict = when {
            best == null -> "no best value: no cell of this curve completed"
            curve.sweepsItems -> "best throughput: $at (${Units.sig3(best.items / (median(best) / 1e9))} items/s)"
            else -> "best: $at (${Units.nanos(median(best))})"
        }
        val baselines = baselineCells.map { c ->
            val time = c.timeNs?.takeIf { c.status == OK }?.let { Units.nanos(it.median) } ?: c.status.id
            "${c.strategy} (does not take '${curve.key}'): $time"
        }
        val problems = cells.filter { it.status != OK }.map {
            "${curve.series(it)} at ${curve.key}=${curve.value(it)}: ${it.status}: " +
                (it.error?.lineSequence()?.firstOrNull() ?: "no error recorded")
        }
        val title = "curve: ${curve.key} on ${curve.subject}"
        val header = listOf(curve.key) + columns
        return RankedTable(title, header, rows, "$verdict; * = best value per column", baselines + problems)
    }

    private fun SweepCurve.value(c: CellResult) = checkNotNull(c.sweep?.get(key))

    private fun median(c: CellResult) = checkNotNull(c.timeNs).median

    /** Higher is better: minus the median, or the throughput for item-count sweeps; -inf for a cell without a time. */
    private fun score(c: CellResult): Double {
        val median = c.timeNs?.takeIf { c.status == OK }?.median ?: return Double.NEGATIVE_INFINITY
        return if (c.sweep?.get(SweepPoint.ITEMS) != null) c.items / median else -median
    }

    private val OK = CellStatus.OK
    private const val DASH = "–"
}
