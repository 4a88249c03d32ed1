package dev.bakeoff.cli

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.exists
import kotlin.test.assertEquals
import kotlin.test.assertFalse

/**
 * Issue 45, cause 12: an option that contradicts the others, or does not apply, is refused in one line
 * with exit code 2 before anything runs, never silently ignored. Each case that would measure when
 * accepted is a dry run, or has an --out that a run would refuse later, so that a regression is a wrong
 * message, never a measurement.
 */
class IgnoredOptionsTest {
    @TempDir
    lateinit var dir: Path

    @Test
    fun `--cpus beside cells that set their own cores is refused`() {
        assertUsageError(
            "--cpus 1: these cells set their own cores (cpus=1,2",
            "run",
            "--suite",
            "hazards",
            "--cpus",
            "1",
            "--dry-run",
        )
        assertUsageError(
            "drop --cpus",
            "sweep",
            "-w",
            "arithmetic",
            "-s",
            "direct",
            "--param",
            "cpus=1",
            "--cpus",
            "1",
            "--dry-run",
        )
    }

    @Test
    fun `a --wait form a workload has no form of is refused, naming the workloads`() {
        val run = arrayOf("run", "-s", "virtual-threads", "--dry-run")
        assertUsageError(
            "--wait suspending: hazard-self-wait has no suspending form (only blocking)",
            *run,
            "-w",
            "arithmetic,hazard-self-wait",
            "--wait",
            "suspending",
        )
        assertUsageError("hazard-self-wait has no suspending form", *run, "-w", "hazard-self-wait", "--wait", "both")
        // A workload of CPU work has no wait form at all: either form is the same work, and stays accepted.
        val (code, output) = cli(*run, "-w", "arithmetic", "--wait", "suspending")
        assertEquals(0, code, output)
    }

    @Test
    fun `selfcheck --aa refuses the options it would ignore`() {
        // A file as --out: were the options accepted, the run would stop at the --out check, not measure.
        val file = Files.writeString(dir.resolve("taken"), "x")
        for (option in listOf(arrayOf("-s", "direct"), arrayOf("-p", "quick"), arrayOf("--max-forks", "3"))) {
            assertUsageError(
                "--aa races its own two strategies as a run races a group; drop ${
                    mapOf("-s" to "--strategy", "-p" to "--preset", "--max-forks" to "--max-forks")[option[0]]
                }",
                "selfcheck",
                "--aa",
                *option,
                "-o",
                "$file",
            )
        }
    }

    @Test
    fun `recommend --from refuses the options it would ignore`() {
        val missing = dir.resolve("missing.json")
        for (option in listOf(
            arrayOf("--cpu-us", "100"),
            arrayOf("--top", "2"),
            arrayOf("--out", "${dir.resolve("o")}"),
            arrayOf("--force"),
        )) {
            assertUsageError(
                "--from ranks a measured run as it was measured; drop ${option[0]}",
                "recommend",
                "--from",
                "$missing",
                *option,
            )
        }
        assertFalse(dir.resolve("o").exists())
    }
}
