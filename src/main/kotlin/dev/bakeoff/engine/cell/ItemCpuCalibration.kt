package dev.bakeoff.engine.cell

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
 * repeat while the budget lasts (at least one, at most [MAX_PASSES]) and each item keeps its
 * cheapest sample, the least disturbed one. Meant to run in the measured JVM after the measured
 * iterations, with the JIT warm, outside any timed section.
 */
internal object ItemCpuCalibration {
    const val MIN_SAMPLE_NANOS = 50_000L
    const val MAX_PASSES = 5
    const val BUDGET_NANOS = 250_000_000L
    private const val MAX_REPS = 1 shl 24
    private const val CLOCK_TRIALS = 20

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
        val best = DoubleArray(items) { Double.MAX_VALUE }
        val start = System.nanoTime()
        var passes = 0
        do {
            for (i in 0 until items) best[i] = minOf(best[i], sample(workload, i, mx, clockCost))
            passes++
        } while (passes < MAX_PASSES && System.nanoTime() - start < budgetNanos)
        return best
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
