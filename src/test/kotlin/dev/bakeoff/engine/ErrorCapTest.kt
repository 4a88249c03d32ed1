package dev.bakeoff.engine

import dev.bakeoff.engine.cell.CellProbe
import dev.bakeoff.engine.cell.LoadProbe
import dev.bakeoff.engine.link.ForkSettings
import dev.bakeoff.engine.link.InternalBakeoffApi
import dev.bakeoff.engine.link.ProbeReport
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.model.LedgerException
import dev.bakeoff.result.CellStatus
import kotlinx.serialization.json.Json
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.io.path.readText
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * Issue 45, cause 11: a task's exception message of megabytes is capped where it becomes an error text, so
 * the console and the results files get a few lines of it, as the task's own output is capped.
 */
@OptIn(InternalBakeoffApi::class)
class ErrorCapTest {
    @TempDir
    lateinit var dir: Path

    @Test
    fun `a 4 MB exception message is stored as its first lines and a note`() {
        val out = dir.resolve("probe.json")
        val probe = CellProbe(CellSpec.parse("direct", "arithmetic", 10, "blocking"), ForkSettings(out.toFile(), false))
        probe.failed(IllegalStateException("x".repeat(4_000_000)))
        val report = Json.decodeFromString(ProbeReport.serializer(), out.readText())
        assertEquals(CellStatus.FAILED, report.status)
        val error = report.error.orEmpty()
        assertTrue(error.length < 2_200, "${error.length} characters")
        assertContains(error, "IllegalStateException: xxx")
        assertContains(error, "more characters; the cell's log has them all")
    }

    @Test
    fun `a load JVM caps the message as a cell's does`() {
        val load = LoadProbe.failed(IllegalStateException("x".repeat(4_000_000)))
        assertEquals(CellStatus.FAILED, load.status)
        assertTrue(load.error.orEmpty().length < 2_200, "load: ${load.error.orEmpty().length} characters")
        val broken = LoadProbe.failed(LedgerException("y".repeat(4_000_000)))
        assertEquals(CellStatus.BROKEN, broken.status)
        assertTrue(broken.error.orEmpty().length < 2_200, "broken load: ${broken.error.orEmpty().length} characters")
    }
}
