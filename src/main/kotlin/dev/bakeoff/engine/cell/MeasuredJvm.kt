package dev.bakeoff.engine.cell

import dev.bakeoff.engine.link.ForkSettings
import java.io.FileDescriptor
import java.io.FileOutputStream
import java.io.OutputStream
import java.io.PrintStream
import java.nio.file.DirectoryNotEmptyException
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.atomic.AtomicLong

/**
 * The fork side of keeping a user's code inside its cell, for every JVM Bakeoff starts to run it
 * (a JMH fork, a planning probe, a trace-only JVM): [adopt] sends what the code prints to this
 * JVM's own output, which the host writes to the cell's log (JMH would otherwise forward a fork's
 * `System.out` to the user's console), at most [OUTPUT_LIMIT_BYTES] of it; ends every process the
 * code started when this JVM ends (by exit, by [halt], or because its owner ended); and halts this
 * JVM when the Bakeoff JVM that started it ends. The host ends what is left after a JVM that was
 * killed or halted by the code itself ([ProbeProcess], [JmhCellRunner]).
 *
 * Threading model: [adopt] once, on the JVM's main or benchmark thread before any of the user's
 * code runs; [halt] from any thread (the thread budget's watcher, the owner watch).
 */
internal object MeasuredJvm {
    /** What one measured JVM may print, stdout and stderr together; the rest is dropped with one note. */
    const val OUTPUT_LIMIT_BYTES = 1L shl 20

    /** The system property in which JFR names its repository once a recording started. */
    private const val JFR_REPOSITORY = "jdk.jfr.repository"

    @Volatile
    private var adopted = false

    /**
     * Makes this JVM a measured JVM of the Bakeoff JVM with process id [owner]: it halts when that
     * process ends, however it ended (a `kill -9` runs no clean-up there), or at once if it is already
     * gone. An explicit id, not "the parent": a process whose parent died is re-parented, and would
     * then watch the wrong one. The JDK watches the process (polling, for a process that is not this
     * one's child).
     */
    fun adopt(owner: Long) {
        if (adopted) return
        adopted = true
        val left = AtomicLong(OUTPUT_LIMIT_BYTES)
        System.setOut(capped(FileDescriptor.out, left))
        System.setErr(capped(FileDescriptor.err, left))
        Runtime.getRuntime().addShutdownHook(Thread(::endDescendants, "bakeoff-end-descendants"))
        val handle = ProcessHandle.of(owner).filter { it.isAlive }
        if (handle.isEmpty) halt(ForkSettings.ORPHAN_EXIT_CODE)
        handle.get().onExit().thenRun { halt(ForkSettings.ORPHAN_EXIT_CODE) }
    }

    /**
     * Halts this JVM with [status] (no shutdown hook or thread the code left behind may delay it),
     * after ending the processes the code started when this is a measured JVM.
     */
    fun halt(status: Int): Nothing {
        if (adopted) endDescendants()
        dropJfrRepository(System.getProperty(JFR_REPOSITORY))
        Runtime.getRuntime().halt(status)
        throw IllegalStateException("Runtime.halt returned")
    }

    /**
     * Removes JFR's repository of this JVM ([dir], a folder JFR made in the temporary directory when a recording
     * started) if it is empty: halting skips JFR's own clean-up, which would have removed it, and every load and
     * trace JVM left one behind (1,589 empty folders in `/tmp` on 2026-11-28). A recording still running keeps its
     * chunks, and the folder, in place.
     */
    internal fun dropJfrRepository(dir: String?) {
        if (dir == null) return
        try {
            Files.deleteIfExists(Path.of(dir))
        } catch (_: DirectoryNotEmptyException) {
            // A recording's chunks: JFR's, not ours to delete.
        }
    }

    private fun endDescendants() = ProcessHandle.current().descendants().forEach { it.destroyForcibly() }

    private fun capped(fd: FileDescriptor, left: AtomicLong) =
        PrintStream(CappedOutput(FileOutputStream(fd), left), true, System.out.charset())
}

/**
 * Writes to [target] until [left] bytes are used up (a budget that streams may share), then the
 * note that output was truncated, once, and nothing more. Thread-safe; every write is one
 * [AtomicLong] update.
 */
internal class CappedOutput(private val target: OutputStream, private val left: AtomicLong) : OutputStream() {
    override fun write(b: Int) = write(byteArrayOf(b.toByte()), 0, 1)

    override fun write(b: ByteArray, off: Int, len: Int) {
        if (len == 0) return
        val before = left.getAndAdd(-len.toLong())
        if (before > 0) target.write(b, off, minOf(before, len.toLong()).toInt())
        // Exactly one write sees the budget run out within it, or start at exactly zero.
        if (before >= 0 && before < len) target.write(NOTE)
    }

    override fun flush() = target.flush()

    override fun close() = target.close()

    private companion object {
        val NOTE = (
            "\n[bakeoff] output truncated: the task printed more than " +
                "${MeasuredJvm.OUTPUT_LIMIT_BYTES shr 20} MB; the rest was dropped\n"
            ).toByteArray()
    }
}
