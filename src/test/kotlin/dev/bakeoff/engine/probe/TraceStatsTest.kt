package dev.bakeoff.engine.probe

import dev.bakeoff.model.ItemTrace
import dev.bakeoff.result.PerThread
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals

/** The figures of a traced batch whose deadline passed before the strategy started any item. */
class TraceStatsTest {
    @Test
    fun `a batch in which no item started spreads over no thread, instead of failing its cell`() {
        val none = ItemTrace(4)
        assertEquals(PerThread(0, 0, 0.0, 0), TraceStats.perThread(none))
        assertEquals(0, TraceStats.tasks(none).completed)
        assertEquals(0L, TraceStats.latency(listOf(none)).run.p50)
    }
}
