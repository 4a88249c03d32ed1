package dev.bakeoff.engine

import dev.bakeoff.cli.cli
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.result.CellStatus
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * `--profile` with an `--out` holding the separators of JMH's and async-profiler's option strings
 * (`;` and `,`): the path never reaches them, so the cell is profiled as any other. One real,
 * small profiled cell.
 */
class ProfiledOutTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `an --out holding semicolons and commas profiles its cells like any other`() {
        val out = tmp.resolve("x;event=lock,interval=1")
        val (code, output) = cli("run", "-w", "arithmetic", "-s", "direct", "-p", "smoke", "--profile", "wall", "--out", "$out")
        assertEquals(0, code, output)
        val cell = JsonReportFormat.read(out.resolve("results.json")).cells.single()
        assertEquals(CellStatus.OK, cell.status, cell.error)
        assertEquals("cells/cell-001.flame-wall.html", cell.profile)
        assertTrue("wall" in Files.readString(out.resolve(cell.profile!!)).lowercase(), "not a wall-clock flame graph")
    }
}
