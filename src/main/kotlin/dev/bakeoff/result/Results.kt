package dev.bakeoff.result

import dev.bakeoff.model.Family
import dev.bakeoff.model.WaitForm
import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * Everything one `bakeoff run` produced: the machine, the preset and one [CellResult] per cell.
 * Serialised as `results.json` (schema in docs/RESULTS.md); [SCHEMA_VERSION] changes whenever a
 * field changes meaning or is removed.
 */
@Serializable
public class Results(
    public val schemaVersion: Int = SCHEMA_VERSION,
    public val bakeoffVersion: String,
    public val createdAt: String,
    /** False while the run is still going (results are written after every cell) or was interrupted. */
    public val complete: Boolean,
    public val machine: Machine,
    public val preset: PresetInfo,
    public val cells: List<CellResult>,
    /**
     * The decision of every group of [cells] that has a ranked cell (docs/RESULTS.md, "Deciding a
     * group"); null in files written before groups were recorded, whose readers decide them.
     */
    public val groups: List<GroupResult>? = null,
    /**
     * The JDKs a several-JDK run (`--jdk 21,25`) measured every cell on, in run order; null when it
     * ran on one ([machine] describes it). The first is the one [machine] describes.
     */
    public val jdks: List<JdkInfo>? = null,
    /**
     * A merged file's machines by fingerprint ([Machine.fingerprint]; every cell names its own in
     * [CellResult.machine]); null for one machine's run, whose cells all ran on [machine].
     */
    public val machines: Map<String, Machine>? = null,
    /** `bakeoff load` and `bakeoff capacity`: one [LoadResult] per strategy x workload x rate; null for a batch run. */
    public val load: List<LoadResult>? = null,
    /** `bakeoff capacity`: each strategy's capacity at the objective, its points in [load]; null otherwise. */
    public val capacity: List<CapacityResult>? = null,
    /** `bakeoff footprint`: what one waiting task keeps, per strategy and stack depth; null otherwise. */
    public val footprint: List<FootprintResult>? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::schemaVersion, ::bakeoffVersion, ::createdAt, ::complete, ::machine, ::preset, ::cells, ::groups, ::jdks,
            ::machines, ::load, ::capacity, ::footprint,
        )

    /** This value with the given properties replaced: the module's own `copy`, not public API. */
    internal fun copy(
        schemaVersion: Int = this.schemaVersion,
        bakeoffVersion: String = this.bakeoffVersion,
        createdAt: String = this.createdAt,
        complete: Boolean = this.complete,
        machine: Machine = this.machine,
        preset: PresetInfo = this.preset,
        cells: List<CellResult> = this.cells,
        groups: List<GroupResult>? = this.groups,
        jdks: List<JdkInfo>? = this.jdks,
        machines: Map<String, Machine>? = this.machines,
        load: List<LoadResult>? = this.load,
        capacity: List<CapacityResult>? = this.capacity,
        footprint: List<FootprintResult>? = this.footprint,
    ): Results = Results(
        schemaVersion, bakeoffVersion, createdAt, complete, machine, preset, cells, groups, jdks, machines, load,
        capacity, footprint,
    )

    public companion object {
        public const val SCHEMA_VERSION: Int = 1
    }
}

/** The machine and JDK a run measured on, as the measured JVMs saw them. Immutable. */
@Serializable
public class Machine(
    /** Processors the measured JVMs saw (after any `--cpus`). */
    public val cores: Int,
    /** Processors of the machine itself. */
    public val hostCores: Int,
    public val memoryBytes: Long,
    public val os: String,
    public val arch: String,
    public val jdkVendor: String,
    public val jdkVersion: String,
    public val jvmName: String,
    public val jdkHome: String,
    public val libraries: Map<String, String>,
    /** Residual cost per item of Bakeoff's own measured path, in ns (null: not measured). */
    public val harnessNsPerItem: Double? = null,
    /** The processor's model name (Linux `/proc/cpuinfo`); null where the platform does not say. */
    public val cpuModel: String? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::cores, ::hostCores, ::memoryBytes, ::os, ::arch, ::jdkVendor, ::jdkVersion, ::jvmName, ::jdkHome,
            ::libraries, ::harnessNsPerItem, ::cpuModel,
        )

    /** This value with the given properties replaced: the module's own `copy`, not public API. */
    internal fun copy(
        cores: Int = this.cores,
        hostCores: Int = this.hostCores,
        memoryBytes: Long = this.memoryBytes,
        os: String = this.os,
        arch: String = this.arch,
        jdkVendor: String = this.jdkVendor,
        jdkVersion: String = this.jdkVersion,
        jvmName: String = this.jvmName,
        jdkHome: String = this.jdkHome,
        libraries: Map<String, String> = this.libraries,
        harnessNsPerItem: Double? = this.harnessNsPerItem,
        cpuModel: String? = this.cpuModel,
    ): Machine = Machine(
        cores, hostCores, memoryBytes, os, arch, jdkVendor, jdkVersion, jvmName, jdkHome, libraries, harnessNsPerItem,
        cpuModel,
    )
}

