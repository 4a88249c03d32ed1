package dev.bakeoff.result

import kotlinx.serialization.Serializable

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
