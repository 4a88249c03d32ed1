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
public data class Results(
    val schemaVersion: Int = SCHEMA_VERSION,
    val bakeoffVersion: String,
    val createdAt: String,
    /** False while the run is still going (results are written after every cell) or was interrupted. */
    val complete: Boolean,
    val machine: Machine,
    val preset: PresetInfo,
    val cells: List<CellResult>,
    /**
     * The decision of every group of [cells] that has a ranked cell (docs/RESULTS.md, "Deciding a
     * group"); null in files written before groups were recorded, whose readers decide them.
     */
    val groups: List<GroupResult>? = null,
    /**
     * The JDKs a several-JDK run (`--jdk 21,25`) measured every cell on, in run order; null when it
     * ran on one ([machine] describes it). The first is the one [machine] describes.
     */
    val jdks: List<JdkInfo>? = null,
    /**
     * A merged file's machines by fingerprint ([Machine.fingerprint]; every cell names its own in
     * [CellResult.machine]); null for one machine's run, whose cells all ran on [machine].
     */
    val machines: Map<String, Machine>? = null,
    /** `bakeoff load` and `bakeoff capacity`: one [LoadResult] per strategy x workload x rate; null for a batch run. */
    val load: List<LoadResult>? = null,
    /** `bakeoff capacity`: each strategy's capacity at the objective, its points in [load]; null otherwise. */
    val capacity: List<CapacityResult>? = null,
    /** `bakeoff footprint`: what one waiting task keeps, per strategy and stack depth; null otherwise. */
    val footprint: List<FootprintResult>? = null,
) {
    public companion object {
        public const val SCHEMA_VERSION: Int = 1
    }
}

@Serializable
public data class Machine(
    /** Processors the measured JVMs saw (after any `--cpus`). */
    val cores: Int,
    /** Processors of the machine itself. */
    val hostCores: Int,
    val memoryBytes: Long,
    val os: String,
    val arch: String,
    val jdkVendor: String,
    val jdkVersion: String,
    val jvmName: String,
    val jdkHome: String,
    val libraries: Map<String, String>,
    /** Residual cost per item of Bakeoff's own measured path, in ns (null: not measured). */
    val harnessNsPerItem: Double? = null,
    /** The processor's model name (Linux `/proc/cpuinfo`); null where the platform does not say. */
    val cpuModel: String? = null,
)

@Serializable
public data class PresetInfo(
    val id: String,
    val forks: Int,
    val summary: String,
    /** The practical margin the run decided with (`--margin`, 0.05: 5%); null in files written before it was set. */
    val margin: Double? = null,
    /**
     * The looks the run took at each group and spent its error rate on: a race's, one fewer than the forks
     * it gave a cell at most; 1 for a fixed plan. Null in files written before a race's budget set them (5).
     */
    val looks: Int? = null,
)

/** How a cell was measured: JMH mode and iteration counts, chosen from the cell's expected batch time. */
@Serializable
public data class MeasurementPlan(
    /** How each run is measured; serialised as JMH's short label. */
    val mode: PlanMode,
    val forks: Int,
    val warmupIterations: Int,
    val measurementIterations: Int,
    /** Iteration length in ms for `avgt`; 0 for `ss`. */
    val iterationMillis: Long,
    /** Why this plan: e.g. "expected serial batch 4.95 s > 0.5 s: single-shot". */
    val reason: String,
)

@Serializable
public data class CellResult(
    val strategy: String,
    val family: Family,
    val workload: String,
    val items: Int,
    val wait: WaitForm,
    val status: CellStatus,
    val error: String? = null,
    val plan: MeasurementPlan? = null,
    val timeNs: TimeStats? = null,
    /** Bytes allocated per batch by all threads (JMH gc profiler, `gc.alloc.rate.norm`). */
    val allocBytesPerOp: Double? = null,
    val threads: ThreadStats? = null,
    val latencyNs: Latency? = null,
    val perThread: PerThread? = null,
    /** Items per second at the median batch time. */
    val throughputPerSec: Double? = null,
    /** Process CPU time per batch over the measured iterations, all threads. */
    val cpuNsPerOp: Double? = null,
    /** The scenario id of a scenario cell (its spec is in [workload]); absent for workload cells. */
    val scenario: String? = null,
    /** Every parameter of the scenario, defaults included; absent for workload cells. */
    val params: Map<String, String>? = null,
    /**
     * The physical lower bound of one batch (ns) where one is known: no strategy can be faster; reports draw it as a
     * line.
     */
    val limitNs: Double? = null,
    /** [limitNs] / median batch time where both are known: 1 means the strategy reached the physical limit. */
    val efficiency: Double? = null,
    /** Set when the cell is one point of a sweep or grid: every swept parameter and its value here. */
    val sweep: SweepPoint? = null,
    /** Completed items and their run times in one traced batch (the figures E5 reports). */
    val tasks: TaskStats? = null,
    /** Heap and process memory of the measured JVM while the cell ran. */
    val memory: MemoryStats? = null,
    /** How a raced cell's runs came about (absent under a preset's fixed plan). */
    val race: RaceInfo? = null,
    /** False when a fork's measured runs still trended (see [drift]); absent with too few runs to test. */
    val steady: Boolean? = null,
    /** The largest relative drift of one fork's runs from its first to its last (Theil–Sen); + slowing down. */
    val drift: Double? = null,
    /** That fork's first run over its last (3.3: the first took 3.3× the last); absent with [drift]. */
    val firstToLast: Double? = null,
    /** JFR events, context switches and CPU use per batch, from the untimed trace pass. */
    val evidence: Evidence? = null,
    /** The JDK version its measured JVMs ran on, in a several-JDK run ([Results.jdks]); null otherwise. */
    val jdk: String? = null,
    /** In a merged file, the fingerprint of the machine the cell ran on (a key of [Results.machines]). */
    val machine: String? = null,
    /** With `--profile`: its flame graph, relative to the results directory (`cells/cell-001.flame-wall.html`). */
    val profile: String? = null,
    /**
     * The shortest its batch can take by definition (sum of the nominal waits over the items its strategy keeps in
     * flight), ns.
     */
    val floorNs: Double? = null,
    /** Wall time of its traced batch when that was its only batch (stopped at its floor), ns: includes the tracing. */
    val tracedNs: Double? = null,
    /** What [limitNs] is made of (waits, CPU before and after them, serial part) and which part sets it. */
    val limitParts: LimitParts? = null,
    /** A failure workload's cell (`fail-at`, `fail-after`): what the strategy did when the item failed. */
    val failure: FailureFigures? = null,
    /** A cell run with `--deadline`: how late the strategy returned past the deadline, and what ran on. */
    val deadline: DeadlineFigures? = null,
    /**
     * A [CellStatus.stalled] cell's thread dump (JSON, virtual threads included), relative to the results
     * directory (`cells/cell-001.threads.json`).
     */
    val threadDump: String? = null,
)