/** The preset a run used: its [id], forks per cell and summary, and the margin and looks it decided with. Immutable. */
@Serializable
public class PresetInfo(
    public val id: String,
    public val forks: Int,
    public val summary: String,
    /** The practical margin the run decided with (`--margin`, 0.05: 5%); null in files written before it was set. */
    public val margin: Double? = null,
    /**
     * The looks the run took at each group and spent its error rate on: a race's, one fewer than the forks
     * it gave a cell at most; 1 for a fixed plan. Null in files written before a race's budget set them (5).
     */
    public val looks: Int? = null,
) : ResultValue() {
    override val fields get() = listOf(::id, ::forks, ::summary, ::margin, ::looks)
}

/** How a cell was measured: JMH mode and iteration counts, chosen from the cell's expected batch time. */
@Serializable
public class MeasurementPlan(
    /** How each run is measured; serialised as JMH's short label. */
    public val mode: PlanMode,
    public val forks: Int,
    public val warmupIterations: Int,
    public val measurementIterations: Int,
    /** Iteration length in ms for `avgt`; 0 for `ss`. */
    public val iterationMillis: Long,
    /** Why this plan: e.g. "expected serial batch 4.95 s > 0.5 s: single-shot". */
    public val reason: String,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::mode,
            ::forks,
            ::warmupIterations,
            ::measurementIterations,
            ::iterationMillis,
            ::reason,
        )

    /** This value with the given properties replaced: the module's own `copy`, not public API. */
    internal fun copy(
        mode: PlanMode = this.mode,
        forks: Int = this.forks,
        warmupIterations: Int = this.warmupIterations,
        measurementIterations: Int = this.measurementIterations,
        iterationMillis: Long = this.iterationMillis,
        reason: String = this.reason,
    ): MeasurementPlan = MeasurementPlan(mode, forks, warmupIterations, measurementIterations, iterationMillis, reason)
}

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
) : ResultValue() {
    override val fields
        get() = listOf(
            ::strategy, ::family, ::workload, ::items, ::wait, ::status, ::error, ::plan, ::timeNs, ::allocBytesPerOp,
            ::threads, ::latencyNs, ::perThread, ::throughputPerSec, ::cpuNsPerOp, ::scenario, ::params, ::limitNs,
            ::efficiency, ::sweep, ::tasks, ::memory, ::race, ::steady, ::drift, ::firstToLast, ::evidence, ::jdk,
            ::machine, ::profile, ::floorNs, ::tracedNs, ::limitParts, ::failure, ::deadline, ::threadDump,
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
    ): CellResult = CellResult(
        strategy, family, workload, items, wait, status, error, plan, timeNs, allocBytesPerOp, threads, latencyNs,
        perThread, throughputPerSec, cpuNsPerOp, scenario, params, limitNs, efficiency, sweep, tasks, memory, race,
        steady, drift, firstToLast, evidence, jdk, machine, profile, floorNs, tracedNs, limitParts, failure, deadline,
        threadDump,
    )
}

/**
 * One JDK of a several-JDK run: its [version] (the label cells carry), [vendor], [home] and [runtime], the
 * full version its machine would record ([Machine.jdkVersion]), so a merge can name the machine each cell
 * ran on ([Machine.fingerprint] holds the JDK); null in files written before it was recorded. Immutable.
 */
@Serializable
public class JdkInfo(
    public val version: String,
    public val vendor: String,
    public val home: String,
    public val runtime: String? = null,
) : ResultValue() {
    override val fields get() = listOf(::version, ::vendor, ::home, ::runtime)
}

