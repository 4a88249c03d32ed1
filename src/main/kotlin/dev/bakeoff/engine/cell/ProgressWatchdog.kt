package dev.bakeoff.engine.cell

import dev.bakeoff.result.CellStatus
import java.nio.file.Path
import java.util.concurrent.TimeUnit

/**
 * What a [ProgressWatchdog] watches: whether a batch is running ([flight] odd), and a value that
 * changes whenever one of its items completes ([fingerprint]). [Cell] is one.
 */
internal interface BatchProgress {
    /** Items per batch. */
    val size: Int

    /** Batch starts and ends so far: odd while a batch runs. */
    fun flight(): Long

    /** Changes whenever an item completes; costs a read per item. */
    fun fingerprint(): Long

    /** Items of the running batch not completed yet. */
    fun outstanding(): Int
}

/** How a cell stalled: [status] (starved or deadlocked), the one-line [verdict], and its thread dump [dump]. */
internal data class Stall(val status: CellStatus, val verdict: String, val dump: Path)

/**
 * Ends a cell whose items stop completing: when a batch has been running for [stallNanos] without
 * one item completing, it writes a thread dump to [dump] ([StallVerdict]), decides `starved` or
 * `deadlocked` and hands the [Stall] to [onStall] (in a measured JVM: record it and halt). A cell
 * that only runs slowly is never stopped: any completed item restarts the clock, and the host sets
 * [stallNanos] above the longest an item may take (`ForkSettings.stallMillis`).
 *
 * Cost: a batch shorter than [SCAN_AFTER_NANOS] is never looked into (one read of [BatchProgress.flight]
 * per tick); a longer one is scanned ([BatchProgress.fingerprint], a read per item) at most every
 * [SCAN_SHARE] times the last scan's own duration, so the watcher stays under 2% of one core.
 *
 * Threading model: one daemon platform thread, started by the constructor before the cell opens (so
 * the cell's thread census never counts it); [watch] hands it the opened cell and the threads to
 * judge, [close] stops it. [onStall] runs on the watchdog's thread, once.
 */
internal class ProgressWatchdog(
    private val stallNanos: Long,
    private val dump: Path,
    private val onStall: (Stall) -> Unit,
) : AutoCloseable {
    @Volatile
    private var target: Target? = null

    private class Target(val progress: BatchProgress, val threads: () -> Collection<Thread>)

    private val thread = Thread.ofPlatform().daemon().name("bakeoff-progress-watchdog").start(::loop)

    /** Starts watching [progress]; [threads] are the cell's own (its pools', and the thread that runs batches). */
    fun watch(progress: BatchProgress, threads: () -> Collection<Thread>) {
        target = Target(progress, threads)
    }

    override fun close() {
        thread.interrupt()
        // The watchdog may be writing a dump right now: let it finish rather than leave half a file.
        if (Thread.currentThread() != thread) thread.join(TimeUnit.SECONDS.toMillis(JOIN_SECONDS))
    }

    private fun loop() {
        var batch = -1L
        var since = 0L
        var last: Long? = null
        var nextScan = 0L
        try {
            while (true) {
                Thread.sleep(TICK_MILLIS)
                val t = target ?: continue
                val flight = t.progress.flight()
                val now = System.nanoTime()
                if (flight % 2 == 0L || flight != batch) {
                    // Between batches, or a new batch: its clock starts now.
                    batch = flight
                    since = now
                    last = null
                    continue
                }
                if (now - since < SCAN_AFTER_NANOS || now < nextScan) continue
                val fingerprint = t.progress.fingerprint()
                val scanned = System.nanoTime()
                nextScan = scanned + (scanned - now) * SCAN_SHARE
                if (fingerprint != last) {
                    last = fingerprint
                    since = now
                } else if (now - since >= stallNanos) {
                    onStall(StallVerdict.judge(t.progress, t.threads(), now - since, dump))
                    return
                }
            }
        } catch (_: InterruptedException) {
            // Closed: the cell ended.
        }
    }

    companion object {
        const val TICK_MILLIS = 100L

        /** Batches shorter than this are never scanned: most cells' batches, whose items are never read. */
        const val SCAN_AFTER_NANOS = 500_000_000L

        /** A scan may take at most 1/[SCAN_SHARE] of the watchdog's time. */
        const val SCAN_SHARE = 50L
        private const val JOIN_SECONDS = 10L
    }
}
