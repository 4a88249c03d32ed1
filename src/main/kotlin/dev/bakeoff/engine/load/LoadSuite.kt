package dev.bakeoff.engine.load

import dev.bakeoff.engine.fork.LoadRunner
import dev.bakeoff.engine.jdk.MachineInfo
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.LatencyObjective
import dev.bakeoff.engine.plan.LoadPlan
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.session.RunSink
import dev.bakeoff.engine.suite.SuiteRunner
import dev.bakeoff.metrics.Disturbance
import dev.bakeoff.metrics.Queueing
import dev.bakeoff.result.CapacityResult
import dev.bakeoff.result.LoadResult
import dev.bakeoff.result.PresetInfo
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units
import java.nio.file.Files
import java.nio.file.Paths
import java.time.Instant

/**
 * `bakeoff load` and `bakeoff capacity` over [options]' strategies x workloads, or x its scenario
 * (items, wait form):
 * each cell a [LoadRunner] JVM, one after another, inside the run's session (which holds the machine).
 * [load] runs every cell at [plan]'s rate; [capacity] sweeps each strategy's rate geometrically
 * with [CapacitySearch], each point in several forks judged by [PointJudge], and reports a range with the
 * queueing model's knee beside it ([CapacityKnee]). The
 * results (the `load` and `capacity` sections of [Results]) go to [sink] after every cell and, complete,
 * at the end (the writer rewrites every file then); [progress] hears a line per cell.
 *
 * Threading model: the run's thread only.
 */
