package dev.bakeoff.result

import dev.bakeoff.model.Family
import dev.bakeoff.model.WaitForm
import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * What one cell (a strategy x a workload or scenario, at one item count and wait form) measured, or why it did not:
 * its [status], timing, threads, latency, memory and the evidence behind them. The central record of `results.json`.
 * Immutable.
 */
@Serializable
public class CellResult(
    public val strategy: String,
    public val family: Family,
    public val workload: String,
    public val items: Int,
    public val wait: WaitForm,
    public val status: CellStatus,
    public val error: String? = null,
    public val plan: MeasurementPlan? = null,
    public val timeNs: TimeStats? = null,
    /**
     * Heap bytes allocated per measured batch by the batch's own threads: the one that runs it, the strategy's, the
     * carriers of its virtual threads (never the JVM's or the harness's background threads).
     */
    public val allocBytesPerOp: Double? = null,
    public val threads: ThreadStats? = null,
    public val latencyNs: Latency? = null,
    public val perThread: PerThread? = null,
    /** Items per second at the median batch time. */
    public val throughputPerSec: Double? = null,
    /** Process CPU time per batch over the measured iterations, all threads. */
    public val cpuNsPerOp: Double? = null,
    /** The scenario id of a scenario cell (its spec is in [workload]); absent for workload cells. */
    public val scenario: String? = null,
    /** Every parameter of the scenario, defaults included; absent for workload cells. */
    public val params: Map<String, String>? = null,
    /**
     * The physical lower bound of one batch (ns) where one is known: no strategy can be faster; reports draw it as a
     * line.
     */
    public val limitNs: Double? = null,
    /** [limitNs] / median batch time where both are known: 1 means the strategy reached the physical limit. */
    public val efficiency: Double? = null,
    /** Set when the cell is one point of a sweep or grid: every swept parameter and its value here. */
    public val sweep: SweepPoint? = null,
    /** Completed items and their run times in one traced batch (the figures E5 reports). */
    public val tasks: TaskStats? = null,
    /** Heap and process memory of the measured JVM while the cell ran. */
    public val memory: MemoryStats? = null,
    /** How a raced cell's runs came about (absent under a preset's fixed plan). */
    public val race: RaceInfo? = null,
    /** False when a fork's measured runs still trended (see [drift]); absent with too few runs to test. */
    public val steady: Boolean? = null,
    /** The largest relative drift of one fork's runs from its first to its last (Theil–Sen); + slowing down. */
    public val drift: Double? = null,
    /** That fork's first run over its last (3.3: the first took 3.3× the last); absent with [drift]. */
    public val firstToLast: Double? = null,
    /** JFR events, context switches and CPU use per batch, from the untimed trace pass. */
    public val evidence: Evidence? = null,
    /** The JDK version its measured JVMs ran on, in a several-JDK run ([Results.jdks]); null otherwise. */
    public val jdk: String? = null,
    /** In a merged file, the fingerprint of the machine the cell ran on (a key of [Results.machines]). */
    public val machine: String? = null,
    /** With `--profile`: its flame graph, relative to the results directory (`cells/cell-001.flame-wall.html`). */
    public val profile: String? = null,
    /**
     * The shortest its batch can take by definition (sum of the nominal waits over the items its strategy keeps in
     * flight), ns.
     */
    public val floorNs: Double? = null,
    /** Wall time of its traced batch when that was its only batch (stopped at its floor), ns: includes the tracing. */
    public val tracedNs: Double? = null,
    /** What [limitNs] is made of (waits, CPU before and after them, serial part) and which part sets it. */
    public val limitParts: LimitParts? = null,
    /** A failure workload's cell (`fail-at`, `fail-after`): what the strategy did when the item failed. */
    public val failure: FailureFigures? = null,
    /** A cell run with `--deadline`: how late the strategy returned past the deadline, and what ran on. */
    public val deadline: DeadlineFigures? = null,
    /**
     * A [CellStatus.stalled] cell's thread dump (JSON, virtual threads included), relative to the results
     * directory (`cells/cell-001.threads.json`).
     */
    public val threadDump: String? = null,
    /** Each measured JVM the cell took, in the order they ran: where its wall time went ([ForkAnatomy]). */
    public val forks: List<ForkAnatomy>? = null,
    /**
     * The library versions its forks ran on in a several-version run (`--lib`), by library name
     * ([Results.libs]); null otherwise.
     */
    public val lib: Map<String, String>? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::strategy, ::family, ::workload, ::items, ::wait, ::status, ::error, ::plan, ::timeNs, ::allocBytesPerOp,
            ::threads, ::latencyNs, ::perThread, ::throughputPerSec, ::cpuNsPerOp, ::scenario, ::params, ::limitNs,
            ::efficiency, ::sweep, ::tasks, ::memory, ::race, ::steady, ::drift, ::firstToLast, ::evidence, ::jdk,
            ::machine, ::profile, ::floorNs, ::tracedNs, ::limitParts, ::failure, ::deadline, ::threadDump, ::forks,
            ::lib,
        )

    /** This value with the given properties replaced: the module's own `copy`, not public API. */
    internal fun copy(
        strategy: String = this.strategy,
        family: Family = this.family,
        workload: String = this.workload,
        items: Int = this.items,
        wait: WaitForm = this.wait,
        status: CellStatus = this.status,
        error: String? = this.error,
        plan: MeasurementPlan? = this.plan,
        timeNs: TimeStats? = this.timeNs,
        allocBytesPerOp: Double? = this.allocBytesPerOp,
        threads: ThreadStats? = this.threads,
        latencyNs: Latency? = this.latencyNs,
        perThread: PerThread? = this.perThread,
        throughputPerSec: Double? = this.throughputPerSec,
        cpuNsPerOp: Double? = this.cpuNsPerOp,
        scenario: String? = this.scenario,
        params: Map<String, String>? = this.params,
        limitNs: Double? = this.limitNs,
        efficiency: Double? = this.efficiency,
        sweep: SweepPoint? = this.sweep,
        tasks: TaskStats? = this.tasks,
        memory: MemoryStats? = this.memory,
        race: RaceInfo? = this.race,
        steady: Boolean? = this.steady,
        drift: Double? = this.drift,
        firstToLast: Double? = this.firstToLast,
        evidence: Evidence? = this.evidence,
        jdk: String? = this.jdk,
        machine: String? = this.machine,
        profile: String? = this.profile,
        floorNs: Double? = this.floorNs,
        tracedNs: Double? = this.tracedNs,
        limitParts: LimitParts? = this.limitParts,
        failure: FailureFigures? = this.failure,
        deadline: DeadlineFigures? = this.deadline,
        threadDump: String? = this.threadDump,
        forks: List<ForkAnatomy>? = this.forks,
        lib: Map<String, String>? = this.lib,
    ): CellResult = CellResult(
        strategy, family, workload, items, wait, status, error, plan, timeNs, allocBytesPerOp, threads, latencyNs,
        perThread, throughputPerSec, cpuNsPerOp, scenario, params, limitNs, efficiency, sweep, tasks, memory, race,
        steady, drift, firstToLast, evidence, jdk, machine, profile, floorNs, tracedNs, limitParts, failure, deadline,
        threadDump, forks, lib,
    )
}

