package dev.bakeoff.engine

import dev.bakeoff.engine.fork.JmhCellRunner
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.Estimate
import dev.bakeoff.engine.race.CellBook
import dev.bakeoff.engine.race.CellMeasurer
import dev.bakeoff.metrics.TimeSummary
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.ForkAnatomy
import dev.bakeoff.result.ForkRole
import dev.bakeoff.result.MeasurementPlan

/**
 * Plays [script] (strategy, or what [key] names a cell by, -> the runs of its n-th fork, or null for a
 * failed fork) as the suite would; the strategies in [unplanned] fail their planning probe, the others
 * expect a serial batch of [serialNanos] (over 0.5 s: single-shot plans). A fork for which [busy] gives the cores
 * other processes kept busy during its timed runs records its anatomy with them; the others record none.
 */
internal class ScriptedTrack(
    val script: (String, Int) -> List<Double>?,
    val unplanned: Set<String>,
    val floors: Map<String, Long> = emptyMap(),
    val traced: Map<String, Double> = emptyMap(),
    val key: (CellSpec) -> String = { it.strategy.spec },
    val serialNanos: Long = 1_000L,
    val busy: (String, Int) -> Double? = { _, _ -> null },
) : CellMeasurer, CellBook {
    var clock = 0L
    val started = mutableListOf<String>()
    val forks = mutableMapOf<String, Int>()
    val withFigures = mutableMapOf<String, MutableList<Boolean>>()
    val plans = mutableMapOf<String, MutableList<MeasurementPlan>>()
    val results = mutableMapOf<Int, CellResult>()

    override fun estimate(index: Int, spec: CellSpec): Estimate =
        if (spec.strategy.spec in unplanned) {
            Estimate.Failed(CellStatus.TIMEOUT, PROBE_TIMEOUT)
        } else {
            Estimate.Serial(serialNanos)
        }

    override fun fork(index: Int, spec: CellSpec, plan: MeasurementPlan?, figures: Boolean): JmhCellRunner.Outcome {
        val base = base(spec, plan)
        // The suite records a cell whose planning failed without a fork.
        if (plan == null) {
            return JmhCellRunner.Outcome(base.copy(status = CellStatus.TIMEOUT, error = PROBE_TIMEOUT), null)
        }
        clock += SECOND
        started += spec.strategy.spec
        withFigures.getOrPut(spec.strategy.spec) { mutableListOf() } += figures
        plans.getOrPut(spec.strategy.spec) { mutableListOf() } += plan
        val n = forks.merge(key(spec), 1, Int::plus)!!
        val runs = script(key(spec), n)?.take(plan.measurementIterations)
        val result = if (runs == null) {
            base.copy(status = CellStatus.FAILED, error = "scripted failure")
        } else {
            val role = if (figures) ForkRole.SCREENING else ForkRole.TIMING
            val forks = busy(key(spec), n)?.let { listOf(ForkAnatomy(role, SECOND, timedNs = SECOND / 2, runs = runs.size, otherCores = it)) }
            base.copy(timeNs = TimeSummary.of(runs, 0.0, listOf(runs.size)), forks = forks)
        }
        return JmhCellRunner.Outcome(result, null)
    }

    private fun base(spec: CellSpec, plan: MeasurementPlan?): CellResult = spec.result(plan = plan)

    override fun record(index: Int, outcome: JmhCellRunner.Outcome) {
        results[index] = outcome.result
    }

    override fun replace(index: Int, result: CellResult) {
        results[index] = result
    }

    override fun floor(spec: CellSpec) = floors[spec.strategy.spec]

    /** Trace-only cells run on the race's pool, several at once. */
    @Synchronized
    override fun traceOnly(index: Int, spec: CellSpec, plan: MeasurementPlan, floorNs: Long): CellResult {
        clock += SECOND
        started += "trace ${spec.strategy.spec}"
        return base(spec, plan).copy(floorNs = floorNs.toDouble(), tracedNs = traced.getValue(spec.strategy.spec))
    }

    companion object {
        /** What one scripted fork or trace costs on the track's clock. */
        const val SECOND = 1_000_000_000L
        const val PROBE_TIMEOUT = "the planning probe (cells/cell-002.estimate.log) exceeded its time limit of 5 s"
    }
}
