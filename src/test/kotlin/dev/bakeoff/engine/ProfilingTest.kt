package dev.bakeoff.engine

import dev.bakeoff.engine.fork.AsyncProfilerLibrary
import dev.bakeoff.engine.fork.CellProfiler
import dev.bakeoff.engine.plan.Profile
import dev.bakeoff.engine.plan.ProfileMode
import dev.bakeoff.report.ReportTables
import dev.bakeoff.report.ResultsFixture
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** `--profile`'s pieces that need no profiled JVM: the library per platform, JMH's init line, collecting the file. */
class ProfilingTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `async-profiler's library is found for Linux on x64 and arm64 and for macOS, and nowhere else`() {
        assertEquals("linux-x64", AsyncProfilerLibrary.platform("Linux", "amd64"))
        assertEquals("linux-arm64", AsyncProfilerLibrary.platform("Linux", "aarch64"))
        assertEquals("macos", AsyncProfilerLibrary.platform("Mac OS X", "aarch64"))
        assertNull(AsyncProfilerLibrary.platform("Windows 11", "amd64"))
        assertNull(AsyncProfilerLibrary.platform("Linux", "riscv64"))
    }

    @Test
    fun `JMH is told the mode's event, a forward flame graph and where to write it`() {
        val line = CellProfiler(Profile(ProfileMode.LOCK)).initLine(tmp)
        assertTrue(Files.isRegularFile(Path.of(line.substringAfter("libPath=").substringBefore(";"))), line)
        assertContains(line, ";event=lock;output=flamegraph;direction=forward;dir=$tmp")
    }

    @Test
    fun `the check sees what async-profiler refuses in a JVM of this machine`() {
        val java = Path.of(System.getProperty("java.home"), "bin", "java")
        assertNull(AsyncProfilerLibrary.refusal(java, "wall"), "wall-clock sampling needs no kernel support")
        assertContains(AsyncProfilerLibrary.refusal(java, "no-such-event").orEmpty(), "[ERROR]")
    }

    @Test
    fun `the flame graph is moved next to the cell's log and JMH's folder removed`() {
        val dir = tmp.resolve("cell-001.profile")
        val trial = Files.createDirectories(dir.resolve("dev.bakeoff.engine.jmh.CellBenchmark.batch-AverageTime"))
        Files.writeString(trial.resolve("flame-wall-forward.html"), "<!DOCTYPE html>")
        val target = tmp.resolve("cell-001.flame-wall.html")
        assertEquals(target, CellProfiler(Profile(ProfileMode.WALL)).collect(dir, target))
        assertEquals("<!DOCTYPE html>", Files.readString(target))
        assertTrue(Files.notExists(dir))
        assertNull(CellProfiler(Profile(ProfileMode.WALL)).collect(dir, target), "no folder: the fork failed before profiling")
    }

    @Test
    fun `the report links only Bakeoff's own flame graph names`() {
        val cell = ResultsFixture.results().cells.first()
        assertEquals("cells/cell-007.flame-cpu.html", ReportTables.flameHref(cell.copy(profile = "cells/cell-007.flame-cpu.html")))
        for (hostile in listOf("javascript:alert(1)", "https://example.com/x.html", "../../etc/passwd", "cells/cell-1.flame-cpu.html")) {
            assertNull(ReportTables.flameHref(cell.copy(profile = hostile)), hostile)
        }
    }
}
