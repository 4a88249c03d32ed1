package dev.bakeoff.engine.plan

import dev.bakeoff.model.Resolved
import dev.bakeoff.model.RunContext
import dev.bakeoff.model.Scenario
import dev.bakeoff.model.Waits
import dev.bakeoff.model.WorkloadEntry
import dev.bakeoff.model.withoutFailure
import dev.bakeoff.result.CellStatus

/**
 * How long a cell's batch would take on one thread: the sum of the items' nominal waits plus
 * their CPU cost. Only used to choose a measurement plan and a time limit, never reported.
 * Stateless; thread-safe.
 */
internal object SerialEstimate {
    private const val SAMPLE_NANOS = 200_000_000L

    /**
     * A workload's items timed once with waits at zero (the first items within [SAMPLE_NANOS],
     * extrapolated to all, so 10,000 CPU-heavy items cost a fraction of a second). This runs the
     * workload's code: the planning probe calls it in a JVM of its own ([EstimateProbe]); only an
     * in-process run, which runs everything in this JVM anyway, calls it here.
     */
    fun workloadNanos(workload: Resolved<WorkloadEntry>, items: Int, context: RunContext): Long {
        // A failing item would end the timing loop: its work (which ends in the failure) stands in for it.
        val w = workload.entry.create(workload.params(context.copy(waitScale = 0.0))).withoutFailure()
        val waits = Waits.total(items, w::waitNanos)
        val t0 = System.nanoTime()
        var timed = 0
        while (timed < items && (timed == 0 || System.nanoTime() - t0 < SAMPLE_NANOS)) w.run(timed++)
        // In doubles, which toLong() holds at Long.MAX_VALUE: waits near it must not wrap to a negative batch.
        return (waits + (System.nanoTime() - t0).toDouble() * items / timed).toLong()
    }

    /**
     * A scenario's items need its resources (a server, a database), so only their nominal waits
     * count: every scenario batch waits long enough for that to decide the plan. Bakeoff's own
     * definitions only: computed in the JVM that plans the run.
     */
    fun scenarioNanos(scenario: Scenario, items: Int): Long = Waits.total(items, scenario::waitNanos)
}

/** What planning found out about a cell's batch. Immutable. */
internal sealed interface Estimate {
    /** The batch would take about [nanos] on one thread. */
    data class Serial(val nanos: Long) : Estimate

    /**
     * No estimate: the planning probe ended with [status] for [reason]. Every cell of the same
     * workload and item count is recorded with it, without a fork of its own.
     */
    data class Failed(val status: CellStatus, val reason: String) : Estimate
}
