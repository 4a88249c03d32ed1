package dev.bakeoff.engine.probe

import dev.bakeoff.result.EventTally
import dev.bakeoff.result.Evidence
import java.lang.management.ManagementFactory

/**
 * Records the [Evidence] of untimed batches: a JFR recording ([JfrRecorder]) and the process's
 * counters ([ProcessCounters]) around each window of one or more batches, as changes over that
 * window, added up and divided by the batches at the end. Call [start] and [stop] around untimed
 * batches only (recording events costs time inside them; reading the counters costs a file per
 * thread, outside them), and [evidence] once after the last window.
 *
 * JFR starts two threads of its own and loads and compiles its code when it is first used
 * ([JfrRecorder.prepare]). With [prepareNow] that happens here, before the cell's thread census
 * begins (a single-shot fork's first, traced warm-up batch records the evidence); otherwise at the
 * first [start], after the timed iterations: prepared before them, JFR slowed a short warm-up's runs
 * (measured: a list-heavy cell's screening fork 1.60x its later forks, 0.86x without JFR).
 * [jfrThreads] says how many threads that lazy preparation started, for the census to leave out.
 *
 * With [withJfr] false (a run inside the caller's JVM, whose JFR threads would outlive the run
 * there) the figures come from the counters alone.
 *
 * Threading model: one thread at a time (the benchmark thread).
 */
internal class EvidenceRecorder(
    private val cores: Int,
    private val withJfr: Boolean = true,
    prepareNow: Boolean = true,
) : AutoCloseable {
    private val noJfr: String? = if (withJfr) null else "no JFR in an in-process run: its threads would outlive the run"
    private var jfr: JfrRecorder? = null
    private var prepared = false

    /** Threads the JFR preparation started after this recorder was created (0 when it prepared at once). */
    var jfrThreads = 0
        private set

    init {
        if (prepareNow) prepare(counted = false)
    }

    /** Prepares JFR once; the threads it starts are [jfrThreads] when [counted] (after the census began). */
    private fun prepare(counted: Boolean) {
        if (prepared) return
        prepared = true
        if (!withJfr) return
        val threads = ManagementFactory.getThreadMXBean()
        val before = threads.totalStartedThreadCount
        jfr = try {
            JfrRecorder.prepare()
        } catch (_: LinkageError) {
            // JfrRecorder itself could not load: the runtime has no jdk.jfr module.
            null
        }
        if (counted) jfrThreads = (threads.totalStartedThreadCount - before).toInt()
    }
    private var opened: ProcessSample? = null
    private var batches = 0
    private var wallNs = 0L
    private var cpuNs = 0L
    private var ended = 0L

    /** The threads' context switches added up over the windows; null once a sample could not read them. */
    private var switches: Switches? = Switches.ZERO

    /** Whether a window has been recorded. */
    val recorded: Boolean get() = batches > 0

    /** Opens a window, right before its first batch. */
    fun start() {
        prepare(counted = true)
        jfr?.start()
        opened = ProcessCounters.opening()
    }

    /** Closes the window [start] opened, right after its last batch; it held [batchesRun] batches. */
    fun stop(batchesRun: Int) {
        val begin = checkNotNull(opened) { "start() first" }
        val end = ProcessCounters.closing()
        jfr?.stop()
        opened = null
        batches += batchesRun
        wallNs += end.wallNs - begin.wallNs
        cpuNs += end.cpuNs - begin.cpuNs
        ended += end.endedSince(begin)
        switches = end.switchesSince(begin)?.let { switches?.plus(it) }
    }

    /** The figures per batch over every window, or null if there was none; reads the JFR recordings. */
    fun evidence(): Evidence? {
        if (batches == 0) return null
        val n = batches.toDouble()
        val jfr = jfr
        val events = jfr?.totals()
        fun tally(e: JfrEvent) = events?.let { EventTally(it.counts.getValue(e) / n, it.totalNs.getValue(e) / n) }
        val noJfr = noJfr ?: if (jfr == null) "this runtime has no JFR (module jdk.jfr)" else jfr.unavailable
        val noProc = "no per-thread context switches (/proc/self/task): Linux only".takeIf { switches == null }
        return Evidence(
            batches = batches,
            wallNs = wallNs / n,
            cpuUtilisation = if (wallNs > 0) cpuNs.toDouble() / (wallNs.toDouble() * cores) else null,
            voluntarySwitches = switches?.let { it.voluntary / n },
            involuntarySwitches = switches?.let { it.involuntary / n },
            threadsEnded = ended / n,
            pinned = tally(JfrEvent.PINNED),
            parks = tally(JfrEvent.PARK),
            monitorEnters = tally(JfrEvent.MONITOR_ENTER),
            monitorWaits = tally(JfrEvent.MONITOR_WAIT),
            gcPauses = tally(JfrEvent.GC),
            unavailable = listOfNotNull(noJfr, noProc).joinToString("; ").ifEmpty { null },
        )
    }

    override fun close() {
        jfr?.close()
    }
}
