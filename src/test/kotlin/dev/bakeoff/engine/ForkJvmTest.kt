package dev.bakeoff.engine

import dev.bakeoff.engine.fork.ForkJvm
import dev.bakeoff.engine.plan.RunOptions
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.attribute.FileTime
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotEquals
import kotlin.test.assertNull

/** The forks' class-data-sharing archive: one per JDK and exact set of jars, none for class directories. */
class ForkJvmTest {
    @TempDir
    lateinit var tmp: Path

    private val home = Path.of("/jdk")

    private fun jar(name: String, bytes: Int) = tmp.resolve(name).also { Files.write(it, ByteArray(bytes)) }.toString()

    @Test
    fun `a rebuilt jar gets a new archive, an unchanged classpath the same one`() {
        val app = jar("app.jar", 10)
        val lib = jar("lib.jar", 20)
        val first = ForkJvm.cdsArchive(listOf(app, lib), home, tmp)
        assertEquals(first, ForkJvm.cdsArchive(listOf(app, lib), home, tmp))
        // The JVM refuses an archive whose jars changed and writes no new one over it: the name must change.
        Files.write(Path.of(app), ByteArray(11))
        val rebuilt = ForkJvm.cdsArchive(listOf(app, lib), home, tmp)
        assertNotEquals(first, rebuilt)
        Files.setLastModifiedTime(Path.of(lib), FileTime.fromMillis(0))
        assertNotEquals(rebuilt, ForkJvm.cdsArchive(listOf(app, lib), home, tmp))
        assertNotEquals(rebuilt, ForkJvm.cdsArchive(listOf(app, lib), Path.of("/other-jdk"), tmp))
    }

    @Test
    fun `a class directory on the classpath means no archive`() {
        val classes = Files.createDirectory(tmp.resolve("classes")).toString()
        assertNull(ForkJvm.cdsArchive(listOf(jar("app.jar", 10), classes), home, tmp))
    }

    @Test
    fun `a cell's JVM gets the run's deadline, Bakeoff's own cost never`() {
        val jvm = ForkJvm(RunOptions(emptyList(), emptyList(), out = tmp, deadlineNanos = 2_000_000))
        val probe = tmp.resolve("probe.json")
        assertEquals(2_000_000, jvm.forkSettings(probe, traceWarmup = false).deadlineNanos)
        assertNull(jvm.forkSettings(probe, traceWarmup = false, deadline = false).deadlineNanos)
    }
}
