package dev.bakeoff.cli

import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.report.writeTo
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.createDirectories
import kotlin.test.assertEquals
import kotlin.test.assertFalse

/**
 * No command writes results into the checkout's `src` or `target` (`bakeoff.home`, as the launcher
 * passes it): every `--out` there is one line with exit 2 before anything is measured or made.
 */
class OutInCheckoutTest {
    @TempDir
    lateinit var tmp: Path

    private val home: Path get() = tmp.resolve("checkout")

    private fun refused(out: String, vararg args: String) = withProperty("bakeoff.home", "$home") {
        withProperty("bakeoff.cwd", "$home") {
            assertUsageError("is inside Bakeoff's own", *args, "--out", out)
        }
    }

    @Test
    fun `every command with --out refuses the checkout's src and target`() {
        home.resolve("src/main/resources").createDirectories()
        val json = JsonReportFormat.writeTo(ResultsFixture.results(), tmp.resolve("run"))
        refused("src/main/resources/x", "run", "-w", "arithmetic", "-s", "direct", "--dry-run")
        refused("target/x", "sweep", "-s", "executor-fixed", "-w", "arithmetic", "--param", "size=1,2", "--dry-run")
        refused("src/x", "scenario", "file-sender", "-s", "direct", "--dry-run")
        refused("src/x", "merge", "$json")
        refused("src/x", "compare", "$json", "$json")
        refused("src/x", "recommend", "--cpu-us", "5", "-s", "direct")
        refused("src/x", "selfcheck")
        assertFalse(Files.exists(home.resolve("src/x")))
        assertFalse(Files.exists(home.resolve("src/main/resources/x")))
    }

    @Test
    fun `a link that leads into the sources is refused too, and the checkout's other folders are allowed`() {
        home.resolve("src").createDirectories()
        Files.createSymbolicLink(tmp.resolve("link"), home.resolve("src"))
        refused("${tmp.resolve("link/x")}", "run", "-w", "arithmetic", "-s", "direct", "--dry-run")
        val (code, output) = withProperty("bakeoff.home", "$home") {
            cli("run", "-w", "arithmetic", "-s", "direct", "--dry-run", "--out", "${home.resolve("results/x")}")
        }
        assertEquals(0, code, output)
    }
}
