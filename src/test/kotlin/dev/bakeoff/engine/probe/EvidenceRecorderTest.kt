package dev.bakeoff.engine.probe

import dev.bakeoff.engine.cell.Cell
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.model.RunContext
import dev.bakeoff.result.Evidence
import org.junit.jupiter.api.Test
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * The evidence of real batches in this JVM, recorded with JFR and `/proc` as the measured JVM
 * records it: counts of events a workload must cause (a pinned wait, a contended monitor enter, a
 * collection, a sleep's context switch), never a duration.
 */
class EvidenceRecorderTest {
    private val linux = File("/proc/self/task").isDirectory

    /** One window of [batches] batches of a real cell, with real waits. */
    private fun record(strategy: String, workload: String, items: Int, batches: Int = 1, inside: () -> Unit = {}): Evidence {
        EvidenceRecorder(Runtime.getRuntime().availableProcessors()).use { recorder ->
            Cell(CellSpec.parse(strategy, workload, items, "blocking"), RunContext()).use { cell ->
                cell.open()
                cell.runBatch()
                cell.verify()
                recorder.start()
                repeat(batches) { cell.runBatch() }
                inside()
                recorder.stop(batches)
                cell.verify()
            }
            return assertNotNull(recorder.evidence())
        }
    }

    @Test
    fun `a virtual thread sleeping inside synchronized is pinned before JDK 24 and not after`() {
        val e = record("virtual-threads", "pinning:ms=5", items = 8)
        val pinned = assertNotNull(e.pinned, "JFR counted pinned events: ${e.unavailable}")
        if (Runtime.version().feature() >= 24) {
            assertEquals(0.0, pinned.count, "JEP 491: a virtual thread unmounts inside synchronized")
        } else {
            assertTrue(pinned.count >= 8, "every item's sleep pinned its carrier: $pinned")
        }
    }

    @Test
    fun `platform threads queueing for one shared monitor are contended enters`() {
        val e = record("executor-fixed-100", "contended:ms=2", items = 8)
        // Eight threads at once for a lock each holds for 2 ms: at least one of them found it taken.
        assertTrue(assertNotNull(e.monitorEnters).count >= 1, "${e.monitorEnters}")
        assertTrue(e.monitorEnters!!.totalNs > 0)
        assertEquals(0.0, assertNotNull(e.pinned).count, "no virtual thread ran")
    }

    @Test
    fun `a collection inside the window is counted with its pauses, and figures are per batch`() {
        val e = record("direct", "arithmetic", items = 10, batches = 4) { System.gc() }
        assertEquals(4, e.batches)
        val gc = assertNotNull(e.gcPauses)
        // One collection over four batches: a quarter per batch.
        assertTrue(gc.count >= 0.25, "$gc")
        assertTrue(gc.totalNs > 0 && assertNotNull(e.gcShare) > 0)
        assertTrue(e.wallNs > 0)
    }

    @Test
    fun `sleeping items switch threads voluntarily and the CPU figure is a share of the cores`() {
        val e = record("direct", "io-sleep:ms=2", items = 5)
        val cpu = assertNotNull(e.cpuUtilisation)
        assertTrue(cpu >= 0 && cpu.isFinite(), "$cpu")
        if (linux) {
            // Each sleep gives up the core: at least one voluntary switch per item.
            assertTrue(assertNotNull(e.voluntarySwitches) >= 5, "${e.voluntarySwitches}")
            assertNotNull(e.involuntarySwitches)
            assertNull(e.unavailable)
        } else {
            assertNull(e.voluntarySwitches)
        }
        assertEquals(0.0, e.threadsEnded, "direct starts no thread")
    }

    @Test
    fun `threads that start and end inside a batch are counted as ended, their switches being lost`() {
        val e = record("thread-per-task", "io-sleep:ms=1", items = 6)
        assertTrue(assertNotNull(e.threadsEnded) >= 6, "${e.threadsEnded}")
    }

    @Test
    fun `no window, no evidence`() {
        EvidenceRecorder(2).use { assertNull(it.evidence()) }
    }

    @Test
    fun `context switches are summed per thread since the window opened, a new or reused thread id from zero`() {
        val start = ProcessSample(0, 0, live = 2, started = 10, mapOf(1L to Switches(5, 1), 2L to Switches(100, 7)))
        // Thread 1 switched 3 + 1 more times; thread 2 ended and its id came back with lower counts; thread 3 is new.
        val end = ProcessSample(9, 0, live = 3, started = 13, mapOf(1L to Switches(8, 2), 2L to Switches(4, 0), 3L to Switches(6, 2)))
        assertEquals(Switches(3 + 4 + 6, 1 + 0 + 2), end.switchesSince(start))
        // Three started, one more live: two ended.
        assertEquals(2, end.endedSince(start))
        assertNull(end.switchesSince(ProcessSample(0, 0, 2, 10, null)), "no /proc at the start: no figure")
    }
}
