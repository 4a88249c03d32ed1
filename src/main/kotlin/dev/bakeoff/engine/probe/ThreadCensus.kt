package dev.bakeoff.engine.probe

import dev.bakeoff.model.SharedScheduler
import java.lang.management.ManagementFactory

/**
 * Counts platform threads around one cell: live at start, peak live, created, and those created
 * during the cell that are still alive after the strategy closed. Virtual threads are not
 * platform threads and are not counted here (the per-item trace counts them).
 *
 * Threads of the JVM itself (compiler threads come and go) and of the process-wide schedulers
 * the strategy declares are not leaks: they are excluded from [leaked] and reported per
 * scheduler instead, to be checked against their documented bounds.
 */
internal class ThreadCensus(private val shared: List<SharedScheduler>) {
    private val mx = ManagementFactory.getThreadMXBean()
    private val before: Set<Thread> = liveThreads()
    val startLive: Int = mx.threadCount
    private val startedBefore: Long = mx.totalStartedThreadCount

    init {
        mx.resetPeakThreadCount()
        // Each recogniser asked once now, before any item runs: the virtual-thread scheduler's learns its
        // carriers' names by running a virtual thread, which a stalled cell's busy carriers would never run.
        before.forEach { t -> shared.forEach { it.owns(t) } }
    }

    /** Live platform threads now. */
    fun live(): Int = mx.threadCount

    /** Peak live platform threads since this census began. */
    fun peakLive(): Int = mx.peakThreadCount

    /** Platform threads started since this census began (including ones already ended). */
    fun created(): Long = mx.totalStartedThreadCount - startedBefore

    /**
     * Threads started since the census began that are still alive and belong to no declared
     * shared scheduler, after giving each up to [graceMillis] to finish (a shut-down pool's
     * workers exit just after `awaitTermination` returns).
     */
    fun leaked(graceMillis: Long = 5_000): List<Thread> {
        val deadline = System.currentTimeMillis() + graceMillis
        val suspects = newThreads().filter { t -> shared.none { it.owns(t) } }
        suspects.forEach { it.join(maxOf(1, deadline - System.currentTimeMillis())) }
        return suspects.filter { it.isAlive }
    }

    /** The live threads now (the JVM's own aside): a mark for [startedSince]. */
    fun mark(): Set<Thread> = liveThreads()

    /** Threads alive now that were not at [mark] and belong to no declared shared scheduler. */
    fun startedSince(mark: Set<Thread>): List<Thread> =
        liveThreads().filter { t -> t !in mark && shared.none { it.owns(t) } }

    /** Live threads per declared shared scheduler (all of them, not only new ones). */
    fun sharedLive(): Map<SharedScheduler, Int> {
        val live = liveThreads()
        return shared.associateWith { s -> live.count { s.owns(it) } }
    }

    /** The cell's platform threads now: those started since the census began, and the declared shared schedulers'. */
    fun cellThreads(): List<Thread> = liveThreads().filter { t -> t !in before || shared.any { it.owns(t) } }

    private fun newThreads(): List<Thread> = liveThreads().filter { it !in before }

    private companion object {
        fun liveThreads(): Set<Thread> = Thread.getAllStackTraces().keys.filterTo(HashSet()) {
            it.isAlive &&
                !isJvmInternal(it)
        }

        /**
         * JIT compiler threads, reference handlers and the like: started and stopped by the JVM on its own. JFR's
         * periodic-task thread is in the main group (its recorder thread in the system group): a cell's evidence
         * pass may start it after the census began, and it stays up to the JVM's end.
         */
        fun isJvmInternal(t: Thread): Boolean = t.threadGroup?.name == "system" || t.name in JVM_THREADS

        val JVM_THREADS = setOf(
            "Common-Cleaner",
            "Attach Listener",
            "process reaper",
            "Notification Thread",
            "Signal Dispatcher",
            "JFR Periodic Tasks",
        )
    }
}
