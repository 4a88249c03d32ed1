package dev.bakeoff.report

import org.junit.jupiter.api.Test
import kotlin.test.assertEquals

class SweepsTest {
    @Test
    fun `finds a strategy parameter sweep and an item-count sweep, and nothing in a plain run`() {
        assertEquals(emptyList(), Sweeps.of(ResultsFixture.results().cells))
        val sweeps = Sweeps.of(ResultsFixture.withSweepsAndLimits().cells).associateBy { it.parameter }
        assertEquals(setOf("items per batch", "executor-fixed size"), sweeps.keys)
        val pool = sweeps.getValue("executor-fixed size")
        assertEquals(listOf("executor-fixed"), pool.lines.keys.toList())
        assertEquals(listOf(10.0, 100.0, 1000.0), pool.lines.getValue("executor-fixed").map { it.first })
        val items = sweeps.getValue("items per batch")
        assertEquals(mapOf("direct" to listOf(100.0, 1000.0)), items.lines.mapValues { (_, line) -> line.map { it.first } })
    }
}