/**
 * A raced cell: [forks] measured JVMs gave [runs] measured runs in all (`timeNs.runs`), then the
 * cell [stop]ped for [reason]. The first fork is the screening fork every cell gets; it took
 * [screeningNs] of wall time (its untimed passes included), each further one [furtherForkNs] on
 * average (null without one): what a fork costs, which the budget pays.
 */
@Serializable
public class RaceInfo(
    public val forks: Int,
    public val runs: Int,
    public val stop: RaceStop,
    public val reason: String,
    public val screeningNs: Long? = null,
    public val furtherForkNs: Long? = null,
) : ResultValue() {
    override val fields get() = listOf(::forks, ::runs, ::stop, ::reason, ::screeningNs, ::furtherForkNs)
}

/** Why a raced cell got no more runs; serialised under [id]. */
@Serializable
public enum class RaceStop(public val id: String) {
    /** Its fastest run was over the racing factor times its group leader's slowest: it cannot win. */
    @SerialName("cannot-win")
    CANNOT_WIN("cannot-win"),

    /**
     * Its floor (the shortest its batch can take by definition) was over the racing factor times its
     * group leader's slowest run: it cannot win, and got its trace pass but no timed batch.
     */
    @SerialName("floor")
    FLOOR("floor"),

    /**
     * The group's test put it behind the leader (at fork level, [PairOutcome.SLOWER]): more forks
     * would only confirm that.
     */
    @SerialName("behind")
    BEHIND("behind"),

    /** Its group was decided: a winner, or a tie within the margin. */
    @SerialName("decided")
    DECIDED("decided"),

    /** The run's time budget could not pay for another fork. */
    @SerialName("budget")
    BUDGET("budget"),

    /**
     * Its group's closest pair could not be told apart nor shown within the margin by the most forks
     * racing gives a cell, judged from their forks' noise: the group stays undecided and the budget
     * goes to other groups.
     */
    @SerialName("too-close")
    TOO_CLOSE("too-close"),

    /** Still undecided after the most forks racing gives a cell: the group's tie is stated. */
    @SerialName("max-forks")
    MAX_FORKS("max-forks"),

    /** The cell did not end ok (its status and error say why). */
    @SerialName("not-ok")
    NOT_OK("not-ok"),
    ;

    override fun toString(): String = id
}

/**
 * One point of a sweep or grid: every swept parameter (a strategy or workload parameter, or
 * `items`) and its value here, in the order the keys were given. Serialised as a JSON object
 * `{"size": "200", "items": "1000"}` ([SweepPointSerializer] also reads the single
 * `{"key": ..., "value": ...}` object files written before grids).
 */
@Serializable(with = SweepPointSerializer::class)
public class SweepPoint(public val values: Map<String, String>) : ResultValue() {
    override val fields get() = listOf(::values)

    /** The point of a one-parameter sweep. */
    public constructor(key: String, value: String) : this(mapOf(key to value))

    init {
        require(values.isNotEmpty()) { "a sweep point has at least one swept parameter" }
    }

    /** The swept parameters, in the order they were given. */
    public val keys: List<String> get() = values.keys.toList()

    /** The value of [key] here, or null when it was not swept in this cell. */
    public operator fun get(key: String): String? = values[key]

    /** The cores the cell's measured JVMs ran on, when a sweep varied them ([CPUS]); null otherwise. */
    internal val cpus: Int? get() = values[CPUS]?.toIntOrNull()

    /** `size=200, items=1000`. */
    override fun toString(): String = values.entries.joinToString { "${it.key}=${it.value}" }

    public companion object {
        /**
         * The swept key of the item count per batch (`--param items=10..1000x10`), which every cell takes:
         * the one name the plan's sweeps and the report's curves read.
         */
        internal const val ITEMS: String = "items"

        /** The swept key of the cores a cell ran on (`--param cpus=1,2`), which every cell takes. */
        internal const val CPUS: String = "cpus"
    }
}

/** Items of one traced batch that finished, and their run times (start to end), in ns. */
@Serializable
public class TaskStats(
    public val completed: Int,
    public val minRunNs: Long,
    public val meanRunNs: Double,
    public val maxRunNs: Long,
) : ResultValue() {
    override val fields get() = listOf(::completed, ::minRunNs, ::meanRunNs, ::maxRunNs)
}

