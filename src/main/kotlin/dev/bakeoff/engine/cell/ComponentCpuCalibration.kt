package dev.bakeoff.engine.cell

import dev.bakeoff.model.ComponentWork
import java.lang.management.ManagementFactory

/**
 * Measures what a scenario's components cost in CPU per item, before the wait and after it: the CPU
 * time of every live platform thread of this JVM (`ThreadMXBean`, to the nanosecond; a virtual
 * thread's counts on its carrier) around [ComponentWork.beforeWait] and [ComponentWork.afterWait]
 * for a whole batch's items. Every thread's, because the work runs on the components' own threads
 * too (a server's handlers, a client's selector and callbacks). Left out, which only lowers the
 * figure: the JVM's own threads (GC, JIT) and threads that end in between.
 *
 * Passes repeat while the budget lasts (at least [MIN_PASSES], so one pass that warms a path the
 * batches never took does not count alone; at most [MAX_PASSES]); each part keeps its cheapest
 * pass, the least disturbed one. Meant to run in the measured JVM after the measured iterations,
 * on the benchmark thread, outside any timed section; the caller resets the scenario afterwards.
 */
internal object ComponentCpuCalibration {
    const val MIN_PASSES = 2
    const val MAX_PASSES = 5

    /** CPU nanoseconds per item, before the wait and after it. */
    data class Cost(val beforeNs: Double, val afterNs: Double)

    private val mx = ManagementFactory.getThreadMXBean() as com.sun.management.ThreadMXBean

    /** The cost per item of [work] for batches of [items] items, measured within [budgetNanos] of wall time. */
    fun measure(work: ComponentWork, items: Int, budgetNanos: Long): Cost {
        check(mx.isThreadCpuTimeSupported && mx.isThreadCpuTimeEnabled) { "this JVM cannot measure thread CPU time" }
        var before = Double.MAX_VALUE
        var after = Double.MAX_VALUE
        val start = System.nanoTime()
        var passes = 0
        do {
            val t0 = cpu()
            work.beforeWait(items)
            val t1 = cpu()
            work.afterWait()
            val t2 = cpu()
            // A thread started in between counts whole; one that ended in between is missed.
            before = minOf(before, spent(t0, t1))
            after = minOf(after, spent(t1, t2))
            passes++
        } while (passes < MIN_PASSES || (passes < MAX_PASSES && System.nanoTime() - start < budgetNanos))
        return Cost(before / items, after / items)
    }

    /** CPU time by thread id of every live platform thread. */
    private fun cpu(): Map<Long, Long> {
        val ids = mx.allThreadIds
        val times = mx.getThreadCpuTime(ids)
        return ids.indices.filter { times[it] >= 0 }.associate { ids[it] to times[it] }
    }

    private fun spent(from: Map<Long, Long>, to: Map<Long, Long>): Double =
        to.entries.sumOf { (id, ns) -> maxOf(0L, ns - (from[id] ?: 0L)) }.toDouble()
}
