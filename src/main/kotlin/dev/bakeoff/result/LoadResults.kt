package dev.bakeoff.result

import dev.bakeoff.model.Family
import dev.bakeoff.model.WaitForm
import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/** How the items of an open loop arrive; serialised under [id]. */
@Serializable
public enum class Arrival(public val id: String) {
    /** A Poisson process: exponential gaps of mean `1 / rate` (independent arrivals, as of many users). */
    @SerialName("poisson")
    POISSON("poisson"),

    /** Evenly spaced, `1 / rate` apart. */
    @SerialName("uniform")
    UNIFORM("uniform"),
    ;

    override fun toString(): String = id
}

/**
 * One strategy x workload at one arrival rate (`bakeoff load`, and each point of `bakeoff capacity`):
 * what was offered, and [figures] as its JVM measured them, with the theory's checks ([little],
 * [queueing]). Latencies are measured from each item's intended start (coordinated omission).
 */
@Serializable
public class LoadResult(
    public val strategy: String,
    public val family: Family,
    public val workload: String,
    /** Items whose seeds the arrivals cycle through (arrival `k` runs item `k % items`). */
    public val items: Int,
    public val wait: WaitForm,
    public val arrival: Arrival,
    /** The target arrival rate, items per second. */
    public val ratePerSec: Double,
    /** The measured window, after a warm-up as long at the same rate. */
    public val durationSeconds: Double,
    public val status: CellStatus,
    public val error: String? = null,
    public val figures: LoadFigures? = null,
    public val little: LittleCheck? = null,
    public val queueing: QueueingCheck? = null,
    /** The fingerprint of the machine it ran on, in a merged file ([Results.machines]); absent in a run's own. */
    public val machine: String? = null,
    /**
     * True for a capacity point's fork set aside because other processes disturbed its window
     * (`dev.bakeoff.metrics.Disturbance`) and measured again: kept, but counted in no point; absent otherwise.
     */
    public val disturbed: Boolean? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::strategy, ::family, ::workload, ::items, ::wait, ::arrival, ::ratePerSec, ::durationSeconds, ::status,
            ::error, ::figures, ::little, ::queueing, ::machine, ::disturbed,
        )

    /** Whether this fork was set aside ([disturbed]): every reader of a point's forks leaves it out. */
    internal val setAside: Boolean get() = disturbed == true

    /** This value with the given properties replaced: the module's own `copy`, not public API. */
    internal fun copy(
        strategy: String = this.strategy,
        family: Family = this.family,
        workload: String = this.workload,
        items: Int = this.items,
        wait: WaitForm = this.wait,
        arrival: Arrival = this.arrival,
        ratePerSec: Double = this.ratePerSec,
        durationSeconds: Double = this.durationSeconds,
        status: CellStatus = this.status,
        error: String? = this.error,
        figures: LoadFigures? = this.figures,
        little: LittleCheck? = this.little,
        queueing: QueueingCheck? = this.queueing,
        machine: String? = this.machine,
        disturbed: Boolean? = this.disturbed,
    ): LoadResult = LoadResult(
        strategy, family, workload, items, wait, arrival, ratePerSec, durationSeconds, status, error, figures, little,
        queueing, machine, disturbed,
    )
}

/**
 * What a load JVM measured over its window: arrivals, completions and rates, the latency of every
 * measured item from its intended start, how late the generator started items, the mean in flight
 * (sampled every millisecond), threads and allocation.
 */
