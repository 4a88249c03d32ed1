package dev.bakeoff.cli

import com.github.ajalt.mordant.terminal.Terminal
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.report.writeTo
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.io.path.createDirectories
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse

/**
 * Every path the CLI prints works from the directory the user ran it in (`bakeoff.cwd`, as the
 * launcher passes it), although the default results folders are made in the checkout (the JVM's
 * directory): relative below the user's directory, absolute elsewhere. In-process; nothing forks.
 */
class PrintedPathsTest {
    @TempDir
    lateinit var tmp: Path

    /** The checkout's default results root as a user standing elsewhere must be shown it. */
    private val checkoutResults: Path = ResultFiles.DEFAULT_ROOT.toAbsolutePath().normalize()

    @Test
    fun `a run's results line names the checkout's folder in full to a user standing elsewhere`() {
        val elsewhere = tmp.resolve("elsewhere").createDirectories()
        val text = withProperty("bakeoff.cwd", "$elsewhere") {
            Terminal(width = 220).renderRun(ResultsFixture.results(), Path.of("results", "x"), false, emptyList())
        }
        assertContains(text, "results: ${checkoutResults.resolve("x/results.json")}, results.csv")
    }

    @Test
    fun `in the checkout the same line stays relative`() {
        val text = withProperty("bakeoff.cwd", "${Path.of("").toAbsolutePath()}") {
            Terminal(width = 220).renderRun(ResultsFixture.results(), Path.of("results", "x"), false, emptyList())
        }
        assertContains(text, "results: results/x/results.json, results.csv")
    }

    @Test
    fun `check without CURRENT names the checkout's newest run in full from another folder`() {
        JsonReportFormat.writeTo(ResultsFixture.results(), tmp.resolve("base"))
        val (_, output) = withProperty("bakeoff.cwd", "$tmp") { cli("check", "base") }
        // Whether or not this checkout has a newest run, the line names it where it is, never as results/latest.
        assertContains(output, "${checkoutResults.resolve("latest")}")
        assertFalse(output.contains(" results/latest"), output)
        if (ResultFiles.latest() != null) assertContains(output, "against the baseline base/results.json")
    }

    @Test
    fun `report prints its page relative to the user's folder`() {
        JsonReportFormat.writeTo(ResultsFixture.results(), tmp.resolve("run"))
        val (code, output) = withProperty("bakeoff.cwd", "$tmp") { cli("report", "run/results.json") }
        assertEquals(0, code, output)
        assertEquals("report: run/report.html", output.trim())
    }
}