internal class LoadSuite(
    private val options: RunOptions,
    private val plan: LoadPlan,
    private val progress: (String) -> Unit = {},
    private val sink: RunSink = RunSink {},
) {
    private val done = mutableListOf<LoadResult>()
    private val capacities = mutableListOf<CapacityResult>()
    private val runner = LoadRunner(options, options.out.resolve("cells").also { Files.createDirectories(it) })
    private val machine = MachineInfo.describe(options.jdk ?: Paths.get(System.getProperty("java.home")), options.cpus)
    private val created = Instant.now().toString()

    /** Every cell at the plan's rate. */
    fun load(): Results {
        cells().forEach { record(fork(it, plan.ratePerSec)) }
        return results(complete = true).also(sink::results)
    }

    /**
     * Each cell's capacity at [objective] as a range ([CapacitySearch]): rates from the plan's, times [factor],
     * each point in [CapacitySearch.FORKS] forks or more and judged by [PointJudge]; [budgetNanos] (null: none)
     * bounds the whole search, a point started only when its forks fit in what is left at the forks' mean time.
     * A fork whose window other processes disturbed is set aside and measured again ([PointForks]).
     */
    fun capacity(objective: LatencyObjective, factor: Double, budgetNanos: Long? = null): Results {
        val clock = ForkClock(budgetNanos, plan)
        for (spec in cells()) {
            val points = mutableMapOf<Double, PointForks>()
            val tally = Disturbance.Tally()
            val search = CapacitySearch(plan.ratePerSec, factor).run { rate, n ->
                // The host's cores: other processes' CPU is read over all of them (`/proc/stat`'s first line).
                val point = points.getOrPut(rate) {
                    PointForks(machine.hostCores, { clock.time { fork(spec, rate) } }, ::record, tally)
                }
                if (point.bringTo(n, clock::fits)) point.judge(rate, objective, CapacitySearch.CONFIDENCE) else null
            }
            capacities += capacityOf(spec, objective, search).let {
                it.copy(modelKnee = CapacityKnee.of(it, points.values.flatMap(PointForks::counted)))
            }
            sink.results(results(complete = false))
        }
        return results(complete = true).also(sink::results)
    }

    private fun cells(): List<CellSpec> = options.strategies.flatMap { s ->
        val scenario = options.scenario
        if (scenario != null) {
            listOf(CellSpec(s, null, options.items, options.wait, scenario))
        } else {
            options.workloads.map { w -> CellSpec(s, w, options.items, options.wait) }
        }
    }

    /** One load JVM of [spec] at [rate], not yet recorded. */
    private fun fork(spec: CellSpec, rate: Double): LoadResult {
        progress("${spec.strategy.spec} x ${spec.subject} at ${Units.sig3(rate)}/s ...")
        return unbounded(spec, runner.run(done.size + 1, spec, plan.at(rate)))
    }

    /** [result] into the results, which go to the sink; a fork set aside is said as it happens. */
    private fun record(result: LoadResult) {
        done += result
        result.figures?.costs?.otherCores?.takeIf { result.setAside }?.let {
            progress(
                "  set aside, measuring it again: other processes or the hypervisor kept ${Units.sig3(it)} cores busy",
            )
        }
        sink.results(results(complete = false))
    }

    /**
     * [result] with the queueing check of a strategy that keeps every arrival in flight, which [LoadRunner]
     * leaves out (it models a bounded pool's queue): no server to wait for, the cores' wait only.
     */
    private fun unbounded(spec: CellSpec, result: LoadResult): LoadResult {
        if (result.queueing != null || runner.model(spec).inFlight < LoadRunner.UNBOUNDED) return result
        return result.copy(queueing = result.figures?.let { Queueing.check(it, null, result.arrival) })
    }

    /**
     * The capacity found and the Little's-law ceiling of the strategy's concurrency, in one sentence: its
     * servers over the service time measured at the sweep's last point (each item from its start to its end,
     * so a late wake-up counts as the thread it holds), beside the workload's nominal wait.
     */
    private fun capacityOf(
        spec: CellSpec,
        objective: LatencyObjective,
        search: CapacitySearch.Outcome,
    ): CapacityResult {
        val model = runner.model(spec)
        val last = done.lastOrNull { it.strategy == spec.strategy.spec && it.figures != null && !it.setAside }?.figures
        val serviceNs = last?.serviceNs?.takeIf { it > 0 }
        val bounded = model.inFlight < LoadRunner.UNBOUNDED
        val ceiling = serviceNs?.takeIf { bounded }?.let { Queueing.ceilingPerSec(model.inFlight, it) }
        val explanation = when {
            ceiling != null -> {
                val nominal = last.nominalServiceNs?.let { " measured (nominal wait ${Units.nanos(it)})" } ?: ""
                "${spec.strategy.spec} saturates at about ${Units.sig3(ceiling)}/s because ${model.inFlight} in " +
                    "flight (${model.mechanism}) x ${Units.nanos(checkNotNull(serviceNs))} each$nominal " +
                    "(Little's law)"
            }

            else ->
                "${spec.strategy.spec} keeps every arrival in flight (${model.mechanism}): no concurrency ceiling, " +
                    "only the CPU, the generator and the objective bound it"
        }
        return CapacityResult(
            strategy = spec.strategy.spec,
            family = spec.strategy.entry.family.family,
            workload = spec.subject,
            objective = objective.text,
            capacityPerSec = search.low,
            ceilingPerSec = ceiling,
            explanation = explanation,
            points = search.judged.map { it.ratePerSec },
            percentile = objective.percentile,
            limitNs = objective.limitNs,
            lowPerSec = search.low,
            highPerSec = search.high,
            confidence = CapacitySearch.CONFIDENCE,
            judged = search.judged,
            outOfBudget = search.outOfBudget,
        )
    }

    private fun results(complete: Boolean) = Results(
        bakeoffVersion = SuiteRunner.VERSION,
        createdAt = created,
        complete = complete,
        machine = machine,
        preset = PresetInfo(
            PRESET_ID,
            1,
            "open loop: ${plan.arrival} arrivals, latency from each item's intended start",
        ),
        cells = emptyList(),
        load = done.toList(),
        capacity = capacities.toList().takeIf { it.isNotEmpty() },
    )

    companion object {
        /** The preset a load run's results name. */
        const val PRESET_ID = "load"

        /** An achieved rate below this share of the offered one means the strategy fell behind. */
        const val KEPT_SHARE = 0.99
    }
}
