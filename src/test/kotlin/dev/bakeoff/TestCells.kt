package dev.bakeoff

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.cell.Cell
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.model.RunContext
import dev.bakeoff.model.WaitForm

/** Waits shrink 100x in tests: a 99 ms network item waits about 1 ms. Counts, never times, are asserted. */
internal val TEST_CONTEXT = RunContext(waitScale = 0.01)

/** Small enough to run the whole matrix in seconds, large enough to keep every pool busy. */
internal const val TEST_ITEMS = 24

/**
 * Every strategy the matrix tests run, as the spec of its entry's declared test scale (fixtures excluded, and
 * strategies this JDK cannot run: their entries say why).
 */
internal val TEST_STRATEGIES: List<String>
    get() = Strategies.catalog.entries.filter { it.unavailable == null }.mapNotNull { it.test.spec(it.id) }

/** Every workload the matrix tests run, at its entry's declared test scale (e.g. `cpu-sin:n=2000`). */
internal val TEST_WORKLOADS: List<String> get() = Workloads.catalog.entries.mapNotNull { it.test.spec(it.id) }

internal fun cell(strategy: String, workload: String = "arithmetic", wait: WaitForm = WaitForm.BLOCKING, items: Int = TEST_ITEMS) =
    Cell(CellSpec.parse(strategy, workload, items, wait.id), TEST_CONTEXT)

/** A scenario cell at test scale (waits shrunk like [TEST_CONTEXT]'s), against [settings] (e.g. a JDBC URL). */
internal fun scenarioCell(strategy: String, scenario: String, wait: WaitForm, items: Int = TEST_ITEMS, settings: Map<String, String> = emptyMap()) =
    Cell(CellSpec.parseScenario(strategy, scenario, items, wait.id), TEST_CONTEXT.copy(settings = settings))

/**
 * Drives a scenario cell as the JMH entry point does: open, [batches] x (reset, batch, verify) with
 * the ledger checked after them, the trace pass, close; then asserts no thread was left behind.
 */
internal fun checkScenarioCell(cell: Cell, batches: Int = 2) {
    cell.open()
    try {
        repeat(batches) {
            cell.beforeBatch()
            cell.runBatch()
            cell.afterBatch()
        }
        cell.verify()
        cell.trace()
    } finally {
        val report = cell.closeAndCheck()
        kotlin.test.assertEquals(emptyList(), report.leaked, "threads left alive after close")
        kotlin.test.assertEquals(emptyList(), report.overBound, "shared schedulers over their documented bound")
    }
}
