package dev.bakeoff.engine.cell

import dev.bakeoff.engine.probe.CpuClocks
import dev.bakeoff.engine.probe.ItemTimes
import dev.bakeoff.model.ItemSink
import dev.bakeoff.result.Arrival
import dev.bakeoff.result.GeneratorLag
import dev.bakeoff.result.LoadCosts
import dev.bakeoff.result.LoadFigures
import dev.bakeoff.result.LoadLatency
import org.HdrHistogram.Histogram
import java.lang.management.ManagementFactory
import java.util.SplittableRandom
import java.util.concurrent.atomic.AtomicLongArray
import java.util.concurrent.locks.LockSupport
import kotlin.math.ln

/** The generator's time: [now] in ns, and [sleepUntil] a time of [now]'s. Injected by tests. */
internal interface LoadClock {
    fun now(): Long

    fun sleepUntil(time: Long)

    companion object {
        /** `System.nanoTime`, parking until the time (Linux wakes a park some 50 µs late: part of the lag). */
        val SYSTEM = object : LoadClock {
            override fun now() = System.nanoTime()

            override fun sleepUntil(time: Long) {
                while (true) {
                    val left = time - System.nanoTime()
                    if (left <= 0) return
                    LockSupport.parkNanos(left)
                }
            }
        }
    }
}

/**
 * An open-loop load generator, as wrk2 and k6's `constant-arrival-rate` are: items arrive at [rate]
 * per second ([arrival]: Poisson gaps or even ones, on a schedule fixed in advance by [seed]) for a
 * warm-up, then for the measured window, whether or not earlier items finished. Each item's latency
 * runs from its *intended* start to the strategy's report that it finished: a strategy that stalls
 * (or a generator that falls behind) cannot hide the queue it built (coordinated omission). The
 * generator measures its own lag (actual submission minus intended start).
 *
 * Threading model: [run] on one thread (the load JVM's main thread), which is the only one that
 * submits; completions are recorded from the strategy's threads into an [ArrivalTally] (wait-free recorders
 * and an [AtomicLongArray] of intended starts, which also catches an item reported twice).
 */
