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
public data class LoadResult(
    val strategy: String,
    val family: Family,
    val workload: String,
    /** Items whose seeds the arrivals cycle through (arrival `k` runs item `k % items`). */
    val items: Int,
    val wait: WaitForm,
    val arrival: Arrival,
    /** The target arrival rate, items per second. */
    val ratePerSec: Double,
    /** The measured window, after a warm-up as long at the same rate. */
    val durationSeconds: Double,
    val status: CellStatus,
    val error: String? = null,
    val figures: LoadFigures? = null,
    val little: LittleCheck? = null,
    val queueing: QueueingCheck? = null,
    /** The fingerprint of the machine it ran on, in a merged file ([Results.machines]); absent in a run's own. */
    val machine: String? = null,
)

/**
 * What a load JVM measured over its window: arrivals, completions and rates, the latency of every
 * measured item from its intended start, how late the generator started items, the mean in flight
 * (sampled every millisecond), threads and allocation.
 */
@Serializable
public data class LoadFigures(
    /** Items whose intended start fell in the window. */
    val arrived: Long,
    /** Of those, items that finished (failed ones included). */
    val completed: Long,
    /** Of those, items whose strategy reported an exception. */
    val failed: Long,
    /** Of those, items still unfinished when the drain time ran out (counted in [latencyNs] at that time). */
    val unfinished: Long,
    /** [arrived] per second of the window: what the generator offered (Poisson arrivals vary around the target). */
    val offeredPerSec: Double,
    /** [completed] per second, from the window's start to the last measured completion (at least the window). */
    val achievedPerSec: Double,
    val latencyNs: LoadLatency,
    val lag: GeneratorLag,
    /** Items submitted and not yet finished, the mean of one sample per millisecond of the window. */
    val meanInFlight: Double,
    /**
     * The window's arrivals' mean service time (ns): each measured from its start to its end where it
     * ran (its wait as really waited, a late wake-up included), the time it holds a bounded pool's thread.
     */
    val serviceNs: Double,
    /** The squared coefficient of variation of those service times (0: every item takes as long). */
    val serviceScv: Double,
    /** The workload's mean nominal wait per item as the wait form waits it (ns): [serviceNs] at no cost. */
    val nominalServiceNs: Double? = null,
    /** Peak live platform threads from open to close (the load JVM's own sampler thread included). */
    val peakThreads: Int? = null,
    /** Platform threads started from open to close. */
    val threadsCreated: Long? = null,
    /** Bytes allocated by every thread over the window, per arrived item (generator and strategy together). */
    val allocBytesPerItem: Double? = null,
)

/** Latency percentiles in ns (HdrHistogram, 3 significant digits) and the mean. */
@Serializable
public data class LoadLatency(
    val p50: Long,
    val p90: Long,
    val p99: Long,
    val p999: Long,
    val max: Long,
    val mean: Double,
) {
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
public data class GeneratorLag(val late: Long, val p99Ns: Long, val maxNs: Long, val kept: Boolean) {
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
public data class LittleCheck(val meanInFlight: Double, val predicted: Double, val deviation: Double)

/**
 * A queueing model's prediction of the mean wait before service ([predictedWaitNs], e.g. M/G/c with
 * `servers` from the strategy's concurrency model) against the measured one ([measuredWaitNs]: mean
 * latency minus mean service time); [model] names it, [utilisation] is rate x service / servers.
 */
@Serializable
public data class QueueingCheck(
    val model: String,
    val servers: Int,
    val utilisation: Double,
    val predictedWaitNs: Double,
    val measuredWaitNs: Double,
)

/**
 * One strategy's capacity at an objective (`bakeoff capacity`): the highest rate of the sweep whose
 * cell kept the objective and its rate ([capacityPerSec], null when even the first failed), the sweep's
 * [points] (each a [LoadResult] of the `load` section, by rate), and the Little's-law [ceilingPerSec]
 * of its concurrency model (servers / mean service time; null when it keeps every arrival in flight)
 * with the sentence that explains it. The objective is [objective] as given, and as data: the latency
 * at [percentile] at most [limitNs] (absent in files written before they were recorded).
 */
@Serializable
public data class CapacityResult(
    val strategy: String,
    val family: Family,
    val workload: String,
    val objective: String,
    val capacityPerSec: Double? = null,
    val ceilingPerSec: Double? = null,
    val explanation: String,
    val points: List<Double>,
    val percentile: String? = null,
    val limitNs: Long? = null,
    /** The fingerprint of the machine it ran on, in a merged file ([Results.machines]); absent in a run's own. */
    val machine: String? = null,
)
