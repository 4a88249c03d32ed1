package dev.bakeoff.metrics

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.GroupKey

/**
 * One physical limit per group. A cell's limit is a property of its work on this machine (its items' CPU and
 * waits over its cores: "a strategy costs nothing", [LimitFormula]), the same for every cell of a group, yet
 * each fork calibrates the items' CPU itself, in a JVM whose JIT and heap its strategy shaped: measured on
 * `lists` in five default runs, the cells of one run calibrated limits 263–956 µs, and a cell's own moved by
 * half between runs, while the lowest of each run's eleven stayed within 263–280 µs. So every cell of a group
 * takes the lowest limit any of its cells calibrated (a lower bound stays one), recorded with the strategy
 * that calibrated it ([dev.bakeoff.result.LimitParts.calibratedBy]), and its efficiency against it: the
 * console, the chart and the answer then state one limit for a group. Pure.
 */
internal object GroupLimit {
    /** [cells] in their order, each with its group's lowest calibrated limit; groups of one cell unchanged. */
    fun shared(cells: List<CellResult>): List<CellResult> {
        val lowest = cells.filter { it.limitNs != null && it.limitParts != null }
            .groupBy(GroupKey::of)
            .filterValues { it.size > 1 }
            .mapValues { (_, group) -> group.minBy { checkNotNull(it.limitNs) } }
        return cells.map { cell ->
            val from = lowest[GroupKey.of(cell)]
            val limit = from?.limitNs
            if (from == null || limit == null || cell.limitNs == null) {
                cell
            } else {
                cell.copy(
                    limitNs = limit,
                    limitParts = from.limitParts?.calibratedIn(from.strategy),
                    efficiency = cell.timeNs?.let { LimitFormula.efficiency(limit, it.median) },
                )
            }
        }
    }
}
