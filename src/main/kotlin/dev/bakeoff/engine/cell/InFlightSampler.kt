package dev.bakeoff.engine.cell

import dev.bakeoff.engine.probe.CpuClocks
import java.util.concurrent.atomic.AtomicLong
import java.util.concurrent.atomic.AtomicLongArray
import java.util.concurrent.locks.LockSupport

/**
 * Counts what an open loop has in flight (intended to start, not finished: an item the generator has
 * not yet submitted because it runs late is in flight too, as its latency already counts from its
 * intended start) and samples it once a millisecond on [now]'s clock, the measured window's samples apart
 * from the rest: the mean in flight that Little's law is checked with, measured apart from the latencies.
 *
 * Threading model: its own daemon platform thread, started before the strategy opens (so the thread
 * census does not count it as the strategy's); [plan] from the generator's thread before its first
 * arrival, [finished] from any; [mean] after the window closed.
 */
internal class InFlightSampler(private val now: () -> Long = System::nanoTime) : AutoCloseable {
    private val finished = AtomicLong()

    // Samples of the warm-up [0] and of the window [1] apart, indexed rather than branched on (see ArrivalTally).
    private val sums = AtomicLongArray(2)
    private val samples = AtomicLongArray(2)

    @Volatile
    private var schedule = LongArray(0)

    @Volatile
    private var scheduled = 0

    // The arrivals intended by the last sample's time: read and advanced by the sampling thread only.
    private var due = 0

    @Volatile
    private var part = 0

    private val thread = Thread.ofPlatform().daemon().name("bakeoff-in-flight").start {
        while (!Thread.currentThread().isInterrupted) {
            LockSupport.parkNanos(SAMPLE_NANOS)
            val p = part
            sums.addAndGet(p, inFlight(now()))
            samples.incrementAndGet(p)
        }
    }

    /** The arrivals' intended starts, the first [count] of [intended] in order, on [now]'s clock. */
    fun plan(intended: LongArray, count: Int) {
        schedule = intended
        scheduled = count
    }

    /** Items intended to start by [time] and not finished; times must not go back between calls. */
    fun inFlight(time: Long): Long {
        val s = schedule
        while (due < scheduled && s[due] <= time) due++
        return due - finished.get()
    }

    fun finished() {
        finished.incrementAndGet()
    }

    /** Opens or closes the measured window. */
    fun window(open: Boolean) {
        part = if (open) 1 else 0
    }

    /** The mean of the window's samples (0 without any). */
    fun mean(): Double = samples[1].let { n -> if (n == 0L) 0.0 else sums[1].toDouble() / n }

    /** The CPU time (ns) its thread has used: measuring is the generator's cost too ([LoadGenerator]'s costs). */
    fun cpuNanos(): Long = CpuClocks.threadCpu(thread)

    override fun close() {
        thread.interrupt()
    }

    private companion object {
        const val SAMPLE_NANOS = 1_000_000L
    }
}
