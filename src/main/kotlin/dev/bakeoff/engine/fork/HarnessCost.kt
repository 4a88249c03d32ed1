package dev.bakeoff.engine.fork

import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.PlanMode

/**
 * What Bakeoff's own measured path costs per item on this machine, this run: a `direct × empty`
 * cell ([dev.bakeoff.workload.EmptyWorkload]: an item returns its seed) measured by JMH exactly
 * as every other cell, in its own JVM with the run's JDK and JVM options. Its median batch time
 * over [ITEMS] is the strategy loop, the item call and the ledger's record with no work at all:
 * the floor under every figure, and the smallest difference a verdict may call a win.
 *
 * Threading model: called once, on the thread running the suite, before the first cell.
 */
internal object HarnessCost {
    /** Its cell's index: its files are cells/cell-000.*, beside the run's own cells numbered from 1. */
    const val INDEX = 0

    /** Enough items that the batch's fixed cost (one call, one counter) is negligible per item. */
    const val ITEMS = 1_000

    /** The same short plan whatever the preset: a figure of about a nanosecond needs no long run. */
    private val PLAN = MeasurementPlan(
        PlanMode.AVERAGE_TIME,
        forks = 1,
        warmupIterations = 2,
        measurementIterations = 5,
        iterationMillis = 100,
        reason = "harness cost: direct x empty, $ITEMS items, timed iterations",
    )

    /** The measured cost, or why there is none (the cell failed: the run goes on without it). */
    class Measured(val nsPerItem: Double?, val error: String?)

    fun measure(runner: JmhCellRunner): Measured {
        val spec = CellSpec.parse("direct", "empty", ITEMS, "blocking")
        // Never under --deadline (the runner knows its index): a cut batch would be no floor.
        // Its time only: none of its untimed figures is reported, so no figures fork.
        val result = runner.run(INDEX, spec, PLAN, 0, figures = false).result
        val median = result.timeNs?.median
        return if (result.status == CellStatus.OK && median != null) {
            Measured(median / ITEMS, null)
        } else {
            Measured(null, result.error ?: "no time figures")
        }
    }
}
