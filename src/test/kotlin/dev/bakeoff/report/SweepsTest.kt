package dev.bakeoff.report

import org.junit.jupiter.api.Test
import kotlin.test.assertEquals

class SweepsTest {
    @Test
    fun `finds a strategy parameter sweep and an item-count sweep, and nothing in a plain run`() {
        assertEquals(emptyList(), Sweeps.of(ResultsFixture.results().cells))
        val sweeps = Sweeps.of(ResultsFixture.withSweepsAndLimits().cells).associateBy { it.parameter }
        assertEquals(setOf("items per batch", "size"), sweeps.keys)
        val pool = sweeps.getValue("size")
        assertEquals("io-sleep, 1000 items: time against size", pool.title)
        assertEquals(listOf("executor-fixed"), pool.lines.keys.toList())
        assertEquals(listOf(10.0, 100.0, 1000.0), pool.lines.getValue("executor-fixed").map { it.first })
        val items = sweeps.getValue("items per batch")
        assertEquals(mapOf("direct" to listOf(100.0, 1000.0)), items.lines.mapValues { (_, line) -> line.map { it.first } })
    }

    @Test
    fun `a sweep comes from the cells' sweep points, not from their specs, and both reports find the same curves`() {
        val run = ResultsFixture.withSweepsAndLimits()
        assertEquals(emptyList(), Sweeps.of(run.cells.map { it.copy(sweep = null) }))
        val tables = SweepReport.of(run).map { it.title }
        assertEquals(listOf("curve: items on lists", "curve: size on io-sleep, 1000 items"), tables)
        val charts = Sweeps.of(run.cells).map { it.title }
        assertEquals(listOf("lists: time against items per batch", "io-sleep, 1000 items: time against size"), charts)
    }
}
