package dev.bakeoff.engine.probe

import dev.bakeoff.result.LoadLatency
import dev.bakeoff.result.StallKind
import dev.bakeoff.result.StallTally
import dev.bakeoff.result.TailStalls
import jdk.jfr.FlightRecorder
import jdk.jfr.Recording
import jdk.jfr.consumer.RecordedEvent
import jdk.jfr.consumer.RecordingFile
import java.nio.file.Files
import java.time.Duration
import java.time.Instant

/**
 * Records what can stall a load window's items, for [TailAttribution]: a JFR recording of the JVM's
 * GC pauses and safepoints only (events the VM emits at each pause anyway: no cost on the generator's
 * path, unlike the parks the batch evidence counts), started with [start] before the cell opens so
 * JFR's own threads are never the strategy's, read back after the window; and the process counters
 * ([ProcessCounters]) read before the generator's first arrival and after its drain.
 *
 * Threading model: one thread (the load JVM's main thread).
 */
internal class LoadStalls private constructor(private val recording: Recording?, private val unavailable: String?) :
    AutoCloseable {
    // The generator's clock and the wall clock JFR stamps events with, read together to convert one into the other.
    private val nanoAtStart = System.nanoTime()
    private val wallAtStart = Instant.now()
    private var before: ProcessSample? = null

    /** Right before the generator's first arrival: the counters' opening sample. */
    fun opening() {
        before = ProcessCounters.opening()
    }

    /**
     * Right after the drain: stops recording and attributes the tail of [items] (whose percentiles are
     * [latency]) to the window's stalls and the generator's lag.
     */
    fun tail(items: ItemTimes, latency: LoadLatency): TailStalls {
        val after = ProcessCounters.closing()
        val opened = before
        val stalls = recorded().filter { s -> items.count > 0 && s.endNs > items.start[0] && s.startNs < after.wallNs }
        fun of(kind: StallKind) = recording?.let {
            stalls.filter { it.kind == kind }.let { s -> StallTally(s.size, s.sumOf { it.durationNs }) }
        }
        val lag = (0 until items.count).map { Stall(StallKind.GENERATOR_LAG, items.start[it], items.lag[it]) }
        return TailStalls(
            gcPauses = of(StallKind.GC_PAUSE),
            safepoints = of(StallKind.SAFEPOINT),
            involuntarySwitches = opened?.let { after.switchesSince(it)?.involuntary },
            threadsStarted = opened?.let { after.started - it.started },
            tails = listOf(
                TailAttribution.cause("p99", P99, latency.p99, items, stalls + lag),
                TailAttribution.cause("p99.9", P999, latency.p999, items, stalls + lag),
            ),
            unavailable = unavailable,
        )
    }

    /** The recording's GC pauses, and its safepoints that held none, on the generator's clock. */
    private fun recorded(): List<Stall> {
        val recording = recording ?: return emptyList()
        recording.stop()
        val file = Files.createTempFile("bakeoff-stalls-", ".jfr")
        val events = try {
            recording.dump(file)
            RecordingFile.readAllEvents(file)
        } finally {
            Files.deleteIfExists(file)
        }
        val pauses = events.filter { it.eventType.name == GC_PAUSE }.map { stall(StallKind.GC_PAUSE, it, it.endTime) }
        val ends = events.filter { it.eventType.name == SAFEPOINT_END }.associateBy { it.getLong("safepointId") }
        val safepoints = events.filter { it.eventType.name == SAFEPOINT_BEGIN }.mapNotNull { begin ->
            ends[begin.getLong("safepointId")]?.let { stall(StallKind.SAFEPOINT, begin, it.endTime) }
        }
        // A GC pause happens inside a safepoint: that safepoint is counted as the pause, not twice.
        return pauses + safepoints.filter { s -> pauses.none { it.overlapNs(s.startNs, s.endNs) > 0 } }
    }

    private fun stall(kind: StallKind, begin: RecordedEvent, end: Instant): Stall =
        Stall(kind, nanos(begin.startTime), Duration.between(begin.startTime, end).toNanos())

    private fun nanos(at: Instant): Long = nanoAtStart + Duration.between(wallAtStart, at).toNanos()

    override fun close() {
        recording?.close()
    }

    companion object {
        private const val GC_PAUSE = "jdk.GCPhasePause"
        private const val SAFEPOINT_BEGIN = "jdk.SafepointBegin"
        private const val SAFEPOINT_END = "jdk.SafepointEnd"
        private const val P99 = 99.0
        private const val P999 = 99.9

        /** Starts recording, or records nothing and says why (no JFR in this runtime). */
        fun start(): LoadStalls = try {
            if (!FlightRecorder.isAvailable()) {
                LoadStalls(null, "no GC pauses or safepoints: JFR is not available in this JVM")
            } else {
                val recording = Recording().apply {
                    name = "bakeoff-stalls"
                    listOf(GC_PAUSE, SAFEPOINT_BEGIN, SAFEPOINT_END).forEach {
                        enable(it).withoutStackTrace().withThreshold(Duration.ZERO)
                    }
                    isToDisk = true
                }
                recording.start()
                LoadStalls(recording, null)
            }
        } catch (e: LinkageError) {
            LoadStalls(null, "no GC pauses or safepoints: this runtime has no JFR (module jdk.jfr): ${e.message}")
        }
    }
}
