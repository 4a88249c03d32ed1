package dev.bakeoff.engine.probe

import java.lang.management.ManagementFactory

/**
 * The CPU clocks a load window is costed by: the calling thread's ([thread]: the generator's) and the
 * whole JVM's ([process]: every thread, ended ones and the JVM's own included), both in ns. A read is a
 * system call of a microsecond or so: read at a window's ends, never per item. Injected by tests.
 */
internal interface CpuClocks {
    fun thread(): Long

    fun process(): Long

    companion object {
        private val mx = ManagementFactory.getThreadMXBean()
        private val os = ManagementFactory.getOperatingSystemMXBean() as com.sun.management.OperatingSystemMXBean

        /** This JVM's clocks (`ThreadMXBean`, `OperatingSystemMXBean`); 0 where the JVM cannot read them. */
        val SYSTEM = object : CpuClocks {
            override fun thread() = mx.currentThreadCpuTime.coerceAtLeast(0L)

            override fun process() = os.processCpuTime.coerceAtLeast(0L)
        }

        /** [thread]'s CPU time (ns), 0 once it ended or where the JVM cannot read it. */
        fun threadCpu(thread: Thread): Long = mx.getThreadCpuTime(thread.threadId()).coerceAtLeast(0L)
    }
}
