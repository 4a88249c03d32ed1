package dev.bakeoff.cli

import dev.bakeoff.result.Results
import dev.bakeoff.result.SelfCheckResults
import kotlinx.serialization.json.Json
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * `bakeoff selfcheck`'s output and file, by structure: five pairs, both sides measured fork by fork,
 * a ratio and its interval over forks, the forks a side, the bare JVM's runs. Never the ratio's value.
 */
class SelfCheckCommandTest {
    @TempDir
    lateinit var tmp: Path

    private val cells = listOf(
        "direct x arithmetic (100)",
        "executor-fixed-cpu x arithmetic (100)",
        "executor-fixed-100 x arithmetic (100)",
        "virtual-threads x arithmetic (100)",
        "virtual-threads x storage (100)",
    )

    @Test
    fun `five pairs, each with forks a side, a ratio, an interval over forks, a bare run and a reading`() {
        val out = tmp.resolve("sc")
        val (code, output) = cli("selfcheck", "-p", "smoke", "--max-forks", "2", "--out", "$out")
        assertEquals(0, code, output)
        for (cell in cells) {
            val row = output.lines().single { cell in it }
            // cell, Bakeoff, plain, ratio, interval, forks, bare: seven columns between bars.
            val columns = row.split('│').map { it.trim() }.filter { it.isNotEmpty() }
            assertEquals(7, columns.size, row)
            assertTrue(columns[4].contains('–'), "an interval: $row")
            assertEquals("2", columns[5], row)
            assertTrue(columns[6] != "–", "the bare JVM measured: $row")
        }
        val readings = output.lines().filter { it.trimStart().matches(Regex("[a-z0-9-]+ x [a-z]+: .*")) }
        assertEquals(5, readings.size, "one reading per pair:\n$output")
        readings.forEach { assertContains(it, "after 2 forks a side") }
        val json = Files.readString(out.resolve("selfcheck.json"))
        val results = Json.decodeFromString(SelfCheckResults.serializer(), json)
        assertEquals(cells.map { it.substringBefore(" (") }, results.pairs.map { "${it.strategy} x ${it.workload}" })
        for (p in results.pairs) {
            assertNull(p.error, p.error)
            assertNull(p.bareError, p.bareError)
            assertEquals(2, p.forks)
            // One JVM per fork a side, each with the smoke plan's 3 runs; the bare JVM one fork of 3.
            assertEquals(listOf(3, 3), p.bakeoffForks.map { it.size })
            assertEquals(listOf(3, 3), p.plainForks.map { it.size })
            assertEquals(3, p.bareRuns.size)
            val (low, high) = assertNotNull(p.ciLow) to assertNotNull(p.ciHigh)
            assertTrue(low <= assertNotNull(p.ratio) && p.ratio!! <= high, "$p")
        }
    }

    @Test
    fun `-s and -w that match no pair are one line that lists the pairs`() {
        assertUsageError(
            "no selfcheck pair matches -s/-w; the pairs: ${cells.joinToString { it.substringBefore(" (") }}",
            "selfcheck",
            "-s",
            "direct",
            "-w",
            "storage",
        )
    }

    @Test
    fun `a name no pair has is one line, not a quietly shorter check`() {
        val pairs = cells.joinToString { it.substringBefore(" (") }
        assertUsageError("no selfcheck pair has nope; the pairs: $pairs", "selfcheck", "-s", "direct,nope")
        assertUsageError("no selfcheck pair has lists; the pairs: $pairs", "selfcheck", "-w", "lists")
    }

    @Test
    fun `--max-forks below two is one line`() {
        assertUsageError("invalid --max-forks '1'; valid: a whole number from 2 to 50", "selfcheck", "--max-forks", "1")
    }

    @Test
    fun `--aa races one strategy under two names and prints the outcome, never a winner`() {
        val out = tmp.resolve("aa")
        val (code, output) = cli("selfcheck", "--aa", "--out", "$out")
        val cores = Runtime.getRuntime().availableProcessors()
        val line = output.lines().single { it.startsWith("A/A: ") }
        assertContains(line, "executor-fixed-cpu and executor-fixed:size=$cores are the same code")
        // Exit code 1 only when the rule told them apart, and then the line says so.
        assertEquals(if ("false positive" in line) 1 else 0, code, output)
        for (word in listOf("winner", "ahead", "wins")) assertTrue(word !in output, "'$word' in:\n$output")
        val results = Json { ignoreUnknownKeys = true }
            .decodeFromString(Results.serializer(), Files.readString(out.resolve("results.json")))
        assertEquals(listOf("executor-fixed-cpu", "executor-fixed:size=$cores"), results.cells.map { it.strategy })
        assertEquals("race", results.preset.id)
        assertEquals(1, results.groups?.size)
    }
}
