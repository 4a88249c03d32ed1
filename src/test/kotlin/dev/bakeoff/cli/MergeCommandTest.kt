package dev.bakeoff.cli

import com.github.ajalt.clikt.core.context
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.mordant.terminal.Terminal
import com.github.ajalt.mordant.terminal.TerminalRecorder
import dev.bakeoff.model.Family
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.report.writeTo
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.FootprintResult
import dev.bakeoff.result.Machine
import dev.bakeoff.result.Results
import dev.bakeoff.result.Slope
import dev.bakeoff.result.copy
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.io.IOException
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/**
 * `bakeoff merge`, in-process: inputs relative to the user's directory, refused inputs and a
 * full disk as one line with exit 2 and nothing left behind, and a merged file that `compare`
 * takes for the machine it ran on.
 */
class MergeCommandTest {
    @TempDir
    lateinit var tmp: Path

    private val fixture = ResultsFixture.results()

    /** The fixture's first [n] cells, or the cells after them, as one shard's results directory. */
    private fun shard(dir: String, first: Boolean, n: Int = 4, edit: (Results) -> Results = { it }): Path {
        val cells = if (first) fixture.cells.take(n) else fixture.cells.drop(n)
        JsonReportFormat.writeTo(edit(fixture.copy(cells = cells, groups = null)), tmp.resolve(dir))
        return tmp.resolve(dir)
    }

    @Test
    fun `relative inputs and --out are the user's directory's, not the checkout's`() {
        shard("o/a", first = true)
        shard("o/b", first = false)
        val (code, output) = withProperty("bakeoff.cwd", "${tmp.resolve("o")}") {
            cli("merge", "a", "b/results.json", "--out", "m")
        }
        assertEquals(0, code, output)
        assertEquals(fixture.cells.size, JsonReportFormat.read(tmp.resolve("o/m/results.json")).cells.size)
    }

    @Test
    fun `footprint results are merged with their machines, and one strategy and depth twice on a machine conflicts`() {
        val row = FootprintResult("virtual-threads", Family("virtual"), 10, CellStatus.OK, heapBytesPerTask = Slope(1.1e3, 1e3, 1.2e3))
        fun footprint(dir: String, machine: Machine): Path {
            JsonReportFormat.writeTo(fixture.copy(cells = emptyList(), groups = null, machine = machine, footprint = listOf(row)), tmp.resolve(dir))
            return tmp.resolve(dir)
        }
        val a = footprint("fa", fixture.machine)
        val b = footprint("fb", fixture.machine.copy(hostCores = fixture.machine.hostCores + 2))
        val (code, output) = cli("merge", "$a", "$b", "--out", "${tmp.resolve("fm")}")
        assertEquals(0, code, output)
        assertContains(output, "and 2 footprint results on 2 machine(s)")
        val merged = JsonReportFormat.read(tmp.resolve("fm/results.json")).footprint.orEmpty()
        assertEquals(2, merged.mapNotNull { it.machine }.distinct().size, "$merged")
        assertContains(Files.readString(tmp.resolve("fm/report.html")), "virtual-threads depth 10 on ")
        val twice = cli("merge", "$a", "${footprint("fc", fixture.machine)}", "--out", "${tmp.resolve("fn")}")
        assertEquals(2, twice.first, twice.second)
        assertContains(twice.second, "two results for footprint of virtual-threads at depth 10 on machine")
    }

    @Test
    fun `shards of another Bakeoff version are one line naming both versions, and no folder is made`() {
        val a = shard("a", first = true)
        val b = shard("b", first = false) { it.copy(bakeoffVersion = "9.9.9") }
        val out = tmp.resolve("merged")
        val line = "$a has Bakeoff version 0.1.0-test and $b Bakeoff version 9.9.9"
        assertUsageError(line, "merge", "$a", "$b", "--out", "$out")
        assertFalse(Files.exists(out))
    }

    @Test
    fun `shards of another preset are one line naming both presets`() {
        val a = shard("a", first = true)
        val b = shard("b", first = false) { it.copy(preset = it.preset.copy(id = "smoke")) }
        assertUsageError("has preset quick and $b preset smoke", "merge", "$a", "$b", "--out", "${tmp.resolve("m")}")
    }

    @Test
    fun `a full disk while merging is one line, and leaves neither files nor the folder`() {
        val a = shard("a", first = true)
        val b = shard("b", first = false)
        val out = tmp.resolve("merged")
        var writes = 0
        // results.json fits; the disk is full for the files after it.
        val command = MergeCommand { file, text ->
            if (++writes > 1) throw IOException("No space left on device") else Files.writeString(file, text)
        }
        val recorder = TerminalRecorder(width = 250)
        val terminal = Terminal(terminalInterface = recorder)
        val code = runCli(arrayOf("$a", "$b", "--out", "$out"), command.context { this.terminal = terminal })
        val output = recorder.output()
        assertEquals(2, code, output)
        assertEquals(1, output.trim().lines().size, output)
        assertContains(output, "could not write the merged results to $out (IOException: No space left on device)")
        assertContains(output, "nothing was written")
        assertFalse(Files.exists(out), "the merge left ${out.toFile().list()?.toList()}")
    }

    @Test
    fun `compare takes a merged file for the machine it ran on, whatever its harness figure`() {
        val a = shard("a", first = true)
        val b = shard("b", first = false)
        val merged = tmp.resolve("merged")
        assertEquals(0, cli("merge", "$a", "$b", "--out", "$merged").first)
        val measuredAgain = fixture.copy(machine = fixture.machine.copy(harnessNsPerItem = 42.0))
        val plain = JsonReportFormat.writeTo(measuredAgain, tmp.resolve("plain"))
        val (code, output) = cli("compare", "$plain", "${merged.resolve("results.json")}")
        assertEquals(0, code, output)
        assertFalse("different machines" in output, output)
        assertTrue(Files.isRegularFile(merged.resolve("compare.html")))
    }
}

/** Runs [block] with the system property [name] set to [value], then restores it. */
internal fun <T> withProperty(name: String, value: String, block: () -> T): T {
    val previous = System.getProperty(name)
    System.setProperty(name, value)
    try {
        return block()
    } finally {
        if (previous == null) System.clearProperty(name) else System.setProperty(name, previous)
    }
}
