package dev.bakeoff.engine

import dev.bakeoff.engine.link.EstimateReport
import dev.bakeoff.engine.link.ForkEntry
import dev.bakeoff.engine.link.ForkSettings
import dev.bakeoff.engine.link.ForkTimes
import dev.bakeoff.engine.link.LoadReport
import dev.bakeoff.engine.link.ReportChannel
import dev.bakeoff.result.CellStatus
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.lang.reflect.Modifier
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull

/**
 * The host–fork contract in `engine/link`: every entry class the host names exists with its entry point,
 * a report round-trips through its channel and a missing or cut-off one reads as none, and the stall
 * limit the host puts into the settings reaches the fork's side as computed.
 */
class LinkTest {
    @Test
    fun `every entry class the host names exists, with a main or JMH's batch`() {
        for (entry in ForkEntry.entries) {
            val type = Class.forName(entry.className, false, javaClass.classLoader)
            val benchmark = entry.name.endsWith("_BENCHMARK")
            val method = if (benchmark) {
                type.methods.singleOrNull { it.name == "batch" }
            } else {
                type.getMethod("main", Array<String>::class.java).takeIf { Modifier.isStatic(it.modifiers) }
            }
            assertNotNull(method, "$entry: ${entry.className} has no ${if (benchmark) "batch" else "static main"}")
        }
    }

    @Test
    fun `a report round-trips through its channel, and a missing or cut-off one reads as none`(@TempDir dir: Path) {
        val file = dir.resolve("cell-001.probe.json")
        assertNull(ReportChannel.LOAD.read(file), "no file: no report")
        val report = LoadReport(CellStatus.FAILED, "left alive: pool-1")
        ReportChannel.LOAD.write(file.toFile(), report)
        assertEquals(report, ReportChannel.LOAD.read(file))
        ReportChannel.ESTIMATE.write(file.toFile(), EstimateReport(nanos = 42))
        assertEquals(EstimateReport(nanos = 42), ReportChannel.ESTIMATE.read(file), "a write replaces the file")
        Files.writeString(file, Files.readString(file).dropLast(3))
        assertNull(ReportChannel.ESTIMATE.read(file), "a halt mid-write leaves no report")
        assertEquals("exited with status 3 before it reported", ReportChannel.unreported(3))
        assertEquals("exited before it reported", ReportChannel.unreported(null))
    }

    @Test
    fun `each fork appends its times, the host reads them in order, a line cut off is skipped`(@TempDir dir: Path) {
        val file = dir.resolve("cell-001.forks.jsonl")
        assertEquals(emptyList(), ForkTimes.read(file), "no file: no fork wrote times")
        val first = ForkTimes(1_000, 1_500_000, 10, 20, 30, 2, 40, 3, 50, 1_600_000, steadyAfter = 1)
        val second = first.copy(vmStartMs = 2_000, steadyAfter = null)
        ForkTimes.append(file.toFile(), first)
        ForkTimes.append(file.toFile(), second)
        assertEquals(listOf(first, second), ForkTimes.read(file))
        Files.writeString(file, Files.readString(file).dropLast(4))
        assertEquals(listOf(first), ForkTimes.read(file), "a halt mid-write loses that fork's line only")
        val settings = ForkSettings(null, traceWarmup = false, timesFile = file.toFile()).toProperties(null)
        try {
            settings.forEach { (k, v) -> System.setProperty(k, v) }
            assertEquals(file.toFile(), ForkSettings.fromSystemProperties().timesFile)
        } finally {
            settings.keys.forEach(System::clearProperty)
        }
    }

    @Test
    fun `the host computes the stall limit into the settings, and the fork reads it back`(@TempDir dir: Path) {
        val dump = dir.resolve("cell-001.threads.json").toFile()
        val short = ForkSettings(null, traceWarmup = false).watched(serialNanos = 1_000_000, dump)
        assertEquals(ForkSettings.STALL_FLOOR_MILLIS, short.stallMillis, "a short batch gets the floor")
        val long = ForkSettings(null, traceWarmup = false).watched(serialNanos = 5_000_000_000, dump)
        assertEquals(10_000L, long.stallMillis, "twice a long serial batch")
        val properties = long.toProperties(null)
        try {
            properties.forEach { (k, v) -> System.setProperty(k, v) }
            val read = ForkSettings.fromSystemProperties()
            assertEquals(10_000L, read.stallMillis)
            assertEquals(dump, read.threadDump)
        } finally {
            properties.keys.forEach(System::clearProperty)
        }
    }
}
