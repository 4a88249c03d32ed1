package dev.bakeoff.engine.cell

import dev.bakeoff.model.Batch
import dev.bakeoff.model.ItemDone
import kotlinx.coroutines.CompletableDeferred
import java.lang.management.ManagementFactory
import java.util.concurrent.CountDownLatch
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.atomic.AtomicLong
import java.util.concurrent.atomic.AtomicReference
import javax.management.ObjectName

/**
 * The items of `bakeoff footprint`, as a [Batch] of [size] items a strategy's open-loop form runs:
 * each item calls itself [depth] frames deep, then waits on one gate shared by every item until [release] opens it,
 * so what a waiting task keeps is measured with the task really waiting, not by timing. How it waits
 * is the strategy's own: a thread calls [run] and blocks on a latch (a virtual thread unmounts, a
 * platform thread keeps its stack); a coroutine calls [runSuspending] and suspends on a deferred
 * (its frames become continuation objects). Every item adds its depth to a checksum on its way out,
 * so [finished] knows each went down and up every frame.
 *
 * Threading model: [run] and [runSuspending] from the strategy's threads, concurrently; [done] is
 * each item's [ItemDone]; the rest from the probe's main thread.
 */
internal class ParkedTasks(private val depth: Int, override val size: Int) : Batch {
    private val latch = CountDownLatch(1)
    private val gate = CompletableDeferred<Unit>()
    private val parking = AtomicInteger()
    private val ended = AtomicInteger()
    private val frames = AtomicLong()

    /** The first exception an item ended with, if any. */
    val failure = AtomicReference<Throwable?>()

    /** Every item's one [ItemDone]: no object per task of the probe's own beside the strategy's. */
    val done = ItemDone { failure ->
        failure?.let { this.failure.compareAndSet(null, it) }
        ended.incrementAndGet()
    }

    /** Items that reached the bottom of their stack and are waiting (or about to) on the gate. */
    val parked: Int get() = parking.get()

    /** Items that ended, whichever way. */
    val finished: Int get() = ended.get()

    /** Whether [tasks] items ran to their end through every one of their frames. */
    fun verified(tasks: Int): Boolean = finished == tasks && frames.get() == tasks.toLong() * depth

    override fun run(index: Int) {
        frames.addAndGet(descend(depth).toLong())
    }

    override suspend fun runSuspending(index: Int) {
        frames.addAndGet(descendSuspending(depth).toLong())
    }

    // The addition after the call keeps each frame live until the gate opens: no tail call to fold away.
    private fun descend(level: Int): Int = if (level <= 1) {
        parking.incrementAndGet()
        latch.await()
        1
    } else {
        descend(level - 1) + 1
    }

    private suspend fun descendSuspending(level: Int): Int = if (level <= 1) {
        parking.incrementAndGet()
        gate.await()
        1
    } else {
        descendSuspending(level - 1) + 1
    }

    /** Opens the gate: every waiting item goes on, now and for any that park later. */
    fun release() {
        latch.countDown()
        gate.complete(Unit)
    }

    companion object {
        /**
         * Heap in use after a full collection, repeated until it moves less than 1% (at most [GC_ROUNDS]
         * times): one `System.gc()` can leave what a finalizer, a reference queue or a virtual thread's
         * unmounting released just after it.
         */
        fun settledHeap(): Long {
            val memory = ManagementFactory.getMemoryMXBean()
            var last = Long.MAX_VALUE
            repeat(GC_ROUNDS) {
                System.gc()
                val used = memory.heapMemoryUsage.used
                if (kotlin.math.abs(used - last) < last / SETTLED) return used
                last = used
            }
            return last
        }

        private const val GC_ROUNDS = 6
        private const val SETTLED = 100
    }
}

/**
 * Native memory tracking's `Thread` category, as `jcmd <pid> VM.native_memory summary` shows it, read
 * inside this JVM through the diagnostic command MBean: [reserved] and [committed] bytes (the platform
 * threads' stacks, mostly). Null from [read] when this JVM runs without `-XX:NativeMemoryTracking`.
 */
internal data class NativeThreads(val reserved: Long, val committed: Long) {
    companion object {
        private val CATEGORY = Regex("""-\s+Thread \(reserved=(\d+), committed=(\d+)\)""")

        /** The category now, or null without tracking (or on a JVM whose summary lacks it). */
        fun read(): NativeThreads? = runCatching {
            val summary = ManagementFactory.getPlatformMBeanServer().invoke(
                ObjectName("com.sun.management:type=DiagnosticCommand"),
                "vmNativeMemory",
                arrayOf<Any>(arrayOf("summary", "scale=b")),
                arrayOf(Array<String>::class.java.name),
            ) as String
            parse(summary)
        }.getOrNull()

        /** The `Thread` category of an NMT [summary] in bytes (`scale=b`), or null when it has none. */
        fun parse(summary: String): NativeThreads? = CATEGORY.find(summary)?.let { m ->
            NativeThreads(m.groupValues[1].toLong(), m.groupValues[2].toLong())
        }
    }
}
