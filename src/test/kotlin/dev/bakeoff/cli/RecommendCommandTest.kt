package dev.bakeoff.cli

import dev.bakeoff.model.WaitForm
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.report.writeTo
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupResult
import dev.bakeoff.result.GroupStatus
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** `bakeoff recommend`: the ranked prediction, the confirming measurement, `--from` and its input errors. */
class RecommendCommandTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `predicts a ranking with reasons and measures nothing with --no-confirm`() {
        val (code, output) = recordCliForTests("recommend", "--cpu-us", "10", "--wait-ms", "50", "--items", "1000", "--cpus", "2", "--no-confirm")
        assertEquals(0, code, output)
        assertContains(output, "Predicted for 1000 items of 10 µs CPU + 50 ms wait (blocking) on 2 cores")
        assertContains(output, "recommendation: virtual-threads (predicted")
        assertContains(output, "500 waves of 50.0 ms")
    }

    @Test
    fun `confirms the top picks by measuring them on the synthetic workload`() {
        val out = tmp.resolve("confirm")
        val (code, output) = recordCliForTests("recommend", "--cpu-us", "5", "--items", "20", "-s", "direct,executor-fixed-cpu,virtual-threads", "--top", "2", "--out", "$out")
        assertEquals(0, code, output)
        assertContains(output, "Measured (smoke preset)")
        assertContains(output, "recommendation: ")
        val results = JsonReportFormat.read(out.resolve("results.json"))
        assertTrue(results.cells.size in 2..3, "the top 2, plus direct as the baseline when it ranked lower")
        assertTrue(results.cells.all { it.status == CellStatus.OK && it.workload == "synthetic:cpu-us=5" && it.limitNs != null && it.efficiency != null }, results.cells.toString())
    }

    @Test
    fun `only a decided group confirms the model's pick, never a one-fork leader not told apart`() {
        fun decision(status: GroupStatus) = GroupResult(
            "synthetic:cpu-us=5", 20, WaitForm.BLOCKING, "direct", status,
            tiedWith = listOf("virtual-threads").takeIf { status != GroupStatus.DECIDED }.orEmpty(),
            margin = 0.05, winnerRuns = 5, reason = "not told apart",
        )
        val confirm = RecommendCommand.Companion::confirmation
        assertEquals(" (the model's pick, confirmed by measurement)", confirm("direct", "direct", decision(GroupStatus.DECIDED)))
        assertEquals(
            " (the model's pick, measured first but not confirmed); undecided with virtual-threads: not told apart",
            confirm("direct", "direct", decision(GroupStatus.UNDECIDED)),
        )
        assertEquals(" (measured fastest; the model predicted virtual-threads)", confirm("direct", "virtual-threads", decision(GroupStatus.DECIDED)))
        assertContains(confirm("direct", "virtual-threads", decision(GroupStatus.TIE)), "(measured first, not told apart; the model predicted virtual-threads); tie with")
    }

    @Test
    fun `ranks a measured run with --from`() {
        val file = JsonReportFormat.writeTo(ResultsFixture.results(), tmp)
        val (code, output) = recordCliForTests("recommend", "--from", "$file")
        assertEquals(0, code, output)
        assertContains(output, "lists, 100 items (blocking), measured:")
        // Only a decided group recommends one strategy; the lists cells are not told apart (5 runs each, 3% apart).
        assertContains(output, "recommendation for lists, 100 items (blocking): coroutine-default or executor-fixed-cpu (undecided: not told apart from")
        assertContains(output, "recommendation for network, 100 items (blocking): virtual-threads (decided: ahead of direct ×49.7")
    }

    @Test
    fun `bad input is one line and exit 2`() {
        fun usage(expected: String, vararg args: String) {
            val (code, output) = recordCliForTests("recommend", *args)
            assertEquals(2, code, output)
            assertContains(output, expected)
        }
        usage("describe the work with --cpu-us", "--wait-ms", "5")
        usage("--cpu-us or --wait-ms must be > 0", "--cpu-us", "0")
        usage("unknown strategy 'nope'", "--cpu-us", "5", "-s", "nope")
        usage("valid: blocking, suspending", "--cpu-us", "5", "--wait", "sometimes")
        usage("invalid value for --preset: unknown 'fast'; valid: smoke, quick, standard, rigorous", "--cpu-us", "5", "--preset", "fast")
        val notJson = tmp.resolve("x.json").also { Files.writeString(it, "{ nope") }
        usage("is not valid JSON", "--from", "$notJson")
    }
}
