package dev.bakeoff.engine

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.engine.cell.NativeThreads
import dev.bakeoff.engine.fork.FootprintRunner
import dev.bakeoff.engine.link.FootprintReport
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.FootprintResult
import kotlinx.serialization.json.Json
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.io.path.readText
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * `bakeoff footprint`'s rows in their own JVMs at small counts: every task parks on the gate and ends
 * after it opens, no thread is left, the heap slope is positive, and a platform thread per task shows
 * in native memory tracking's `Thread` category. Structure and signs only, no byte values.
 */
class FootprintRunnerTest {
    @TempDir
    lateinit var out: Path

    private val options get() = RunOptions(strategies = emptyList(), workloads = emptyList(), out = out)

    private fun run(index: Int, spec: String, counts: List<Int>): Pair<FootprintResult, FootprintReport> {
        val result = FootprintRunner(options, out).run(index, Strategies.catalog.resolve(spec), DEPTH, counts)
        val file = out.resolve("cell-%03d.probe.json".format(index))
        val report = Json.decodeFromString(FootprintReport.serializer(), file.readText())
        return result to report
    }

    private fun assertParkedAndReleased(result: FootprintResult, report: FootprintReport) {
        assertEquals(CellStatus.OK, result.status, result.error)
        assertEquals(COUNTS, result.points.map { it.tasks })
        assertEquals(COUNTS.last(), report.parked, "every task parked on the gate")
        assertEquals(COUNTS.last(), report.released, "every task ended after the gate opened")
        assertEquals(emptyList(), report.threadsLeft)
        assertTrue(assertNotNull(result.heapBytesPerTask).value > 0, "${result.heapBytesPerTask}")
    }

    @Test
    fun `platform threads park, end, and show their stacks in native memory tracking`() {
        val (result, report) = run(1, "thread-per-task", COUNTS)
        assertParkedAndReleased(result, report)
        assertTrue(result.points.all { it.threadReservedBytes != null && it.threadCommittedBytes != null })
        assertTrue(result.points.last().platformThreads >= COUNTS.last())
        assertTrue(assertNotNull(result.threadReservedPerTask).value > 0, "${result.threadReservedPerTask}")
    }

    @Test
    fun `virtual threads and coroutines park and end without a platform thread each`() {
        for ((i, spec) in listOf("virtual-threads", "coroutine-default").withIndex()) {
            val (result, report) = run(i + 1, spec, COUNTS)
            assertParkedAndReleased(result, report)
            assertTrue(result.points.last().platformThreads < COUNTS.last(), "$spec: ${result.points}")
        }
    }

    @Test
    fun `a strategy without an open-loop form or that holds few tasks at once is not applicable`() {
        val (fixed, _) = run(1, "parallel-stream", COUNTS)
        assertEquals(CellStatus.SKIPPED, fixed.status)
        assertEquals("not applicable: IntStream.range(...).parallel() splits a fixed range of items", fixed.error)
        val (bounded, report) = run(2, "executor-fixed:size=4", COUNTS)
        assertEquals(CellStatus.SKIPPED, bounded.status, bounded.error)
        assertTrue(assertNotNull(bounded.error).startsWith("not applicable: it held 4 tasks waiting at once, not 100"))
        assertEquals(4, report.parked)
        assertEquals(COUNTS.first(), report.released, "the queued tasks run once the gate opens")
    }

    @Test
    fun `a row over the thread budget fails with the reason, and its JVM is halted`() {
        val result = FootprintRunner(options.copy(maxThreads = 150), out).run(1, Strategies.catalog.resolve("thread-per-task"), DEPTH, COUNTS)
        assertEquals(CellStatus.FAILED, result.status)
        assertContains(assertNotNull(result.error), "over the thread budget of 150")
    }

    @Test
    fun `the Thread category is read from a native memory summary`() {
        val summary = """
            -                    Thread (reserved=29458168, committed=1916664)
                                        (threads #28)
                                        (stack: reserved=29360128, committed=1818624, peak=1818624)
        """.trimIndent()
        assertEquals(NativeThreads(29458168, 1916664), NativeThreads.parse(summary))
        assertEquals(null, NativeThreads.parse("Native memory tracking is not enabled"))
    }

    private companion object {
        val COUNTS = listOf(100, 1_000)
        const val DEPTH = 5
    }
}
