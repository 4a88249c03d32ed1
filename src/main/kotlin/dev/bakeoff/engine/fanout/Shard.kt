package dev.bakeoff.engine.fanout

import dev.bakeoff.engine.link.ForkSettings
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.plan.SerialEstimate
import dev.bakeoff.metrics.Prediction
import dev.bakeoff.model.ModelInput
import dev.bakeoff.model.Resolved
import dev.bakeoff.model.RunContext
import dev.bakeoff.model.Waits
import dev.bakeoff.model.WorkloadEntry
import dev.bakeoff.result.MeasurementPlan

/**
 * Part [index] of [count] of a run (`--shard K/N`, 1-based): [of] splits a run's cells into
 * [count] disjoint parts of about equal estimated time ([CellCost]), the same on every machine, so
 * that N machines given `1/N` … `N/N` run every cell exactly once and finish at about the same
 * time. Immutable.
 */
internal data class Shard(val index: Int, val count: Int) {
    init {
        require(count >= 1 && index in 1..count) { "a shard is K/N with 1 <= K <= N" }
    }

    override fun toString() = "$index/$count"

    /** This shard's cells of [cells], in run order. */
    fun of(cells: List<CellSpec>, cost: CellCost): List<CellSpec> = ShardPlan.of(cells, count, cost).parts[index - 1]

    companion object {
        private val FORM = Regex("""(\d+)/(\d+)""")

        /** `K/N`, or null when [text] is not one (the CLI turns that into a usage error naming the form). */
        fun parse(text: String): Shard? {
            val m = FORM.matchEntire(text.trim()) ?: return null
            val (k, n) = m.destructured
            val index = k.toIntOrNull() ?: return null
            val count = n.toIntOrNull() ?: return null
            return if (count in 1..MAX_COUNT && index in 1..count) Shard(index, count) else null
        }

        /** The most parts a run is split into: a fan-out wider than this is no machine count. */
        const val MAX_COUNT = 1_000
    }
}

/**
 * A run's cells dealt into [parts] by estimated time, a group at a time (the cells of one
 * workload or scenario, item count and wait form stay together, so a race decides a group on one
 * machine with all its contenders; in a several-JDK run, on every JDK, each cell once per JDK as
 * [RunOptions.cells] gives it, so the JDKs are compared on one machine): longest group first, each
 * to the part with the least time so far (ties: the lower part), every part back in run order.
 * Deterministic: it reads only [CellCost]'s estimates, which read no clock. Immutable.
 */
internal class ShardPlan(val parts: List<List<CellSpec>>, val nanos: List<Long>) {
    /** (longest - shortest) / longest of the parts' estimated times; 0 for one part. */
    val spread: Double get() = nanos.max().let { if (it == 0L) 0.0 else (it - nanos.min()).toDouble() / it }

    companion object {
        fun of(cells: List<CellSpec>, count: Int, cost: CellCost): ShardPlan {
            val groups = cells.groupBy { it.group.copy(jdk = null, lib = null) }.values.toList()
            // Added in doubles, held at Long.MAX_VALUE by toLong(): huge estimates never wrap to negative loads.
            val costs = groups.map { g -> g.sumOf { cost.nanos(it).toDouble() }.toLong() }
            val order = groups.indices.sortedWith(compareByDescending<Int> { costs[it] }.thenBy { it })
            val load = LongArray(count)
            val owner = mutableMapOf<CellSpec, Int>()
            for (g in order) {
                val part = load.indices.minBy { load[it] }
                groups[g].forEach { owner[it] = part }
                load[part] = (load[part].toDouble() + costs[g]).toLong()
            }
            val parts = (0 until count).map { p -> cells.filter { owner.getValue(it) == p } }
            return ShardPlan(parts, load.toList())
        }
    }
}

