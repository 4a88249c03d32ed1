package dev.bakeoff.report

import dev.bakeoff.result.copy
import kotlin.test.Test
import kotlin.test.assertEquals

/** Load charts group load cells by their group (LoadKey's): a merged file's machines each get their own chart. */
class LoadChartsTest {
    @Test
    fun `the same load cells on two machines of a merged file are two charts, each with its own capacities`() {
        val run = LoadFixture.run()
        val merged = run.copy(
            load = listOf("aaaa1111", "bbbb2222").flatMap { m -> run.load.orEmpty().map { it.copy(machine = m) } },
            capacity = listOf("aaaa1111", "bbbb2222").flatMap { m -> run.capacity.orEmpty().map { it.copy(machine = m) } },
        )
        val charts = LoadCharts.of(merged)
        assertEquals(
            listOf("aaaa1111", "bbbb2222").map { "storage, 100 items (blocking) on machine $it: latency against throughput" },
            charts.map { it.title },
        )
        charts.forEach { assertEquals(run.capacity.orEmpty().map { it.explanation }, it.explanations) }
        assertEquals(listOf("storage, 100 items (blocking): latency against throughput"), LoadCharts.of(run).map { it.title })
    }
}
