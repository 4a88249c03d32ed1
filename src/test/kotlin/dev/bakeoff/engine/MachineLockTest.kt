package dev.bakeoff.engine

import dev.bakeoff.api.Bakeoff
import dev.bakeoff.api.CompareOptions
import dev.bakeoff.cli.cli
import dev.bakeoff.engine.session.MachineBusyException
import dev.bakeoff.engine.session.MachineLock
import dev.bakeoff.engine.session.ResultsFolder
import dev.bakeoff.engine.session.RunSession
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.channels.FileChannel
import java.nio.file.Path
import java.nio.file.Paths
import java.nio.file.StandardOpenOption
import kotlin.io.path.exists
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.fail

/**
 * One measuring run per machine for its whole duration: while another process holds the machine
 * lock, every measuring command refuses with one line and exit code 2 before it creates, clears or
 * measures anything. The other process is a real JVM ([LockHolder]) holding the lock file.
 */
class MachineLockTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `a run refuses while another process holds the machine, and creates nothing`() = whileHeld {
        val out = tmp.resolve("b")
        val (code, output) = cli("run", "-w", "arithmetic", "-s", "direct", "-p", "smoke", "--out", "$out")
        assertEquals(2, code, output)
        assertContains(output, "another Bakeoff or JMH run is measuring on this machine")
        assertEquals(1, output.trim().lines().size, output)
        assertFalse(out.exists(), "a refused run made its --out")
    }

    @Test
    fun `scenario, selfcheck and the API refuse too`() = whileHeld {
        val (code, output) = cli("scenario", "file-sender", "-n", "4", "-s", "direct", "-p", "smoke", "--out", "${tmp.resolve("s")}")
        assertEquals(2, code, output)
        assertEquals(2, cli("selfcheck", "--out", "${tmp.resolve("c")}").first)
        val api = tmp.resolve("api")
        val naming = ResultsFolder.Naming("out", "force")
        assertFailsWith<MachineBusyException> { RunSession.open({ api }, false, naming, { {} }) { fail("it ran") } }
        assertFalse(api.exists(), "a refused session made its folder")
        // The library's caller gets a public exception type with the one line, not Bakeoff's internal one.
        val busy = assertFailsWith<IllegalStateException> {
            Bakeoff.compare(CompareOptions(items = 4, out = api)) { it }
        }
        assertEquals(IllegalStateException::class, busy::class)
        assertContains(busy.message.orEmpty(), "another Bakeoff or JMH run is measuring on this machine")
        assertEquals(null, busy.cause)
        assertFalse(api.exists(), "a refused call made its folder")
    }

    @Test
    fun `the lock nests within one process and is released after`() {
        MachineLock.hold { MachineLock.hold { } }
        // Released: this JVM can take the file's lock itself now.
        FileChannel.open(MachineLock.file, StandardOpenOption.CREATE, StandardOpenOption.WRITE).use { channel ->
            channel.tryLock().use { assertEquals(true, it != null) }
        }
    }

    /** Runs [block] while a separate JVM holds [MachineLock.file]. */
    private fun whileHeld(block: () -> Unit) {
        val java = Paths.get(System.getProperty("java.home"), "bin", "java").toString()
        val cp = System.getProperty("java.class.path")
        val holder = ProcessBuilder(java, "-cp", cp, LockHolder::class.java.name, "${MachineLock.file}")
            .redirectErrorStream(true)
            .start()
        try {
            val said = holder.inputStream.bufferedReader().readLine()
            assertEquals("locked", said)
            block()
        } finally {
            holder.outputStream.close()
            holder.waitFor()
        }
    }
}

/** Holds the lock on the file named by its argument until its standard input closes. */
object LockHolder {
    @JvmStatic
    fun main(args: Array<String>) {
        FileChannel.open(Paths.get(args[0]), StandardOpenOption.CREATE, StandardOpenOption.WRITE).use { channel ->
            channel.lock().use {
                println("locked")
                System.out.flush()
                System.`in`.readBytes()
            }
        }
    }
}
