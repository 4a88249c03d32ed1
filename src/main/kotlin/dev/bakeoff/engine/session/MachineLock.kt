package dev.bakeoff.engine.session

import java.io.IOException
import java.nio.channels.FileChannel
import java.nio.channels.FileLock
import java.nio.channels.OverlappingFileLockException
import java.nio.file.Path
import java.nio.file.Paths
import java.nio.file.StandardOpenOption

/** Another process measures on this machine: a run that started beside it would spoil both. */
internal class MachineBusyException(message: String) : RuntimeException(message)

/**
 * One measuring run per machine, for the whole run. JMH's own lock (`jmh.lock` in the temporary
 * directory) is taken by each `Runner.run`, that is around one fork, and released between forks:
 * a second run could take it between two forks of the first and turn the first run's later cells
 * into failures. Bakeoff takes that same file's lock when a run starts and keeps it until the run
 * ends, so other Bakeoff runs and plain JMH runs are kept out alike, and tells its own in-process
 * JMH runners not to take it again (`jmh.ignoreLock`, read once when JMH's `Runner` class loads).
 * The operating system releases the lock when this JVM ends, however it ends (`kill -9` too).
 *
 * `BAKEOFF_MACHINE_LOCK` names another lock file: the test suite uses its own, so that a
 * developer's measuring run and the tests do not refuse each other.
 *
 * [RunSession] is its one caller: every front end's run takes it once, before its folder is claimed.
 *
 * Threading: [hold] may be called from any thread and nests; the lock is held while any call is
 * inside it. Two threads of one JVM both inside [hold] are not kept apart (the lock is the JVM's).
 */
internal object MachineLock {
    private var holders = 0
    private var channel: FileChannel? = null
    private var lock: FileLock? = null

    /** The lock file: `BAKEOFF_MACHINE_LOCK`, else JMH's own. */
    val file: Path
        get() = System.getenv("BAKEOFF_MACHINE_LOCK")?.takeIf { it.isNotBlank() }?.let { Paths.get(it) }
            ?: Paths.get(System.getProperty("java.io.tmpdir"), "jmh.lock")

    /**
     * Runs [block] holding the machine; throws [MachineBusyException] at once, before [block]
     * runs, when another process holds it.
     */
    fun <T> hold(block: () -> T): T {
        acquire()
        try {
            return block()
        } finally {
            release()
        }
    }

    @Synchronized
    private fun acquire() {
        if (holders == 0) {
            val file = file
            val opened = try {
                FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)
            } catch (e: IOException) {
                throw MachineBusyException(
                    "cannot open the machine lock $file (${e.javaClass.simpleName}: ${e.message})",
                )
            }
            val taken = try {
                opened.tryLock()
            } catch (_: OverlappingFileLockException) {
                null
            } catch (e: IOException) {
                opened.close()
                throw MachineBusyException("cannot lock $file (${e.javaClass.simpleName}: ${e.message})")
            }
            if (taken == null) {
                opened.close()
                throw MachineBusyException(
                    "another Bakeoff or JMH run is measuring on this machine (it holds $file); " +
                        "run again when it has finished: two runs at once would spoil each other's figures",
                )
            }
            System.setProperty("jmh.ignoreLock", "true")
            channel = opened
            lock = taken
        }
        holders++
    }

    @Synchronized
    private fun release() {
        holders--
        if (holders == 0) {
            runCatching { lock?.release() }
            runCatching { channel?.close() }
            lock = null
            channel = null
        }
    }
}
