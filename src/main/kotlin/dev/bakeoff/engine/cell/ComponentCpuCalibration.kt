package dev.bakeoff.engine.cell

import dev.bakeoff.engine.probe.ProcessCounters
import dev.bakeoff.model.ComponentWork
import java.lang.management.ManagementFactory

/**
 * Measures what a scenario's components cost in CPU per item, before the wait and after it: the CPU
 * time of every thread of this JVM around [ComponentWork.beforeWait] and [ComponentWork.afterWait]
 * for a whole batch's items. Every thread's, because the work runs on the components' own threads
 * too (a server's handlers, a client's selector and callbacks), and the JVM's own: the garbage
 * collector's work is what the components allocated. On Linux each kernel thread's own clock
 * ([ProcessCounters.threadCpu], to the nanosecond, GC and JIT threads included); elsewhere every Java
 * thread's (`ThreadMXBean`; a virtual thread's counts on its carrier), which leaves the GC out. The
 * cost of reading those clocks (a file per thread, measured first, the cheapest of [CLOCK_TRIALS]) is
 * taken off each part. Left out, which only lowers the figure: threads that end in between. Off by up to a
 * scheduler tick per pass either way: the kernel adds a running thread's time to its clock at each tick, so the
 * calling thread's own clock, read while it runs, lags (4 ms at HZ=250; a batch's after part is hundreds).
 *
 * One pass first that is not counted (the calibration's own path, such as a server holding calls, is
 * new to the JIT: compiling it is no item's cost), then passes while the budget lasts (at least
 * [MIN_PASSES], at most [MAX_PASSES]), the scenario reset before each; each part is the mean over the
 * passes, since a collection that falls in one pass is paid for by the allocation of them all.
 * Meant to run in the measured JVM after the measured iterations, on the benchmark thread, outside
 * any timed section; the caller resets the scenario afterwards.
 */
internal object ComponentCpuCalibration {
    const val MIN_PASSES = 2
    const val MAX_PASSES = 5
    const val CLOCK_TRIALS = 5

    /** CPU nanoseconds per item, before the wait and after it. */
    data class Cost(val beforeNs: Double, val afterNs: Double)

    private val mx = ManagementFactory.getThreadMXBean() as com.sun.management.ThreadMXBean

    /**
     * The cost per item of [work] for batches of [items] items, measured within [budgetNanos] of wall
     * time, with [reset] (the scenario's) before every pass; [cpu] reads every thread's CPU clock by
     * thread id (a test's fixture counts its own).
     */
    fun measure(
        work: ComponentWork,
        items: Int,
        budgetNanos: Long,
        reset: () -> Unit,
        cpu: () -> Map<Long, Long> = ::threadCpu,
    ): Cost {
        val clockCost = (0 until CLOCK_TRIALS).minOf { cpu().let { t0 -> spent(t0, cpu()) } }
        val pass = {
            reset()
            val t0 = cpu()
            work.beforeWait(items)
            val t1 = cpu()
            work.afterWait()
            val t2 = cpu()
            maxOf(0.0, spent(t0, t1) - clockCost) to maxOf(0.0, spent(t1, t2) - clockCost)
        }
        pass()
        var before = 0.0
        var after = 0.0
        val start = System.nanoTime()
        var passes = 0
        do {
            val (b, a) = pass()
            before += b
            after += a
            passes++
        } while (passes < MIN_PASSES || (passes < MAX_PASSES && System.nanoTime() - start < budgetNanos))
        return Cost(before / passes / items, after / passes / items)
    }

    /** CPU time by thread id of every live thread: the kernel's, else every Java platform thread's. */
    private fun threadCpu(): Map<Long, Long> = ProcessCounters.threadCpu() ?: javaThreads()

    private fun javaThreads(): Map<Long, Long> {
        check(mx.isThreadCpuTimeSupported && mx.isThreadCpuTimeEnabled) { "this JVM cannot measure thread CPU time" }
        val ids = mx.allThreadIds
        val times = mx.getThreadCpuTime(ids)
        return ids.indices.filter { times[it] >= 0 }.associate { ids[it] to times[it] }
    }

    // A thread started in between counts whole; one that ended in between is missed.
    private fun spent(from: Map<Long, Long>, to: Map<Long, Long>): Double =
        to.entries.sumOf { (id, ns) -> maxOf(0L, ns - (from[id] ?: 0L)) }.toDouble()
}