@Serializable
public class LoadFigures(
    /** Items whose intended start fell in the window. */
    public val arrived: Long,
    /** Of those, items that finished (failed ones included). */
    public val completed: Long,
    /** Of those, items whose strategy reported an exception. */
    public val failed: Long,
    /** Of those, items still unfinished when the drain time ran out (counted in [latencyNs] at that time). */
    public val unfinished: Long,
    /** [arrived] per second of the window: what the generator offered (Poisson arrivals vary around the target). */
    public val offeredPerSec: Double,
    /** [completed] per second, from the window's start to the last measured completion (at least the window). */
    public val achievedPerSec: Double,
    public val latencyNs: LoadLatency,
    public val lag: GeneratorLag,
    /** Items submitted and not yet finished, the mean of one sample per millisecond of the window. */
    public val meanInFlight: Double,
    /**
     * The window's arrivals' mean service time (ns): each measured from its start to its end where it
     * ran (its wait as really waited, a late wake-up included), the time it holds a bounded pool's thread.
     */
    public val serviceNs: Double,
    /** The squared coefficient of variation of those service times (0: every item takes as long). */
    public val serviceScv: Double,
    /** The workload's mean nominal wait per item as the wait form waits it (ns): [serviceNs] at no cost. */
    public val nominalServiceNs: Double? = null,
    /** Peak live platform threads from open to close (the load JVM's own sampler thread included). */
    public val peakThreads: Int? = null,
    /** Platform threads started from open to close. */
    public val threadsCreated: Long? = null,
    /** Bytes allocated by every thread over the window, per arrived item (generator and strategy together). */
    public val allocBytesPerItem: Double? = null,
    /** What stalled the window's slowest items, and each tail percentile's dominant cause; absent in older files. */
    public val tail: TailStalls? = null,
    /** The window's CPU per arrival and its measured arrivals, for the queueing model; absent in older files. */
    public val costs: LoadCosts? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::arrived, ::completed, ::failed, ::unfinished, ::offeredPerSec, ::achievedPerSec, ::latencyNs, ::lag,
            ::meanInFlight, ::serviceNs, ::serviceScv, ::nominalServiceNs, ::peakThreads, ::threadsCreated,
            ::allocBytesPerItem, ::tail, ::costs,
        )

    /** This value with the given properties replaced: the module's own `copy`, not public API. */
    internal fun copy(
        arrived: Long = this.arrived,
        completed: Long = this.completed,
        failed: Long = this.failed,
        unfinished: Long = this.unfinished,
        offeredPerSec: Double = this.offeredPerSec,
        achievedPerSec: Double = this.achievedPerSec,
        latencyNs: LoadLatency = this.latencyNs,
        lag: GeneratorLag = this.lag,
        meanInFlight: Double = this.meanInFlight,
        serviceNs: Double = this.serviceNs,
        serviceScv: Double = this.serviceScv,
        nominalServiceNs: Double? = this.nominalServiceNs,
        peakThreads: Int? = this.peakThreads,
        threadsCreated: Long? = this.threadsCreated,
        allocBytesPerItem: Double? = this.allocBytesPerItem,
        tail: TailStalls? = this.tail,
        costs: LoadCosts? = this.costs,
    ): LoadFigures = LoadFigures(
        arrived, completed, failed, unfinished, offeredPerSec, achievedPerSec, latencyNs, lag, meanInFlight, serviceNs,
        serviceScv, nominalServiceNs, peakThreads, threadsCreated, allocBytesPerItem, tail, costs,
    )
}

/** Latency percentiles in ns (HdrHistogram, 3 significant digits) and the mean. */
@Serializable
public class LoadLatency(
    public val p50: Long,
    public val p90: Long,
    public val p99: Long,
    public val p999: Long,
    public val max: Long,
    public val mean: Double,
) : ResultValue() {
    override val fields get() = listOf(::p50, ::p90, ::p99, ::p999, ::max, ::mean)

    /** The latency at [percentile] as an objective names it: `p50`, `p90`, `p99`, `p99.9` or `max`. */
    internal fun at(percentile: String): Long = when (percentile) {
        "p50" -> p50
        "p90" -> p90
        "p99" -> p99
        "p99.9" -> p999
        "max" -> max
        else -> throw IllegalArgumentException("no percentile '$percentile'; valid: p50, p90, p99, p99.9, max")
    }
}

/**
 * How far behind its schedule the generator started items: [late] items started more than
 * [LATE_NANOS] after their intended time, [p99Ns] and [maxNs] of every item's lag. [kept] is false
 * when more than [LATE_SHARE] of the items were late: the rate was not kept on this machine, and the
 * figures are the generator's as much as the strategy's.
 */
@Serializable
public class GeneratorLag(
    public val late: Long,
    public val p99Ns: Long,
    public val maxNs: Long,
    public val kept: Boolean,
) : ResultValue() {
    override val fields get() = listOf(::late, ::p99Ns, ::maxNs, ::kept)

    public companion object {
        /** An item started this much after its intended time is late (1 ms). */
        public const val LATE_NANOS: Long = 1_000_000L

        /**
         * More than this share of late items means the rate was not kept: a systematic lag, not the few
         * items a garbage collection or a busy machine delays in any window.
         */
        public const val LATE_SHARE: Double = 0.05
    }
}

/**
 * Little's law on a load cell: [meanInFlight] (sampled) against [predicted] = achieved rate x mean
 * latency; [deviation] = meanInFlight / predicted - 1.
 */
