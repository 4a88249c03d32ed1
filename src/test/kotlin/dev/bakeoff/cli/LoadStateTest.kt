package dev.bakeoff.cli

import dev.bakeoff.api.compileOutsideTask
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.result.CellStatus
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.io.path.exists
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * `bakeoff load` of what issue 45 (cause 7) found it could not take, each cell in a JVM of its own: a failure
 * workload (its failing arrivals reported failed, the strategy not "broken"), order-status past one pass over its
 * orders, and a user's task from `--classpath`, whose wrong name is one line and exit code 2 before anything runs.
 */
class LoadStateTest {
    @TempDir
    lateinit var dir: Path

    private fun load(vararg args: String): Pair<Int, String> =
        cli("load", "-s", "executor-fixed:size=4", "--rate", "400/s", "--duration", "300ms", "--arrival", "uniform", "-n", "10", *args)

    private fun cellOf(out: Path) = assertNotNull(JsonReportFormat.read(out.resolve("results.json")).load).single()

    @Test
    fun `a failure workload's failing arrivals are failed items, not a broken strategy`() {
        val out = dir.resolve("fail")
        val (code, output) = load("-w", "fail-at:item=3:work=storage", "-o", "$out")
        assertEquals(0, code, output)
        val cell = cellOf(out)
        assertEquals(CellStatus.OK, cell.status, cell.error)
        assertTrue(assertNotNull(cell.figures).failed > 0, "the failing arrivals are counted as failed")
    }

    @Test
    fun `order-status keeps running after one pass over its orders`() {
        val out = dir.resolve("orders")
        val (code, output) = cli("load", "-s", "executor-fixed:size=8", "--scenario", "order-status:call-ms=1", "-n", "10", "--rate", "400/s", "--duration", "300ms", "-o", "$out")
        assertEquals(0, code, output)
        val cell = cellOf(out)
        assertEquals(CellStatus.OK, cell.status, cell.error)
        assertTrue(assertNotNull(cell.figures).completed > 10, "more arrivals than orders")
    }

    @Test
    fun `a user's task runs from --classpath, and a wrong one is refused before anything runs`() {
        val out = dir.resolve("task")
        val classes = compileOutsideTask(dir)
        val (code, output) = load("-w", "task:class=outside.Doubler", "--classpath", "$classes", "-o", "$out")
        assertEquals(0, code, output)
        assertEquals(CellStatus.OK, cellOf(out).status, cellOf(out).error)

        val bad = dir.resolve("bad")
        val (badCode, badOutput) = load("-w", "task:class=com.example.Nope", "--classpath", "$classes", "-o", "$bad")
        assertEquals(2, badCode, badOutput)
        assertContains(badOutput, "task class 'com.example.Nope' not found on the classpath")
        assertEquals(1, badOutput.trim().lines().size, badOutput)
        assertFalse(bad.exists(), "nothing created before the refusal")
    }
}
