package dev.bakeoff.engine.probe

import dev.bakeoff.model.ItemTrace
import dev.bakeoff.result.Latency
import dev.bakeoff.result.PerThread
import dev.bakeoff.result.Percentiles
import dev.bakeoff.result.TaskStats
import org.HdrHistogram.Histogram

/** Turns the raw timestamps of traced batches into latency percentiles, task run times and the per-thread spread. */
internal object TraceStats {
    /** Queue wait (batch handed over -> item started) and run time (start -> end) over all items of all [traces]. */
    fun latency(traces: List<ItemTrace>): Latency {
        val queue = Histogram(3)
        val run = Histogram(3)
        for (t in traces) {
            // A failure batch's items the strategy never started have no times.
            for (i in 0 until t.size) {
                if (t.startNs[i] == 0L) continue
                queue.recordValue(maxOf(0, t.startNs[i] - t.batchStartNs))
                run.recordValue(maxOf(0, t.endNs[i] - t.startNs[i]))
            }
        }
        return Latency(percentiles(queue), percentiles(run))
    }

    /**
     * How the items of [trace] (one batch) spread over the threads that ran them; no thread and no item
     * when none started (a deadline that passed before the strategy started any).
     */
    fun perThread(trace: ItemTrace): PerThread {
        val started = (0 until trace.size).filter { trace.startNs[it] != 0L }
        if (started.isEmpty()) return PerThread(0, 0, 0.0, 0)
        val counts = started.groupingBy { trace.threadIds[it] }.eachCount().values
        return PerThread(counts.size, counts.min(), started.size.toDouble() / counts.size, counts.max())
    }

    /** Items of [trace] (one batch) that recorded an end, with the min, mean and max of their run times. */
    fun tasks(trace: ItemTrace): TaskStats {
        // An item that never ended keeps endNs at 0 (a live nanoTime reading is practically never exactly 0).
        val runs = (0 until trace.size).filter { trace.endNs[it] != 0L }.map {
            maxOf(
                0,
                trace.endNs[it] - trace.startNs[it],
            )
        }
        return if (runs.isEmpty()) {
            TaskStats(
                0,
                0,
                0.0,
                0,
            )
        } else {
            TaskStats(runs.size, runs.min(), runs.average(), runs.max())
        }
    }

    /** Distinct virtual threads that ran items of [trace]. */
    fun virtualThreads(trace: ItemTrace): Int =
        trace.threadIds.indices.filter { trace.virtual[it] }.map { trace.threadIds[it] }.distinct().size

    private fun percentiles(h: Histogram) = Percentiles(
        h.getValueAtPercentile(50.0),
        h.getValueAtPercentile(90.0),
        h.getValueAtPercentile(99.0),
        h.maxValue,
    )
}
