package dev.bakeoff.engine.cell

import java.nio.file.Files
import java.nio.file.Path

/**
 * The whole machine's busy CPU (ns, every core and process): `/proc/stat`'s first line, its user, nice,
 * system, irq, softirq and steal ticks (idle and iowait left out) at Linux's 100 ticks a second. Read at a
 * load window's ends only (a file read of some 10 µs): the CPU other processes take on the cores the
 * strategy runs on is that minus the load JVM's own. Null where there is no `/proc`.
 */
internal fun interface MachineCpu {
    fun busyNanos(): Long?

    companion object {
        private val STAT: Path = Path.of("/proc/stat")
        private const val NANOS_PER_TICK = 10_000_000L

        // Fields after "cpu": user nice system idle iowait irq softirq steal (guest is counted in user).
        private val BUSY_FIELDS = listOf(0, 1, 2, 5, 6, 7)

        val SYSTEM = MachineCpu {
            runCatching {
                val fields = Files.newBufferedReader(STAT).use { it.readLine() }.trim().split(Regex("\\s+")).drop(1)
                BUSY_FIELDS.sumOf { fields.getOrNull(it)?.toLong() ?: 0L } * NANOS_PER_TICK
            }.getOrNull()
        }
    }
}
