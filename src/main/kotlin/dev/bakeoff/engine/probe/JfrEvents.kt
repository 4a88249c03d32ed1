package dev.bakeoff.engine.probe

import jdk.jfr.FlightRecorder
import jdk.jfr.Recording
import jdk.jfr.consumer.RecordedEvent
import jdk.jfr.consumer.RecordingFile
import java.nio.file.Files
import java.time.Duration
import java.time.Instant

/**
 * The JFR events the evidence counts, by their names in JDK 21 and later. The four duration events
 * default to a 20 ms threshold in the JDK's `default.jfc`, which would hide every short pin, park
 * or contended enter: they are recorded with a threshold of 0, so every occurrence counts. Stack
 * traces are off, which keeps each event cheap.
 */
internal enum class JfrEvent(val eventName: String) {
    PINNED("jdk.VirtualThreadPinned"),
    PARK("jdk.ThreadPark"),
    MONITOR_ENTER("jdk.JavaMonitorEnter"),
    MONITOR_WAIT("jdk.JavaMonitorWait"),

    /** Counted with the sum of its pauses (`sumOfPauses`): its duration includes a collector's concurrent work. */
    GC("jdk.GarbageCollection"),
    ;

    /**
     * The duration this event adds to its total, within [from] to [to]: an event is recorded when it
     * ends, so a park that began before the window (an idle pool thread) counts only its part inside.
     */
    fun durationNs(event: RecordedEvent, from: Instant, to: Instant): Long = if (this == GC) {
        event.getDuration("sumOfPauses").toNanos()
    } else {
        val start = maxOf(event.startTime, from)
        val end = minOf(event.endTime, to)
        if (end > start) Duration.between(start, end).toNanos() else 0
    }

    companion object {
        val byName: Map<String, JfrEvent> = entries.associateBy { it.eventName }
    }
}

/** How many events of each [JfrEvent] and their total duration (ns) inside the recordings' windows. */
internal data class JfrTotals(val counts: Map<JfrEvent, Long>, val totalNs: Map<JfrEvent, Long>)

/**
 * JDK Flight Recorder recordings of the [JfrEvent]s, one per observed batch, read back after the
 * last. JFR starts two threads of its own the first time a recording starts and keeps them up to
 * the JVM's end: [prepare] does that, and the thread census leaves them out whenever it happens
 * ([EvidenceRecorder]). A runtime without the `jdk.jfr` module, or with JFR disabled, has no recordings; the
 * reason is kept in [unavailable].
 *
 * Threading model: one thread at a time (the benchmark thread).
 */
internal class JfrRecorder private constructor(val unavailable: String?) : AutoCloseable {
    private val recordings = mutableListOf<Recording>()
    private var running: Recording? = null

    /** Starts recording (nothing without JFR). */
    fun start() {
        if (unavailable != null) return
        running = newRecording().also {
            recordings += it
            it.start()
        }
    }

    /** Stops the recording [start] began. */
    fun stop() {
        running?.stop()
        running = null
    }

    /** The events of every recording so far, or null without JFR; dumps each to a temporary file, read and deleted. */
    fun totals(): JfrTotals? {
        if (unavailable != null) return null
        stop()
        val counts = JfrEvent.entries.associateWithTo(HashMap()) { 0L }
        val totals = JfrEvent.entries.associateWithTo(HashMap()) { 0L }
        for (recording in recordings) {
            val file = Files.createTempFile("bakeoff-evidence-", ".jfr")
            try {
                recording.dump(file)
                val from = recording.startTime
                val to = recording.stopTime
                RecordingFile(file).use { events ->
                    while (events.hasMoreEvents()) {
                        val event = events.readEvent()
                        val kind = JfrEvent.byName[event.eventType.name] ?: continue
                        counts.merge(kind, 1, Long::plus)
                        totals.merge(kind, kind.durationNs(event, from, to), Long::plus)
                    }
                }
            } finally {
                Files.deleteIfExists(file)
            }
        }
        return JfrTotals(counts, totals)
    }

    override fun close() {
        running = null
        recordings.forEach { runCatching { it.close() } }
        recordings.clear()
    }

    companion object {
        /**
         * A recorder whose JFR threads are already running (one empty recording started and
         * stopped), or one that says why there is no JFR here.
         */
        fun prepare(): JfrRecorder = try {
            if (!FlightRecorder.isAvailable()) {
                JfrRecorder("JFR is not available in this JVM")
            } else {
                newRecording().use {
                    it.start()
                    it.stop()
                }
                JfrRecorder(null)
            }
        } catch (e: LinkageError) {
            // A runtime image without the jdk.jfr module.
            JfrRecorder("this runtime has no JFR (module jdk.jfr): ${e.message}")
        }

        private fun newRecording(): Recording = Recording().apply {
            name = "bakeoff-evidence"
            for (event in JfrEvent.entries) {
                val settings = enable(event.eventName).withoutStackTrace()
                if (event != JfrEvent.GC) settings.withThreshold(Duration.ZERO)
            }
            // Chunks on disk: an in-memory recording overwrites its oldest events once its buffers are full.
            isToDisk = true
        }
    }
}