/**
 * One JDK of a several-JDK run: its [version] (the label cells carry), [vendor], [home] and [runtime], the
 * full version its machine would record ([Machine.jdkVersion]), so a merge can name the machine each cell
 * ran on ([Machine.fingerprint] holds the JDK); null in files written before it was recorded. Immutable.
 */
@Serializable
public data class JdkInfo(val version: String, val vendor: String, val home: String, val runtime: String? = null)

/**
 * A raced cell: [forks] measured JVMs gave [runs] measured runs in all (`timeNs.runs`), then the
 * cell [stop]ped for [reason]. The first fork is the screening fork every cell gets; it took
 * [screeningNs] of wall time (its untimed passes included), each further one [furtherForkNs] on
 * average (null without one): what a fork costs, which the budget pays.
 */
@Serializable
public data class RaceInfo(
    val forks: Int,
    val runs: Int,
    val stop: RaceStop,
    val reason: String,
    val screeningNs: Long? = null,
    val furtherForkNs: Long? = null,
)

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
public data class SweepPoint(val values: Map<String, String>) {
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
public data class TaskStats(val completed: Int, val minRunNs: Long, val meanRunNs: Double, val maxRunNs: Long)

/**
 * Memory of the measured JVM from the strategy opening until the cell ended (or failed). Each
 * figure is left out where the platform cannot give it (RSS comes from Linux's `/proc`).
 */
@Serializable
public data class MemoryStats(
    /** Peak heap in use: the largest heap occupancy seen right before a garbage collection or at the end. */
    val heapPeakBytes: Long,
    /** Resident set size of the process when the strategy opened (`VmRSS`). */
    val rssStartBytes: Long? = null,
    /**
     * Peak resident set size since the strategy opened (`VmHWM`, reset at open): heap, thread stacks and other native
     * memory.
     */
    val rssPeakBytes: Long? = null,
)

@Serializable
public data class TimeStats(
    val min: Double,
    val median: Double,
    val max: Double,
    val mean: Double,
    /** Half-width of JMH's 99.9% confidence interval of the mean (NaN-free: 0 when undefined). */
    val error: Double,
    val runs: List<Double>,
    /**
     * How many of [runs] each fork (JVM) gave, in order: the first `forks[0]` runs came from the first
     * fork, and so on. Null in files written before forks were kept, whose runs count as a fork each.
     */
    val forks: List<Int>? = null,
    /** The standard deviation of the forks' log medians (0.1: about 10% from JVM to JVM); null with one fork. */
    val betweenForks: Double? = null,
    /** The pooled standard deviation of log runs within their fork; null when no fork has two runs. */
    val withinForks: Double? = null,
)

@Serializable
public data class ThreadStats(
    /** Live platform threads when the strategy opened. */
    val startLive: Int,
    /** Peak live platform threads from open to close. */
    val peakLive: Int,
    /** Platform threads started from open to close. */
    val created: Long,
    /** Threads the strategy created that were still alive after it closed (0 for a correct strategy). */
    val aliveAfterClose: Int,
    /** Virtual threads that ran items in the traced batch (not counted above). */
    val virtualUsed: Int,
    /** Live platform threads after the last batch, before the strategy closed. */
    val endLive: Int? = null,
    /** Live platform threads after the strategy closed (all of them, not only its own). */
    val liveAfterClose: Int? = null,
)

@Serializable
public data class Percentiles(val p50: Long, val p90: Long, val p99: Long, val max: Long)

/**
 * Per-item latency from the untimed trace pass: queue wait = batch handed over -> item started; run = item start ->
 * end.
 */
@Serializable
public data class Latency(val queueWait: Percentiles, val run: Percentiles)

/** How the items of one traced batch spread over threads. */
@Serializable
public data class PerThread(val threadsUsed: Int, val minTasks: Int, val avgTasks: Double, val maxTasks: Int)

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
