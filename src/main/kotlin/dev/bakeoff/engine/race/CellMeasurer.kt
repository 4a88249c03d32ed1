package dev.bakeoff.engine.race

import dev.bakeoff.engine.fork.JmhCellRunner
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.Estimate
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.MeasurementPlan

/**
 * How a race measures a cell: the race owns this interface, a run gives it the JVMs that measure
 * (the suite's JMH cells; a test, a script). Called on the race's thread, but [traceOnly] also on
 * [FloorTraces]' pool, a few at once.
 */
internal interface CellMeasurer {
    /** The expected serial batch time of cell number [index] (from 1), which decides its plan's mode. */
    fun estimate(index: Int, spec: CellSpec): Estimate

    /**
     * Runs one fork of cell number [index] (from 1) with [plan], with the untimed passes unless
     * [figures] is false; with no plan, records why it has none.
     */
    fun fork(index: Int, spec: CellSpec, plan: MeasurementPlan?, figures: Boolean = true): JmhCellRunner.Outcome

    /** The cell's floor (`CellFloor`) in ns, or null where there is none or no trace-only JVM can run. */
    fun floor(spec: CellSpec): Long?

    /** Runs cell number [index] (from 1) for its trace pass only (`TraceRunner`), recording [plan] as its plan. */
    fun traceOnly(index: Int, spec: CellSpec, plan: MeasurementPlan, floorNs: Long): CellResult
}

/** Where a race keeps its cells' results as they change: the run's results so far. Called on the race's thread. */
internal interface CellBook {
    /** The cell at [index] (from 0) is now [outcome]'s result; writes the results so far. */
    fun record(index: Int, outcome: JmhCellRunner.Outcome)

    /** Replaces the cell's result without a new fork; the final snapshot writes it. */
    fun replace(index: Int, result: CellResult)
}
