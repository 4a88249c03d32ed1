package dev.bakeoff.engine

import dev.bakeoff.model.Resolved
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.WaitForm
import dev.bakeoff.model.WorkloadEntry
import dev.bakeoff.report.SweepPoint
import dev.bakeoff.strategy.Strategies
import dev.bakeoff.workload.Workloads

/**
 * One cell of the matrix: which strategy runs how many items of which workload, waiting how;
 * [sweep] is set when the cell is one point of a sweep (it only labels the result).
 */
data class CellSpec(val strategy: Resolved<StrategyEntry>, val workload: Resolved<WorkloadEntry>, val items: Int, val wait: WaitForm, val sweep: SweepPoint? = null) {
    init {
        if (items < 1) throw dev.bakeoff.model.CatalogException("invalid items '$items'; valid: a whole number >= 1")
    }

    override fun toString() = "${strategy.spec} x ${workload.spec} x $items (${wait.id})"

    companion object {
        /** Parses the four JMH parameter strings of a cell. */
        fun parse(strategy: String, workload: String, items: Int, wait: String) = CellSpec(Strategies.catalog.resolve(strategy), Workloads.catalog.resolve(workload), items, WaitForm.parse(wait))

        /** Every strategy on every workload, workload-major (a workload's table fills first), or the cells of [sweep] when given. */
        fun matrix(strategies: List<Resolved<StrategyEntry>>, workloads: List<Resolved<WorkloadEntry>>, items: Int, wait: WaitForm, sweep: Sweep? = null): List<CellSpec> =
            sweep?.cells(strategies, workloads, items, wait) ?: workloads.flatMap { w -> strategies.map { s -> CellSpec(s, w, items, wait) } }
    }
}

/** What [Cell.close] found: leaked threads (must be none) and the live threads of each declared shared scheduler. */
data class CloseReport(val leaked: List<String>, val sharedLive: Map<String, Int>, val overBound: List<String>)