/**
 * Memory of the measured JVM from the strategy opening until the cell ended (or failed). Each
 * figure is left out where the platform cannot give it (RSS comes from Linux's `/proc`).
 */
@Serializable
public class MemoryStats(
    /** Peak heap in use: the largest heap occupancy seen right before a garbage collection or at the end. */
    public val heapPeakBytes: Long,
    /** Resident set size of the process when the strategy opened (`VmRSS`). */
    public val rssStartBytes: Long? = null,
    /**
     * Peak resident set size since the strategy opened (`VmHWM`, reset at open): heap, thread stacks and other native
     * memory.
     */
    public val rssPeakBytes: Long? = null,
) : ResultValue() {
    override val fields get() = listOf(::heapPeakBytes, ::rssStartBytes, ::rssPeakBytes)
}

/** A cell's measured batch times in ns: summary figures over [runs] and how they split over forks. Immutable. */
@Serializable
public class TimeStats(
    public val min: Double,
    public val median: Double,
    public val max: Double,
    public val mean: Double,
    /** Half-width of JMH's 99.9% confidence interval of the mean (NaN-free: 0 when undefined). */
    public val error: Double,
    public val runs: List<Double>,
    /**
     * How many of [runs] each fork (JVM) gave, in order: the first `forks[0]` runs came from the first
     * fork, and so on. Null in files written before forks were kept, whose runs count as a fork each.
     */
    public val forks: List<Int>? = null,
    /** The standard deviation of the forks' log medians (0.1: about 10% from JVM to JVM); null with one fork. */
    public val betweenForks: Double? = null,
    /** The pooled standard deviation of log runs within their fork; null when no fork has two runs. */
    public val withinForks: Double? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::min, ::median, ::max, ::mean, ::error, ::runs, ::forks, ::betweenForks, ::withinForks,
        )
}

/** The platform threads a cell's strategy had from open to close, and those left after it closed. Immutable. */
@Serializable
public class ThreadStats(
    /** Live platform threads when the strategy opened. */
    public val startLive: Int,
    /** Peak live platform threads from open to close. */
    public val peakLive: Int,
    /** Platform threads started from open to close. */
    public val created: Long,
    /** Threads the strategy created that were still alive after it closed (0 for a correct strategy). */
    public val aliveAfterClose: Int,
    /** Virtual threads that ran items in the traced batch (not counted above). */
    public val virtualUsed: Int,
    /** Live platform threads after the last batch, before the strategy closed. */
    public val endLive: Int? = null,
    /** Live platform threads after the strategy closed (all of them, not only its own). */
    public val liveAfterClose: Int? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::startLive,
            ::peakLive,
            ::created,
            ::aliveAfterClose,
            ::virtualUsed,
            ::endLive,
            ::liveAfterClose,
        )
}

/** Latency percentiles of one traced batch, in ns. Immutable. */
@Serializable
public class Percentiles(
    public val p50: Long,
    public val p90: Long,
    public val p99: Long,
    public val max: Long,
) : ResultValue() {
    override val fields get() = listOf(::p50, ::p90, ::p99, ::max)
}

/**
 * Per-item latency from the untimed trace pass: queue wait = batch handed over -> item started; run = item start ->
 * end.
 */
@Serializable
public class Latency(public val queueWait: Percentiles, public val run: Percentiles) : ResultValue() {
    override val fields get() = listOf(::queueWait, ::run)
}

/** How the items of one traced batch spread over threads. */
@Serializable
public class PerThread(
    public val threadsUsed: Int,
    public val minTasks: Int,
    public val avgTasks: Double,
    public val maxTasks: Int,
) : ResultValue() {
    override val fields get() = listOf(::threadsUsed, ::minTasks, ::avgTasks, ::maxTasks)
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

/** How the runs of a cell are measured, serialised as JMH's short label for the mode. */
@Serializable
public enum class PlanMode(public val id: String) {
    /** Timed iterations: each run is the mean batch time over one iteration (JMH `AverageTime`). */
    @SerialName("avgt")
    AVERAGE_TIME("avgt"),

    /** Single-shot: each run is one batch (JMH `SingleShotTime`). */
    @SerialName("ss")
    SINGLE_SHOT("ss"),
    ;

    override fun toString(): String = id
}
