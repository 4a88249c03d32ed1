package dev.bakeoff.engine.cell

import dev.bakeoff.model.ItemSink
import dev.bakeoff.result.GeneratorLag
import org.HdrHistogram.Histogram
import org.HdrHistogram.Recorder
import java.util.concurrent.atomic.AtomicLong
import java.util.concurrent.atomic.AtomicLongArray

/**
 * One open loop's arrivals as [LoadGenerator] submits them to a strategy and hears them done: each arrival's
 * intended start (until its completion is heard), end and lag, and the tallies of the warm-up and of the measured
 * window, apart. The arrivals [schedule]d from index [from] on are the window's.
 *
 * The tallies are indexed by an arrival's part (0 warm-up, 1 window: [part]), never branched on, so that what a
 * completion runs on the strategy's threads is the same code before and after the window opens. A branch first
 * taken at the opening (the window's latencies, a method reference among them) had the pool's threads load a class
 * and the JIT deoptimize and recompile the completion as the window opened: perf's scheduler trace of
 * `executor-fixed:size=4 x storage` at 1,530/s (2026-11-28, 2 cores) showed all four threads blocked on the
 * compiler's locks at once, and the first 20 ms of the window held all of its items over 4 ms (30 of 15,524; the
 * window's p99.9 9.38 ms, 2.67 ms without them). The same holds for the generator's own loop ([submit] is one
 * loop for both parts) and for the in-flight sampler ([InFlightSampler]).
 *
 * Threading model: [submit] from the generator's thread only; completions from the strategy's threads, into
 * wait-free recorders and atomic arrays; the window's figures after the drain, from the generator's thread.
 */
internal class ArrivalTally(
    capacity: Int,
    private val schedule: LongArray,
    private val from: Int,
    private val clock: LoadClock,
    private val sampler: InFlightSampler,
) {
    /** Each arrival's intended start, [DONE] once its completion was heard. */
    val intended = AtomicLongArray(capacity)

    /** Each arrival's end: written before its slot turns [DONE], read after the drain (the tail's causes). */
    val ended = LongArray(capacity)

    /** Each arrival's lag (submission minus intended start), the warm-up's too. */
    val lags = LongArray(capacity)

    /** Completions heard twice. */
    val duplicates = AtomicLong()

    // Sized for any value from the start: an auto-resizing one grows on its first large values, through an
    // exception caught in HdrHistogram, which the window's recorders would first meet as the window opens.
    private val latency = Array(PARTS) { Recorder(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS) }
    private val lag = Array(PARTS) { Histogram(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS) }
    private val late = LongArray(PARTS)
    private val failed = AtomicLongArray(PARTS)
    private val lastDone = AtomicLongArray(LongArray(PARTS) { Long.MIN_VALUE })

    /** Submits arrivals [first] until [until] (exclusive) to [sink], each at its scheduled time. */
    fun submit(sink: ItemSink, first: Int, until: Int) {
        var k = first
        while (k < until) {
            val next = schedule[k]
            clock.sleepUntil(next)
            val behind = maxOf(0L, clock.now() - next)
            val part = part(k)
            lags[k] = behind
            lag[part].recordValue(clamp(behind))
            // 1 when late, without a branch: LATE_NANOS - behind is negative exactly then.
            late[part] += (GeneratorLag.LATE_NANOS - behind) ushr LONG_SIGN
            intended.set(k, next)
            val index = k
            sink.submit(index) { failure -> done(index, part, failure) }
            k++
        }
    }

    /** The window's latencies (from each intended start), once: a [Recorder] hands its interval over. */
    fun windowLatency(): Histogram = latency[WINDOW].intervalHistogram

    /** The window's lags. */
    fun windowLag(): Histogram = lag[WINDOW]

    /** The window's arrivals submitted more than [GeneratorLag.LATE_NANOS] after their intended start. */
    fun windowLate(): Long = late[WINDOW]

    /** The window's arrivals reported failed. */
    fun windowFailed(): Long = failed[WINDOW]

    /** The last end of a window's arrival heard, [Long.MIN_VALUE] for none. */
    fun windowLastDone(): Long = lastDone[WINDOW]

    private fun done(index: Int, part: Int, failure: Throwable?) {
        val now = clock.now()
        ended[index] = now
        val at = intended.getAndSet(index, DONE)
        sampler.finished()
        if (at == DONE) {
            duplicates.incrementAndGet()
            return
        }
        if (failure != null) failed.incrementAndGet(part)
        latency[part].recordValue(clamp(now - at))
        lastDone.accumulateAndGet(part, now, ::maxOf)
    }

    /** [Long] values from 0 to [HIGHEST_NANOS], as the histograms take them. */
    fun clamp(nanos: Long): Long = nanos.coerceIn(0L, HIGHEST_NANOS)

    /** 1 for the window's arrivals ([from] on), 0 for the warm-up's, without a branch. */
    private fun part(k: Int): Int = (from - 1 - k) ushr INT_SIGN

    companion object {
        /** An arrival's slot once its completion was heard (no intended start is this small). */
        const val DONE = Long.MIN_VALUE

        /** The largest latency or lag the histograms tell apart (2 h: a window is at most 1 h); larger count as it. */
        const val HIGHEST_NANOS = 7_200_000_000_000L

        private const val SIGNIFICANT_DIGITS = 3
        private const val PARTS = 2
        private const val WINDOW = 1
        private const val INT_SIGN = 31
        private const val LONG_SIGN = 63
    }
}
