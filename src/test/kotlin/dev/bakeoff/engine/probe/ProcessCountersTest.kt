package dev.bakeoff.engine.probe

import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test
import java.io.File
import java.lang.management.ManagementFactory
import kotlin.test.assertTrue

/** The per-thread CPU clocks a scenario's calibration reads. */
class ProcessCountersTest {
    @Test
    fun `every thread's CPU includes the JVM's own threads, which no Java thread list shows`() {
        assumeTrue(File("/proc/self/task").isDirectory, "Linux only")
        val cpu = checkNotNull(ProcessCounters.threadCpu())
        val java = ManagementFactory.getThreadMXBean().threadCount
        // The VM thread, the collector's and the compilers' threads are kernel threads beside the Java ones.
        assertTrue(cpu.size > java, "${cpu.size} kernel threads, $java Java threads")
        assertTrue(cpu.values.all { it >= 0 } && cpu.values.sum() > 0, "$cpu")
    }
}
