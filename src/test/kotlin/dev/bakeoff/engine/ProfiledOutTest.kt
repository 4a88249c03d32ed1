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
        val cell = arrayOf("-w", "arithmetic", "-s", "direct", "-p", "smoke")
        val (code, output) = cli("run", *cell, "--profile", "wall", "--out", "$out")
        assertEquals(0, code, output)
        val result = JsonReportFormat.read(out.resolve("results.json")).cells.single()
        assertEquals(CellStatus.OK, result.status, result.error)
        assertEquals("cells/cell-001.flame-wall.html", result.profile)
        val flame = Files.readString(out.resolve(result.profile!!)).lowercase()
        assertTrue("wall" in flame, "not a wall-clock flame graph")
    }
}
