package dev.bakeoff.engine.suite

import dev.bakeoff.engine.fork.EstimateRunner
import dev.bakeoff.engine.fork.JmhCellRunner
import dev.bakeoff.engine.fork.TraceRunner
import dev.bakeoff.engine.lib.LibClasspath
import dev.bakeoff.engine.plan.CellFloor
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.Estimate
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.race.CellMeasurer
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellKey
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.ErrorText
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.SweepPoint

/**
 * A run's [CellMeasurer]: plans and runs one cell in JMH forks ([runner]), or skips it: once a series
 * of an item-count sweep failed, and when the cell would deadlock; a cell whose fork found an API missing
 * from its library versions (`--lib`) is skipped with that reason, not failed. Remembers which series failed, and
 * the estimate of every workload and item count: the first cell that needs one runs its planning probe
 * ([planner]), the others on the same JDK reuse it, a failure included. The race and the fixed presets
 * alike measure through it. Used by the run's thread; [traceOnly] also on a race's trace pool.
 */
internal class JmhCellMeasurer(
    private val options: RunOptions,
    private val runner: JmhCellRunner,
    private val planner: EstimateRunner,
    private val tracer: TraceRunner,
) : CellMeasurer {
    private val failedSeries = mutableMapOf<CellKey, Int>()
    private val estimates = mutableMapOf<GroupKey, Estimate>()

    /** A serial batch's time depends on the work alone: the group's in either wait form, on any cores. */
    override fun estimate(index: Int, spec: CellSpec): Estimate =
        estimates.getOrPut(spec.group.copy(wait = WaitForm.BLOCKING, cpus = null)) {
            planner.estimate(index, spec)
        }

    override fun fork(index: Int, spec: CellSpec, plan: MeasurementPlan?, figures: Boolean): JmhCellRunner.Outcome {
        val series = itemSeries(spec)
        val failedAt = series?.let { failedSeries[it] }
        val deadlock = spec.deadlock(options.context(), options.jdks.firstOrNull())
        val estimate = estimate(index, spec)
        val measured = when {
            failedAt != null -> JmhCellRunner.Outcome(
                skipped(
                    spec,
                    "not run: the same strategy, workload and wait form did not finish at items=$failedAt",
                ),
                null,
            )

            deadlock != null -> JmhCellRunner.Outcome(skipped(spec, deadlock), null)

            estimate is Estimate.Failed ->
                JmhCellRunner.Outcome(notRun(spec, estimate.status, estimate.reason), null)

            else -> runner.run(index, spec, checkNotNull(plan), (estimate as Estimate.Serial).nanos, figures)
        }
        val outcome = LibClasspath.missingApi(measured.result.error, spec.libs)
            ?.takeIf { measured.result.status != CellStatus.OK && measured.result.status != CellStatus.SKIPPED }
            ?.let { JmhCellRunner.Outcome(skipped(spec, it), null) } ?: measured
        if (series != null && diedInTheApproach(outcome.result)) failedSeries.putIfAbsent(series, spec.items)
        // Every cell's result passes here, from a fork, a planning probe or a skip: its error is capped once.
        return JmhCellRunner.Outcome(capped(outcome.result), outcome.jmh)
    }

    private fun capped(result: CellResult): CellResult =
        result.error?.let { result.copy(error = ErrorText.cap(it)) } ?: result

    // An in-process run has no JVM of its own to run a trace pass in; a deadline cuts batches short.
    override fun floor(spec: CellSpec): Long? = if (options.inProcess || options.deadlineNanos != null) {
        null
    } else {
        CellFloor.nanos(spec, options.context())
    }

    override fun traceOnly(index: Int, spec: CellSpec, plan: MeasurementPlan, floorNs: Long): CellResult =
        capped(tracer.run(index, spec, plan, floorNs))

    /**
     * In a sweep over the item count, the series a cell belongs to (its key at no count in particular:
     * items 0, no sweep point): once a series fails (an approach ran out of memory or threads), its
     * larger counts are skipped rather than run to fail again, slower, and with the machine under the
     * same strain.
     */
    private fun itemSeries(spec: CellSpec): CellKey? = if (spec.sweep?.get(SweepPoint.ITEMS) != null) {
        spec.key.copy(group = spec.group.copy(items = 0), sweep = null)
    } else {
        null
    }

    /**
     * A time-out, a stall, or a failure the measured JVM itself recorded (it then also reports its
     * memory): the approach ran and could not cope. A JVM that never got to run the cell (JMH could not
     * start, another JMH run held the lock) says nothing about larger counts.
     */
    private fun diedInTheApproach(r: CellResult) =
        r.status == CellStatus.TIMEOUT || r.status.stalled || (r.status != CellStatus.OK && r.memory != null)

    private fun skipped(spec: CellSpec, why: String) = notRun(spec, CellStatus.SKIPPED, why)

    /** A cell that got no fork: skipped, or not planned. */
    private fun notRun(spec: CellSpec, status: CellStatus, why: String) = spec.result(status).copy(error = why)
}
