package dev.bakeoff.cli

import dev.bakeoff.engine.plan.LoadInput
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.readText
import kotlin.test.assertContains
import kotlin.test.assertEquals

/**
 * Issue 45, cause 11: input that used to be checked after something was measured, or not at all, is
 * one line and exit code 2 before anything runs. Each case that would measure when accepted is
 * a dry run, or has an --out that a run would refuse later, so that a regression is a wrong message,
 * never a measurement.
 */
class RefusedUpFrontTest {
    @TempDir
    lateinit var dir: Path

    private val cores = Runtime.getRuntime().availableProcessors()

    @Test
    fun `every cpus value of a sweep is checked as --cpus is, before the first cell`() {
        val sweep = arrayOf("sweep", "-w", "arithmetic", "-s", "direct", "--dry-run")
        assertUsageError(
            "invalid cpus '${cores + 1}' in --param or the suite; valid: a whole number from 1 to $cores",
            *sweep,
            "--param",
            "cpus=1,${cores + 1}",
        )
    }

    @Test
    fun `footprint --tasks is bounded by what a measured JVM can hold`() {
        val file = Files.writeString(dir.resolve("taken"), "x")
        assertUsageError(
            "invalid --tasks '1000,2147483647'; valid: at least two different whole numbers from 1 to 1000000",
            "footprint",
            "-s",
            "virtual-threads",
            "--tasks",
            "1000,2147483647",
            "-o",
            "$file",
        )
        assertEquals("x", file.readText())
    }

    @Test
    fun `a synthetic item of more than a minute of CPU is refused`() {
        assertUsageError(
            "invalid cpu-us '2147483647'; valid: a whole number from 0 to 60000000",
            "run",
            "-w",
            "synthetic:cpu-us=2147483647",
            "-s",
            "direct",
            "--dry-run",
        )
    }

    @Test
    fun `the durations --duration and --deadline list are the ones they accept`() {
        assertEquals(3_600_000_000_000L, LoadInput.duration("1h"))
        assertEquals(3_600_000_000_000L, MeasureOptions.parseDeadline("1h"))
        assertEquals(3_600_000_000_000L, MeasureOptions.parseDeadline("60m"))
        assertEquals(2_500_000_000L, LoadInput.duration("2.5s"))
        val tooLong = assertThrows<IllegalArgumentException> { LoadInput.duration("61m") }
        assertContains(tooLong.message.orEmpty(), "from 1ms to 1h")
        assertUsageError("valid: a duration from 1us to 1h", "run", "--deadline", "2h", "--dry-run")
    }
}