@Serializable
public class LittleCheck(
    public val meanInFlight: Double,
    public val predicted: Double,
    public val deviation: Double,
) : ResultValue() {
    override val fields get() = listOf(::meanInFlight, ::predicted, ::deviation)
}

/**
 * A queueing model's prediction of the mean wait before service ([predictedWaitNs], e.g. M/G/c with
 * `servers` from the strategy's concurrency model) against the measured one ([measuredWaitNs]: mean
 * latency minus mean service time); [model] names it, [utilisation] is rate x service / servers.
 * [machine] adds the wait for a core the generator and the strategy share ([MachineFit]; absent when the
 * window's costs were not measured).
 */
@Serializable
public class QueueingCheck(
    public val model: String,
    public val servers: Int,
    public val utilisation: Double,
    public val predictedWaitNs: Double,
    public val measuredWaitNs: Double,
    public val machine: MachineFit? = null,
) : ResultValue() {
    override val fields
        get() = listOf(::model, ::servers, ::utilisation, ::predictedWaitNs, ::measuredWaitNs, ::machine)
}

/**
 * One strategy's capacity at an objective (`bakeoff capacity`): the highest rate of the sweep whose
 * cell kept the objective and its rate ([capacityPerSec], null when even the first failed), the sweep's
 * [points] (each a [LoadResult] of the `load` section, by rate), and the Little's-law [ceilingPerSec]
 * of its concurrency model (servers / mean service time; null when it keeps every arrival in flight)
 * with the sentence that explains it. The objective is [objective] as given, and as data: the latency
 * at [percentile] at most [limitNs] (absent in files written before they were recorded).
 */
@Serializable
public class CapacityResult(
    public val strategy: String,
    public val family: Family,
    public val workload: String,
    public val objective: String,
    public val capacityPerSec: Double? = null,
    public val ceilingPerSec: Double? = null,
    public val explanation: String,
    public val points: List<Double>,
    public val percentile: String? = null,
    public val limitNs: Long? = null,
    /** The fingerprint of the machine it ran on, in a merged file ([Results.machines]); absent in a run's own. */
    public val machine: String? = null,
    /** The capacity as a range: the highest rate that met the objective below [highPerSec] (null: none did). */
    public val lowPerSec: Double? = null,
    /** The lowest rate that missed it (null: none did within the sweep); the capacity lies in between. */
    public val highPerSec: Double? = null,
    /** The two-sided confidence of every point's interval (0.95); absent in files written before ranges. */
    public val confidence: Double? = null,
    /** Every rate judged, by rate, with its forks and verdict; absent in files written before ranges. */
    public val judged: List<CapacityPoint>? = null,
    /** True when the search stopped because `--budget` ran out before it had bracketed and refined. */
    public val outOfBudget: Boolean? = null,
    /** The queueing model's knee and its agreement with the measured one; absent without the model's inputs. */
    public val modelKnee: ModelKneeFit? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::strategy, ::family, ::workload, ::objective, ::capacityPerSec, ::ceilingPerSec, ::explanation, ::points,
            ::percentile, ::limitNs, ::machine, ::lowPerSec, ::highPerSec, ::confidence, ::judged, ::outOfBudget,
            ::modelKnee,
        )

    /** The forks the search counted over all its points (none set aside); null in files written before ranges. */
    public val forks: Int? get() = judged?.sumOf { it.forks }

    /** This value with the given properties replaced: the module's own `copy`, not public API. */
    internal fun copy(
        strategy: String = this.strategy,
        family: Family = this.family,
        workload: String = this.workload,
        objective: String = this.objective,
        capacityPerSec: Double? = this.capacityPerSec,
        ceilingPerSec: Double? = this.ceilingPerSec,
        explanation: String = this.explanation,
        points: List<Double> = this.points,
        percentile: String? = this.percentile,
        limitNs: Long? = this.limitNs,
        machine: String? = this.machine,
        lowPerSec: Double? = this.lowPerSec,
        highPerSec: Double? = this.highPerSec,
        confidence: Double? = this.confidence,
        judged: List<CapacityPoint>? = this.judged,
        outOfBudget: Boolean? = this.outOfBudget,
        modelKnee: ModelKneeFit? = this.modelKnee,
    ): CapacityResult = CapacityResult(
        strategy, family, workload, objective, capacityPerSec, ceilingPerSec, explanation, points, percentile, limitNs,
        machine, lowPerSec, highPerSec, confidence, judged, outOfBudget, modelKnee,
    )
}
