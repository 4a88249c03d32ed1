package dev.bakeoff.cli

import dev.bakeoff.result.SelfCheckResults
import kotlinx.serialization.json.Json
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** `bakeoff selfcheck`'s output and file, by structure: three pairs, both sides measured, a ratio and its interval. Never the ratio's value. */
class SelfCheckCommandTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `three pairs, each with both sides, a ratio, an interval and a reading`() {
        val out = tmp.resolve("sc")
        val (code, output) = cli("selfcheck", "-p", "smoke", "--out", "$out")
        assertEquals(0, code, output)
        for (cell in listOf("direct x arithmetic (100)", "executor-fixed-cpu x arithmetic (100)", "virtual-threads x storage (100)")) {
            val row = output.lines().single { cell in it }
            // cell, Bakeoff time, plain time, ratio, interval, runs: six columns between bars.
            val columns = row.split('│').map { it.trim() }.filter { it.isNotEmpty() }
            assertEquals(6, columns.size, row)
            assertTrue(columns[4].contains('–'), "an interval: $row")
            assertEquals("3 / 3", columns[5], row)
        }
        assertEquals(3, output.lines().count { it.trimStart().matches(Regex("[a-z-]+ x [a-z]+: .*")) }, "one reading per pair:\n$output")
        val results = Json.decodeFromString(SelfCheckResults.serializer(), Files.readString(out.resolve("selfcheck.json")))
        assertEquals(3, results.pairs.size)
        for (p in results.pairs) {
            assertNull(p.error, p.error)
            assertEquals(3, p.bakeoffRuns.size)
            assertEquals(3, p.plainRuns.size)
            val (low, high) = assertNotNull(p.ciLow) to assertNotNull(p.ciHigh)
            assertTrue(low <= assertNotNull(p.ratio) && p.ratio!! <= high, "$p")
        }
    }
}
