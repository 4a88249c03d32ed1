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
 * resident set size of the process (heap, thread stacks and all other native memory).
 *
 * Heap in use only grows between collections, so its peak is the largest occupancy right before
 * a collection, which every collector reports in a notification, or the occupancy at [stats].
 * Nothing here runs on the measured path: the JVM's notification thread records each
 * collection, and `/proc` is read only in [start] and [stats].
 *
 * Threading model: [start] and [stats] are called from one thread; the listener only updates an
 * atomic maximum.
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