/** How a cell ended; serialised under [id]. */
@Serializable
public enum class CellStatus(public val id: String) {
    /** Measured, ledger and outcome verified. */
    @SerialName("ok")
    OK("ok"),

    /** Threw, leaked a thread, or its JVM died. */
    @SerialName("failed")
    FAILED("failed"),

    /** Exceeded its time limit; its JVM was killed. */
    @SerialName("timeout")
    TIMEOUT("timeout"),

    /** The ledger or the scenario's verification found a wrong outcome. */
    @SerialName("broken")
    BROKEN("broken"),

    /** Not run; the cell's `error` says why. */
    @SerialName("skipped")
    SKIPPED("skipped"),

    /**
     * Items stopped completing while some of the cell's threads could still run (busy, or waiting with
     * a time-out): the progress watchdog ended it; `error` names the frame that holds the threads.
     */
    @SerialName("starved")
    STARVED("starved"),

    /**
     * Items stopped completing and none of the cell's threads could run (all waiting or blocked), or
     * threads wait on each other's locks: the progress watchdog ended it; `error` names the frame.
     */
    @SerialName("deadlocked")
    DEADLOCKED("deadlocked"),
    ;

    /** Whether the progress watchdog ended the cell: it stalled, and left a thread dump. */
    public val stalled: Boolean get() = this == STARVED || this == DEADLOCKED

    override fun toString(): String = id
}
