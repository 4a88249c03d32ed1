package dev.bakeoff.engine.cell

import dev.bakeoff.metrics.Trend
import dev.bakeoff.model.Workload
import java.lang.management.ManagementFactory
import java.lang.management.ThreadMXBean

/**
 * Measures the CPU cost of every item of a workload, single-threaded, on the calling thread:
 * the thread's own CPU time (`ThreadMXBean.getCurrentThreadCpuTime`, so being descheduled by
 * another process does not count) around repeated calls of `run(seed)` of a workload whose waits
 * are scaled to zero.
 *
 * Each sample repeats one item until the repetitions used at least [MIN_SAMPLE_NANOS] of CPU,
 * and the cost of reading the CPU clock itself (a system call, measured first) is subtracted, so
 * even items of a few nanoseconds are timed to within a few percent; a sample that mostly waits
 * (a user's own task waiting for real, or this thread being descheduled) stops once it has
 * lasted [MIN_SAMPLE_NANOS], since repeating it would only add waiting. Passes over all items
 * repeat while the budget lasts (at least one): first until the passes' totals stop trending (the trend
 * test the decisions use, [Trend.steady], over the last [WINDOW] passes: the calibration's own loop is new
 * to the JIT even where the items are not), then [MAX_PASSES] more, and each item keeps its cheapest
 * sample of the steady passes, the least disturbed one (of the last [MAX_PASSES] when the budget ran out
 * first). Measured on a list-heavy cell: with the cheapest of the first five passes, its limit moved by
 * half from one JVM to the next. Meant to run in the measured JVM after its warm-up, outside any timed
 * section.
 */
internal object ItemCpuCalibration {
    const val MIN_SAMPLE_NANOS = 50_000L
    const val MAX_PASSES = 5
    const val BUDGET_NANOS = 250_000_000L
    private const val MAX_REPS = 1 shl 24
    private const val CLOCK_TRIALS = 20

    /** Passes the trend test looks at, as a fork's own warm-up ([ForkClock.WINDOW]). */
    private const val WINDOW = ForkClock.WINDOW

    /** Keeps the results observable so the JIT cannot drop the calls being timed. */
    @Volatile
    private var sink = 0

    /** CPU nanoseconds of items `0 until items` of [workload] (whose waits must be zero), one value per item. */
    fun measure(workload: Workload, items: Int, budgetNanos: Long = BUDGET_NANOS): DoubleArray {
        val mx = ManagementFactory.getThreadMXBean()
        check(mx.isCurrentThreadCpuTimeSupported) { "this JVM cannot measure thread CPU time" }
        val clockCost = (0 until CLOCK_TRIALS).minOf {
            mx.currentThreadCpuTime.let { t0 -> mx.currentThreadCpuTime - t0 }
        }
        val start = System.nanoTime()
        val passes = mutableListOf<DoubleArray>()
        var steadyFrom: Int? = null
        do {
            passes += DoubleArray(items) { sample(workload, it, mx, clockCost) }
            val totals = passes.takeLast(WINDOW).map { it.sum() }
            if (steadyFrom == null && totals.size == WINDOW && Trend.steady(totals) == true) {
                steadyFrom = passes.size - WINDOW
            }
            val enough = steadyFrom?.let { passes.size - it >= WINDOW + MAX_PASSES } ?: false
        } while (!enough && System.nanoTime() - start < budgetNanos)
        val kept = passes.drop(steadyFrom ?: maxOf(0, passes.size - MAX_PASSES))
        return DoubleArray(items) { i -> kept.minOf { it[i] } }
    }

    /**
     * One item's CPU cost: the item repeated (doubling) until the repetitions used
     * [MIN_SAMPLE_NANOS] of CPU, or mostly waited.
     */
    private fun sample(workload: Workload, seed: Int, mx: ThreadMXBean, clockCost: Long): Double {
        var reps = 1
        while (true) {
            var acc = 0
            val wall = System.nanoTime()
            val t0 = mx.currentThreadCpuTime
            for (r in 0 until reps) acc += workload.run(seed)
            val used = mx.currentThreadCpuTime - t0
            val lasted = System.nanoTime() - wall
            sink += acc
            val mostlyWaiting = lasted >= MIN_SAMPLE_NANOS && used * 2 < lasted
            if (used >= MIN_SAMPLE_NANOS || mostlyWaiting ||
                reps >= MAX_REPS
            ) {
                return maxOf(0L, used - clockCost).toDouble() / reps
            }
            reps *= 2
        }
    }
}