/**
 * A cell's estimated wall time for balancing shards, from nothing that differs between machines
 * (every machine of a fan-out must deal the same cells into the same shards): the batch's nominal
 * waits ([SerialEstimate] without the timed CPU part, which would differ) overlapped as the
 * strategy's concurrency model says, the plan [preset] gives that batch, a planning probe and
 * the JVM start of every fork, at most the cell's time limit ([limitSeconds]). A `task:` workload's code is
 * never loaded here: it counts as a neutral [TASK_SERIAL_NANOS] batch. Not thread-safe (it caches
 * the waits of each workload and item count); one per planning.
 */
internal class CellCost(
    private val preset: Preset,
    private val context: RunContext,
    private val limitSeconds: Long? = null,
) {
    private val serial = mutableMapOf<Pair<String, Int>, Long>()

    /** The plan [preset] gives [spec]'s batch by its nominal waits (a measured run plans from a timed probe). */
    fun plan(spec: CellSpec): MeasurementPlan = preset.plan(batch(spec))

    /** The estimate, in doubles, which toLong() holds at [Long.MAX_VALUE]: a batch of hours per item never wraps. */
    fun nanos(spec: CellSpec): Long {
        val plan = plan(spec)
        val batch = batch(spec).toDouble()
        val iteration = maxOf(batch, plan.iterationMillis * 1e6)
        val perFork = JVM_START_NANOS + (plan.warmupIterations + plan.measurementIterations) * iteration +
            ForkSettings.TRACE_BATCHES * batch
        val measured = plan.forks * perFork
        // A cell still running at its time limit is killed there.
        return (PROBE_NANOS + (limitSeconds?.let { minOf(measured, it * 1e9) } ?: measured)).toLong()
    }

    /**
     * [spec]'s batch: its nominal waits overlapped as its strategy's [ConcurrencyModel] says (waves of
     * the items it keeps in flight, [Prediction]) on [BALANCE_CORES] cores, so a pool of 100 on a
     * network workload is not estimated at `direct`'s serial pace; served one after another when the
     * strategy has no model.
     */
    private fun batch(spec: CellSpec): Long {
        val serialNanos = serial.getOrPut(spec.subject to spec.items) { serialNanos(spec) }
        val strategy = spec.strategy
        val params = strategy.params(context.copy(cpus = BALANCE_CORES))
        val input = ModelInput(params, spec.wait, BALANCE_CORES, spec.items)
        val model = strategy.entry.model(input) ?: return serialNanos
        val meanWait = serialNanos.toDouble() / spec.items
        return Prediction.batchNanos(spec.items, 0.0, meanWait, BALANCE_CORES, model.inFlight, model.computing, 0.0)
            .toLong()
    }

    private fun serialNanos(spec: CellSpec): Long {
        spec.createScenario(context)?.let { return SerialEstimate.scenarioNanos(it, spec.items) }
        val workload = checkNotNull(spec.workload)
        if (isTask(workload)) return TASK_SERIAL_NANOS
        val w = workload.entry.create(workload.params(context.copy(waitScale = 1.0)))
        return Waits.total(spec.items, w::waitNanos)
    }

    private fun isTask(workload: Resolved<WorkloadEntry>) = workload.entry.id == TASK_WORKLOAD

    companion object {
        /** The cores the estimates assume: a constant, so every machine of a fan-out deals the same shards. */
        const val BALANCE_CORES = 2

        /** How the estimates are made, for the listing that shows them. */
        const val HOW = "estimates from nominal waits overlapped as each strategy's model says on " +
            "$BALANCE_CORES cores, plans and JVM starts; a task: workload counts as a 0.1 s batch"

        /** A user's task batch, for balancing only: mid-range, so it neither hides nor dominates. */
        const val TASK_SERIAL_NANOS = 100_000_000L
        private const val TASK_WORKLOAD = "task"
        private const val JVM_START_NANOS = 1_000_000_000L
        private const val PROBE_NANOS = 1_000_000_000L
    }
}
