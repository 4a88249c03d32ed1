package dev.bakeoff.engine.cell

import dev.bakeoff.engine.link.ForkSettings
import java.io.File
import java.lang.management.ManagementFactory

/**
 * Keeps one measured JVM from taking every process id of the machine. A thread per item at a
 * large item count would otherwise start threads until the kernel refuses new ones, and every
 * other process on the machine (other users' builds included) would fail to start a thread or
 * a process meanwhile. When live platform threads exceed [max], [onExceeded] runs once (it
 * records the failure and halts the JVM).
 *
 * Threading model: one daemon thread, started before the cell opens, so it is neither counted as
 * the strategy's thread nor as a leak. It reads a counter every 10 ms while far from the limit
 * and every millisecond once past half of it (a JVM starts at most tens of threads per
 * millisecond), so it never lets the count get far beyond [max] and costs nothing measurable.
 */
internal class ThreadBudget(val max: Int, private val onExceeded: (live: Int) -> Unit) : AutoCloseable {
    private val mx = ManagementFactory.getThreadMXBean()
    private val watcher = Thread.ofPlatform().daemon().name("bakeoff-thread-budget").start(::watch)

    private fun watch() {
        while (true) {
            val live = mx.threadCount
            if (live > max) {
                onExceeded(live)
                return
            }
            try {
                Thread.sleep(if (live < max / 2) 10L else 1L)
            } catch (_: InterruptedException) {
                return
            }
        }
    }

    override fun close() {
        watcher.interrupt()
    }

    companion object {
        /** Why a JVM with a budget of [max] threads was stopped at [live], for its report. */
        fun exceeded(live: Int, max: Int?): String = "stopped at $live live platform threads, over the thread " +
            "budget of $max (--max-threads; by default 3/4 of the process ids free on the machine), " +
            "before it could exhaust them for every other process"

        /**
         * The budget of a JVM told [fork] (its `--max-threads`, else [defaultMax]); over it, [report]
         * hears why (to write the JVM's report) and the JVM halts with [ForkSettings.OVER_BUDGET_EXIT_CODE].
         * Null where there is no budget to keep.
         */
        fun watch(fork: ForkSettings, report: (reason: String) -> Unit): ThreadBudget? =
            (fork.maxThreads ?: defaultMax())?.let { max ->
                ThreadBudget(max) { live ->
                    report(exceeded(live, max))
                    MeasuredJvm.halt(ForkSettings.OVER_BUDGET_EXIT_CODE)
                }
            }

        /**
         * Three quarters of the process ids free on this machine now (Linux: the smaller of
         * `pid_max` and `threads-max`, minus the tasks that exist), leaving the rest to every
         * other process; null where `/proc` does not say.
         */
        fun defaultMax(): Int? = runCatching {
            fun read(path: String) = File(path).readText().trim()
            val limit = minOf(read("/proc/sys/kernel/pid_max").toLong(), read("/proc/sys/kernel/threads-max").toLong())
            // The fourth field of loadavg is "running/existing" scheduling entities (threads included).
            val existing = read("/proc/loadavg").split(' ')[3].substringAfter('/').toLong()
            ((limit - existing) * 3 / 4).toInt().coerceAtLeast(1)
        }.getOrNull()
    }
}
