package dev.bakeoff.engine

import dev.bakeoff.engine.cell.CappedOutput
import dev.bakeoff.engine.fork.ProbeProcess
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.io.ByteArrayOutputStream
import java.nio.file.Path
import java.util.concurrent.atomic.AtomicLong
import kotlin.random.Random
import kotlin.test.assertEquals

/**
 * Nothing a JVM of Bakeoff's started outlives it (issue 30): a process left by a JVM that ended
 * without ending it (halted, killed) is ended by the host, and a measured JVM's output is capped.
 */
class ProbeProcessTest {
    @TempDir
    lateinit var dir: Path

    @Test
    fun `a process orphaned by the probe's end is ended with it`() {
        // A unique number: this test's sleep, and no other on the machine.
        val seconds = "${86_000 + Random.nextInt(1_000)}.${Random.nextInt(1_000_000)}"
        // The shell ends after the first sample, without ending its child, as a halted JVM would.
        val exit = ProbeProcess.run(listOf("sh", "-c", "sleep $seconds & sleep 3"), dir.resolve("log"), 60)
        assertEquals(0, exit)
        val left = ProcessHandle.allProcesses()
            .filter { it.info().commandLine().orElse("").endsWith("sleep $seconds") }
            .filter { it.isAlive }
            .toList()
        assertEquals(emptyList(), left.map { it.pid() })
    }

    @Test
    fun `output beyond the budget is dropped after one note`() {
        val sink = ByteArrayOutputStream()
        val left = AtomicLong(10)
        val out = CappedOutput(sink, left)
        out.write("12345678".toByteArray())
        out.write("abcd".toByteArray())
        out.write("zzzz".toByteArray())
        val text = sink.toString()
        assertEquals("12345678ab", text.substringBefore("\n"))
        assertEquals(1, Regex("output truncated").findAll(text).count(), text)
        assertEquals(false, "z" in text)
    }
}
