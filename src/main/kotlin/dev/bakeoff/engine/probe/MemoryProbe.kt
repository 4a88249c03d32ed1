package dev.bakeoff.engine.probe

import com.sun.management.GarbageCollectionNotificationInfo
import dev.bakeoff.result.MemoryStats
import java.io.File
import java.lang.management.ManagementFactory
import java.lang.management.MemoryType
import java.util.concurrent.atomic.AtomicLong
import javax.management.NotificationEmitter
import javax.management.NotificationListener
import javax.management.openmbean.CompositeData

/**
 * Measures the memory of this JVM from [start] on: the peak heap in use and, on Linux, the peak
 * resident set size of the process (heap, thread stacks and all other native memory); and, over the windows
 * between [startBatches] and [endBatches], the heap the batch's own threads allocated ([allocatedPerBatch]).
 *
 * Heap in use only grows between collections, so its peak is the largest occupancy right before
 * a collection, which every collector reports in a notification, or the occupancy at [stats].
 * Nothing here runs on the measured path: the JVM's notification thread records each
 * collection, and `/proc` is read only in [start] and [stats].
 *
 * Allocation is the JVM's total allocation (every thread's, those that ended in the window included) less what the
 * other threads alive at the window's start allocated in it: the JVM's and the harness's own (a watchdog, JMH's
 * link to its host), whose polling would otherwise be charged to a batch that only sleeps. What the batch's threads
 * do counts, the calling thread's, the strategy's pools' and virtual threads' carriers' alike.
 *
 * Threading model: [start], [stats] and the allocation windows are called from one thread; the listener only
 * updates an atomic maximum.
 */
internal class MemoryProbe {
    private val peakBeforeGc = AtomicLong()
    private var rssStart: Long? = null
    private var rssPeakAvailable = false
    private val listener = NotificationListener { notification, _ ->
        if (notification.type == GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION) {
            val info = GarbageCollectionNotificationInfo.from(notification.userData as CompositeData)
            val used = info.gcInfo.memoryUsageBeforeGc.filterKeys { it in heapPools }.values.sumOf { it.used }
            peakBeforeGc.accumulateAndGet(used, ::maxOf)
        }
    }

    /** Starts measuring: resets the process's peak RSS (where Linux allows it) and listens to every collector. */
    fun start() {
        ManagementFactory.getGarbageCollectorMXBeans().forEach {
            (it as NotificationEmitter).addNotificationListener(listener, null, null)
        }
        // Writing 5 to clear_refs resets VmHWM (Linux >= 4.0); without it the peak would date from JVM start-up.
        rssPeakAvailable = runCatching { File("/proc/self/clear_refs").writeText("5") }.isSuccess
        rssStart = status("VmRSS")
    }

    /** The figures so far; the heap peak includes the occupancy right now. */
    fun stats(): MemoryStats {
        val heapNow = ManagementFactory.getMemoryMXBean().heapMemoryUsage.used
        return MemoryStats(
            maxOf(peakBeforeGc.get(), heapNow),
            rssStart,
            if (rssPeakAvailable) status("VmHWM") else null,
        )
    }

    private val threads = ManagementFactory.getThreadMXBean() as com.sun.management.ThreadMXBean
    private var others = LongArray(0)
    private var othersAtStart = LongArray(0)
    private var totalAtStart = 0L
    private var allocated = 0L
    private var allocationKnown = threads.isThreadAllocatedMemorySupported && threads.isThreadAllocatedMemoryEnabled

    /**
     * Opens an allocation window, right before the batches it covers: [own] are the batch's threads alive now (the
     * calling thread, the strategy's); every other live thread's allocation is left out of the window. Untimed.
     */
    fun startBatches(own: Collection<Thread>) {
        if (!allocationKnown) return
        val ownIds = own.mapTo(HashSet()) { it.threadId() }
        others = threads.allThreadIds.filter { it !in ownIds }.toLongArray()
        othersAtStart = threads.getThreadAllocatedBytes(others)
        // Last, so that the set-up above is not part of the window.
        totalAtStart = threads.totalThreadAllocatedBytes
    }

    /** Closes the window [startBatches] opened. Untimed. */
    fun endBatches() {
        if (!allocationKnown) return
        // First, so that what follows is not part of the window.
        val total = threads.totalThreadAllocatedBytes
        val othersNow = threads.getThreadAllocatedBytes(others)
        // A thread that ended in the window reads -1: what it allocated cannot be told apart, and stays counted.
        val theirs = others.indices.sumOf { i ->
            if (othersNow[i] < 0 || othersAtStart[i] < 0) 0L else othersNow[i] - othersAtStart[i]
        }
        if (total < 0 || totalAtStart < 0) allocationKnown = false
        allocated += maxOf(0L, total - totalAtStart - theirs)
    }

    /** Bytes the batch's threads allocated per batch over every window so far, which ran [batches] batches. */
    fun allocatedPerBatch(batches: Long): Double? =
        if (allocationKnown && batches > 0) allocated.toDouble() / batches else null

    /** Stops listening; [stats] still answers with what was seen. */
    fun stop() {
        ManagementFactory.getGarbageCollectorMXBeans().forEach {
            runCatching { (it as NotificationEmitter).removeNotificationListener(listener) }
        }
    }

    private companion object {
        val heapPools: Set<String> = ManagementFactory.getMemoryPoolMXBeans().filter {
            it.type == MemoryType.HEAP
        }.map { it.name }.toSet()

        /** A `kB` line of `/proc/self/status` in bytes, or null where there is no such file. */
        fun status(key: String): Long? = runCatching {
            File("/proc/self/status").readLines().firstOrNull {
                it.startsWith("$key:")
            }?.split(Regex("\\s+"))?.get(1)?.toLong()?.times(1024)
        }.getOrNull()
    }
}