internal class LoadGenerator(
    private val rate: Double,
    private val arrival: Arrival,
    private val clock: LoadClock = LoadClock.SYSTEM,
    seed: Long = 26L,
    private val cpu: CpuClocks = CpuClocks.SYSTEM,
    private val cores: Int = Runtime.getRuntime().availableProcessors(),
    private val machine: MachineCpu = MachineCpu.SYSTEM,
    private val allocated: () -> Long = ::allocatedBytes,
) {
    private val random = SplittableRandom(seed)

    /**
     * Submits arrivals to [sink] for [warmupNs] then [durationNs], at most [maxArrivals] in all (the
     * batch's size), waits up to [drainNs] for the measured ones to finish, and returns the window's
     * figures (threads are the caller's) with their costs: the generator's and the whole JVM's CPU ([cpu], on
     * [cores]) and every thread's allocation ([allocated]) from the window's first arrival to its last, per
     * arrival, the inter-arrival SCV of the submissions as really made, the cores busy outside this JVM
     * ([machine] minus [cpu]'s process clock) and the hand-offs ([Handoffs], after the drain). [sampler] counts
     * what is in flight; [held] tells each arrival's measured service time (ns; 0 for none), which the figures
     * summarise over the window's arrivals for the queueing checks.
     */
    fun run(
        sink: ItemSink,
        warmupNs: Long,
        durationNs: Long,
        drainNs: Long,
        maxArrivals: Int,
        sampler: InFlightSampler,
        held: (Int) -> Long,
    ): Outcome {
        val start = clock.now()
        val measureFrom = start + warmupNs
        val end = measureFrom + durationNs
        // The whole schedule first, so the sampler counts an item in flight from its intended start, as
        // its latency is counted: a generator running late must not hide its backlog from Little's law.
        val schedule = LongArray(maxArrivals)
        var scheduled = 0
        var at = start + gapNanos()
        while (scheduled < maxArrivals && at < end) {
            schedule[scheduled++] = at
            at += gapNanos()
        }
        sampler.plan(schedule, scheduled)
        // The window's first arrival: the schedule is in order.
        var from = 0
        while (from < scheduled && schedule[from] < measureFrom) from++
        val tally = ArrivalTally(maxArrivals, schedule, from, clock, sampler)
        tally.submit(sink, 0, from)
        // The window opens at its first arrival's time, before its submission: the generator's, the JVM's and the
        // machine's CPU then.
        if (from < scheduled) clock.sleepUntil(schedule[from])
        sampler.window(true)
        val spent = cpuNow(sampler)
        val machineSpent = machine.busyNanos()
        val allocatedAt = allocated()
        val openedAt = clock.now()
        tally.submit(sink, from, scheduled)
        sampler.window(false)
        val submitted = scheduled
        val windowBytes = allocated() - allocatedAt
        val intended = tally.intended
        val ended = tally.ended
        val lags = tally.lags
        val (generatorCpu, processCpu) = cpuNow(sampler).let { (g, p) -> g - spent.first to p - spent.second }
        val otherCores = otherCores(machineSpent, processCpu, clock.now() - openedAt)
        waitForAll(submitted, intended, end + drainNs)
        val drainedAt = clock.now()
        val histogram = tally.windowLatency()
        // Coordinated omission: an item still unfinished counts as at least as late as the drain's end.
        var unfinished = 0L
        for (i in 0 until submitted) {
            val at = intended.get(i)
            // A warm-up item never heard of stays in flight to the end.
            if (at != ArrivalTally.DONE && i < from) ended[i] = Long.MAX_VALUE
            if (at != ArrivalTally.DONE && i >= from) {
                unfinished++
                ended[i] = drainedAt
                histogram.recordValue(tally.clamp(drainedAt - at))
            }
        }
        val arrived = (submitted - from).toLong()
        val completed = arrived - unfinished
        val busyUntil = if (unfinished > 0) drainedAt else maxOf(tally.windowLastDone(), end)
        val heldAll = LongArray(submitted) { if (it < from) 0L else held(it) }
        val service = heldAll.copyOfRange(from, submitted).filter { it > 0 }.toLongArray()
        val figures = LoadFigures(
            arrived = arrived,
            completed = completed,
            failed = tally.windowFailed(),
            unfinished = unfinished,
            offeredPerSec = arrived * NANOS_PER_SECOND / durationNs,
            achievedPerSec = completed * NANOS_PER_SECOND / (busyUntil - measureFrom),
            latencyNs = latencyOf(histogram),
            lag = GeneratorLag(
                late = tally.windowLate(),
                p99Ns = tally.windowLag().getValueAtPercentile(P99),
                maxNs = tally.windowLag().maxValue,
                kept = arrived > 0 && tally.windowLate() <= GeneratorLag.LATE_SHARE * arrived,
            ),
            meanInFlight = sampler.mean(),
            serviceNs = if (service.isEmpty()) 0.0 else service.average(),
            serviceScv = scv(service),
            allocBytesPerItem = if (arrived > 0) windowBytes.toDouble() / arrived else null,
            costs = if (arrived == 0L) {
                null
            } else {
                val gaps = LongArray(maxOf(0, submitted - from - 1)) { i ->
                    (schedule[from + i + 1] + lags[from + i + 1]) - (schedule[from + i] + lags[from + i])
                }
                val handoff = Handoffs.of(
                    LongArray(submitted) { schedule[it] + lags[it] },
                    ended,
                    heldAll,
                    lags,
                    from,
                    submitted,
                )
                LoadCosts(
                    cores,
                    processCpu.toDouble() / arrived,
                    generatorCpu.toDouble() / arrived,
                    scv(gaps),
                    otherCores,
                    handoff,
                    lag1(service),
                )
            },
        )
        val items = ItemTimes(
            schedule.copyOfRange(from, submitted),
            ended.copyOfRange(from, submitted),
            lags.copyOfRange(from, submitted),
            submitted - from,
        )
        return Outcome(figures, submitted, tally.duplicates.get(), items)
    }

    /** The generator's CPU (its thread's and the in-flight sampler's) and the whole JVM's, now. */
    private fun cpuNow(sampler: InFlightSampler): Pair<Long, Long> =
        cpu.thread() + sampler.cpuNanos() to cpu.process()

    /** The cores busy outside this JVM over [wallNs]: the machine's busy CPU since [machineAt] minus [processCpu]. */
    private fun otherCores(machineAt: Long?, processCpu: Long, wallNs: Long): Double? {
        val busy = machineAt?.let { at -> machine.busyNanos()?.let { it - at } } ?: return null
        return if (wallNs > 0) maxOf(0L, busy - processCpu).toDouble() / wallNs else null
    }

    private fun waitForAll(submitted: Int, intended: AtomicLongArray, deadline: Long) {
        var i = 0
        while (i < submitted) {
            if (intended.get(i) == ArrivalTally.DONE) {
                i++
            } else {
                if (clock.now() - deadline >= 0) return
                clock.sleepUntil(clock.now() + POLL_NANOS)
            }
        }
    }

    private fun gapNanos(): Long {
        val mean = NANOS_PER_SECOND / rate
        return when (arrival) {
            Arrival.UNIFORM -> mean

            // Inverse transform of an exponential; 1 - u is in (0, 1], so the logarithm is finite.
            Arrival.POISSON -> -ln(1.0 - random.nextDouble()) * mean
        }.toLong().coerceAtLeast(1L)
    }

    /**
     * What [run] saw: the window's [figures], every arrival it [submitted], completions heard twice, and
     * the window's [items] one by one (for the tail's causes).
     */
    class Outcome(val figures: LoadFigures, val submitted: Int, val duplicates: Long, val items: ItemTimes)

    companion object {
        private const val NANOS_PER_SECOND = 1e9
        private const val P99 = 99.0
        private const val POLL_NANOS = 1_000_000L

        /** Variance over the squared mean (0 for no wait at all, or no times). */
        private fun scv(times: LongArray): Double {
            if (times.isEmpty()) return 0.0
            val mean = times.average()
            if (mean <= 0.0) return 0.0
            return times.sumOf { (it - mean) * (it - mean) } / times.size / (mean * mean)
        }

        /** The lag-1 autocorrelation of [times] in their order (null for fewer than 3 or all alike). */
        private fun lag1(times: LongArray): Double? {
            if (times.size < 3) return null
            val mean = times.average()
            val variance = times.sumOf { (it - mean) * (it - mean) }
            if (variance <= 0.0) return null
            return (1 until times.size).sumOf { (times[it] - mean) * (times[it - 1] - mean) } / variance
        }

        fun latencyOf(h: Histogram) = LoadLatency(
            p50 = h.getValueAtPercentile(50.0),
            p90 = h.getValueAtPercentile(90.0),
            p99 = h.getValueAtPercentile(P99),
            p999 = h.getValueAtPercentile(99.9),
            max = h.maxValue,
            mean = if (h.totalCount == 0L) 0.0 else h.mean,
        )
    }
}

/**
 * The bytes every thread of this JVM allocated so far, ended threads' included (`ThreadMXBean`), read at a
 * window's ends only: the window's allocation per arrival leaves out the generator's set-up and the analysis after
 * the drain, which a strategy does not do.
 */
private fun allocatedBytes(): Long =
    (ManagementFactory.getThreadMXBean() as com.sun.management.ThreadMXBean).totalThreadAllocatedBytes
