package dev.bakeoff.engine.probe

import java.io.File
import java.lang.management.ManagementFactory

/** Context switches the kernel counted: voluntary (the thread blocked or waited), involuntary (it was preempted). */
internal data class Switches(val voluntary: Long, val involuntary: Long) {
    operator fun minus(o: Switches) = Switches(voluntary - o.voluntary, involuntary - o.involuntary)

    operator fun plus(o: Switches) = Switches(voluntary + o.voluntary, involuntary + o.involuntary)

    companion object {
        val ZERO = Switches(0, 0)
    }
}

/**
 * The process's cumulative counters at one instant: [wallNs] (`System.nanoTime`), [cpuNs] (CPU time
 * of every thread, ended ones included), the JVM's [live] and ever [started] platform threads, and
 * on Linux each live kernel thread's [Switches] by thread id ([switches], null without `/proc`).
 * Immutable.
 */
internal class ProcessSample(
    val wallNs: Long,
    val cpuNs: Long,
    val live: Int,
    val started: Long,
    val switches: Map<Long, Switches>?,
) {
    /**
     * Context switches from [start] to this sample, summed over the threads alive now: each one's
     * count minus its count at [start] (all of it for a thread started since). Linux keeps the counts
     * of a thread that ended only for `getrusage`, which the JVM cannot call, so the switches of a
     * thread that ended in between are missed ([endedSince] says how many ended).
     */
    fun switchesSince(start: ProcessSample): Switches? {
        val before = start.switches ?: return null
        val now = switches ?: return null
        return now.entries.fold(Switches.ZERO) { sum, (tid, s) ->
            // Lower counts than before mean the kernel reused the id for a new thread.
            val old = before[tid]?.takeIf { it.voluntary <= s.voluntary && it.involuntary <= s.involuntary }
            sum + (s - (old ?: Switches.ZERO))
        }
    }

    /** Platform threads that ended between [start] and this sample: those started since, less the live ones added. */
    fun endedSince(start: ProcessSample): Long = maxOf(0, (started - start.started) - (live - start.live))
}

/**
 * Reads [ProcessSample]s of this JVM. `/proc/self/status` holds only the main thread's context
 * switches, so every thread's `/proc/self/task/TID/status` is read: a file per thread, so only
 * outside timed batches. CPU time is the JVM's process CPU time, which on Linux counts in clock
 * ticks (10 ms): read it over windows of a few hundred milliseconds. Stateless; thread-safe.
 */
internal object ProcessCounters {
    private val os = ManagementFactory.getOperatingSystemMXBean() as com.sun.management.OperatingSystemMXBean
    private val threads = ManagementFactory.getThreadMXBean()
    private val dir = File("/proc/self/task")

    /** A sample that opens a window: the clocks are read last, so reading the threads' files falls outside it. */
    fun opening(): ProcessSample {
        val switches = switches()
        val live = threads.threadCount
        val started = threads.totalStartedThreadCount
        val cpu = os.processCpuTime
        return ProcessSample(System.nanoTime(), cpu, live, started, switches)
    }

    /** A sample that closes a window: the clocks are read first. */
    fun closing(): ProcessSample {
        val wall = System.nanoTime()
        val cpu = os.processCpuTime
        return ProcessSample(wall, cpu, threads.threadCount, threads.totalStartedThreadCount, switches())
    }

    /**
     * CPU time (ns) by kernel thread id of every live thread of this JVM, its own included (GC, JIT
     * compiler, VM thread: none of them a Java thread, so `ThreadMXBean` never sees them), from each
     * thread's `/proc/self/task/TID/schedstat`, to the nanosecond; null without `/proc` (not Linux).
     * A file per thread: only outside timed batches. A thread that ends in between is missed.
     */
    fun threadCpu(): Map<Long, Long>? {
        val ids = dir.list() ?: return null
        val result = HashMap<Long, Long>(ids.size * 2)
        for (id in ids) {
            // The first field is the time the thread ran; one that ended between listing and reading is skipped.
            val ran = runCatching { File(dir, "$id/schedstat").readText() }.getOrNull()
                ?.substringBefore(' ')?.toLongOrNull() ?: continue
            result[id.toLong()] = ran
        }
        return result.takeIf { it.isNotEmpty() }
    }

    private fun switches(): Map<Long, Switches>? {
        val ids = dir.list() ?: return null
        val result = HashMap<Long, Switches>(ids.size * 2)
        for (id in ids) {
            // A thread may end between listing and reading: it is skipped.
            val status = runCatching { File(dir, "$id/status").readLines() }.getOrNull() ?: continue
            result[id.toLong()] = Switches(
                value(status, "voluntary_ctxt_switches") ?: continue,
                value(status, "nonvoluntary_ctxt_switches") ?: continue,
            )
        }
        return result
    }

    private fun value(lines: List<String>, key: String): Long? =
        lines.firstOrNull { it.startsWith("$key:") }?.substringAfter(':')?.trim()?.toLongOrNull()
}
