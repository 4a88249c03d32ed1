package dev.bakeoff.engine

import dev.bakeoff.engine.jmh.selfcheck.DirectArithmeticBenchmark
import dev.bakeoff.engine.selfcheck.BareJmh
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.PlanMode
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.channels.FileChannel
import java.nio.channels.OverlappingFileLockException
import java.nio.file.Path
import java.nio.file.Paths
import java.nio.file.StandardOpenOption
import kotlin.test.assertEquals

/** `selfcheck`'s bare JMH run measures while the run that starts it holds the machine (JMH's own lock). */
class BareJmhTest {
    @Test
    fun `a bare JMH run measures while JMH's lock is held, as a selfcheck run holds it`(@TempDir dir: Path) {
        val jmhLock = Paths.get(System.getProperty("java.io.tmpdir"), "jmh.lock")
        FileChannel.open(jmhLock, StandardOpenOption.CREATE, StandardOpenOption.WRITE).use { channel ->
            // Null when another process holds it already: the case under test all the same.
            val lock = try {
                channel.tryLock()
            } catch (_: OverlappingFileLockException) {
                null
            }
            try {
                val plan = MeasurementPlan(PlanMode.AVERAGE_TIME, 1, 1, 2, 100, "test")
                val runs = BareJmh.run(DirectArithmeticBenchmark::class.java, plan, dir.resolve("bare"), 120)
                assertEquals(2, runs.getOrThrow().size)
            } finally {
                lock?.release()
            }
        }
    }
}
