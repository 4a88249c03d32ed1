package dev.bakeoff.engine

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.plan.Grid
import dev.bakeoff.engine.plan.Suites
import dev.bakeoff.engine.plan.Sweep
import dev.bakeoff.model.CatalogException
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.SweepPoint
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNull

/** Parsing `--param` and expanding a sweep into cells: values, geometric ranges, which specs take the key, errors. */
class SweepTest {
    private fun cells(sweep: String, strategies: String, workloads: String = "arithmetic") =
        Grid.parse(sweep.split(' ')).cells(Strategies.catalog.resolveList(strategies), Workloads.catalog.resolveList(workloads), 100, WaitForm.BLOCKING)

    @Test
    fun `a list of values keeps its order`() {
        assertEquals(Sweep("concurrency", listOf("16", "50", "100", "200", "500")), Sweep.parse("concurrency=16,50,100,200,500"))
        assertEquals(Sweep("dispatcher", listOf("io", "default")), Sweep.parse("dispatcher=io, default"))
    }

    @Test
    fun `a geometric range runs from FROM by FACTOR up to TO`() {
        assertEquals(listOf("10", "100", "1000"), Sweep.parse("items=10..1000x10").values)
        assertEquals(listOf("16", "32", "64", "128", "256", "512"), Sweep.parse("size=16..600x2").values)
        assertEquals(listOf("1000", "10000", "100000", "1000000"), Sweep.parse("items=1000..1000000x10").values)
        assertEquals(listOf("2", "3", "5", "7"), Sweep.parse("size=2..8x1.5").values)
    }

    @Test
    fun `malformed parameters name the valid forms`() {
        for (bad in listOf("items", "=1,2", "items=", "items=1,,2", "items=10..5x10", "items=1..10x1", "items=0..10x2", "items=10..1000", "Size=1,2")) {
            val e = assertThrows<CatalogException>(bad) { Sweep.parse(bad) }
            assertContains(e.message!!, "valid: key=v1,v2,... or key=FROM..TOxFACTOR", message = bad)
        }
        assertContains(assertThrows<CatalogException> { Sweep.parse("items=1..1000000000x1.01") }.message!!, "more than 50 values")
    }

    @Test
    fun `a strategy parameter applies to the strategies that declare it, the others run once as the baseline`() {
        val cells = cells("concurrency=16,500", "direct,flow-flatmap-merge")
        // Every swept point names its value, the default's too (issue 46, item 9).
        assertEquals(listOf("direct", "flow-flatmap-merge:concurrency=16", "flow-flatmap-merge:concurrency=500"), cells.map { it.strategy.spec })
        assertEquals(listOf(null, SweepPoint("concurrency", "16"), SweepPoint("concurrency", "500")), cells.map { it.sweep })
    }

    @Test
    fun `a workload parameter or the item count applies to every strategy`() {
        val byMs = cells("ms=1,10", "direct,virtual-threads", "io-sleep")
        assertEquals(listOf("io-sleep:ms=1", "io-sleep:ms=1", "io-sleep:ms=10", "io-sleep:ms=10"), byMs.map { it.subject })
        assertEquals(listOf("1", "1", "10", "10"), byMs.map { it.sweep!!["ms"] })
        val byItems = cells("items=10..1000x10", "direct")
        assertEquals(listOf(10, 100, 1000), byItems.map { it.items })
        assertEquals(listOf("items"), byItems.map { it.sweep!!.keys }.distinct().flatten())
    }

    @Test
    fun `several parameters make a grid, each spec swept over the keys it takes`() {
        val split = cells("concurrency=16,100 size=16,100", "flow-flatmap-merge,executor-fixed", "network")
        assertEquals(
            listOf(
                "flow-flatmap-merge:concurrency=16",
                "executor-fixed:size=16",
                "executor-fixed:size=100",
                "flow-flatmap-merge:concurrency=100",
            ),
            split.map { it.strategy.spec },
        )
        assertEquals(listOf(SweepPoint("concurrency", "16"), SweepPoint("size", "16"), SweepPoint("size", "100"), SweepPoint("concurrency", "100")), split.map { it.sweep })
        val both = cells("chunk=1,10,100 items=100,1000", "coroutine-chunked")
        assertEquals(6, both.size)
        assertEquals(listOf(100, 1000, 100, 1000, 100, 1000), both.map { it.items })
        assertEquals(listOf("1", "1", "10", "10", "100", "100"), both.map { it.sweep!!["chunk"] })
        assertEquals(mapOf("chunk" to "100", "items" to "1000"), both.last().sweep!!.values)
        assertEquals("coroutine-chunked:chunk=10", both[2].strategy.spec)
        val onWorkload = cells("concurrency=8,16 ms=1,10", "flow-flatmap-merge,direct", "io-sleep")
        assertEquals(4 + 2, onWorkload.size, "flow: 2 x 2; direct: over ms only")
        assertEquals(2, onWorkload.count { it.strategy.spec == "direct" })
    }

    @Test
    fun `a key given twice is refused in one line`() {
        val e = assertThrows<CatalogException> { Grid.parse(listOf("size=1,2", "size=3")) }
        assertEquals("--param size is given twice; give each key once with all its values (e.g. size=1,10,100)", e.message)
        assertThrows<CatalogException> { cells("concurrency=16 chunk=1,2", "flow-flatmap-merge") }
    }

    @Test
    fun `a key no selected spec declares fails naming the declared ones`() {
        val e = assertThrows<CatalogException> { cells("chunk=1,10", "direct,executor-fixed", "io-sleep") }
        val declared = "items, cpus, size, ms"
        assertEquals(
            "unknown sweep parameter 'chunk'; the selected strategies and workloads declare: $declared",
            e.message,
        )
        assertContains(assertThrows<CatalogException> { cells("size=0,2", "executor-fixed") }.message!!, "invalid size '0'")
        assertContains(assertThrows<CatalogException> { cells("items=0,2", "direct") }.message!!, "invalid items '0'")
        assertContains(assertThrows<CatalogException> { cells("cpus=0,2", "direct") }.message!!, "invalid cpus '0'")
    }

    @Test
    fun `the cores apply to every strategy, each cell's JVMs on its own count`() {
        val byCpus = cells("cpus=1,2", "direct,virtual-threads")
        assertEquals(listOf(1, 1, 2, 2), byCpus.map { it.cpus })
        assertEquals(listOf(null), cells("items=10", "direct").map { it.cpus })
    }

    @Test
    fun `the hazards suite runs every hazard on 1 and 2 cores, none of them twice`() {
        val cells = suite("hazards").cells()
        assertEquals(6 * 3 * 2, cells.size)
        assertEquals(setOf(1, 2), cells.map { it.cpus }.toSet())
        assertEquals(cells.size, cells.map { Triple(it.strategy.spec, it.subject, it.cpus) }.toSet().size)
        assertEquals(60L, suite("hazards").cellTimeoutSeconds)
    }

    @Test
    fun `suites are data that resolve into cells`() {
        for (suite in Suites.all) assertEquals(suite.entries.sumOf { it.cells().size }, suite.cells().size, suite.id)
        val all = suite("reference").cells()
        assertEquals(setOf("file-sender", "api-fanout", "order-status"), all.mapNotNull { it.scenario?.entry?.id }.toSet(), "E2-E4")
        assertEquals(WaitForm.entries.toSet(), all.filter { it.scenario != null }.map { it.wait }.toSet())
        val reference = all.filter { it.scenario == null }
        assertEquals(16 * 5, reference.count { it.items == 100 }, "E1: 16 strategies x 5 workloads")
        assertEquals(8, reference.count { it.items == 1_000 }, "E5: 4 approaches x I/O and CPU")
        val spawn = suite("spawn-cost").cells()
        assertEquals(listOf(1_000, 10_000, 100_000, 1_000_000), spawn.map { it.items }.distinct())
        assertEquals(WaitForm.SUSPENDING, spawn.first { it.strategy.spec == "coroutine-one" }.wait)
        assertNull(suite("pool-sizing").cellTimeoutSeconds)
        assertEquals(listOf("executor-fixed:size=1000", "executor-fixed:size=10000"), suite("pool-sizing-large").cells().map { it.strategy.spec }.let { listOf(it.first(), it.last()) })
    }

    @Test
    fun `the chunk-files suite crosses E2's chunk sizes and pools with the number of files`() {
        val cells = suite("chunk-files").cells()
        assertEquals(3 * 3 + 2 * 3, cells.size)
        assertEquals(setOf("file-sender"), cells.map { it.scenario?.entry?.id }.toSet())
        assertEquals(listOf(1_000, 10_000, 100_000), cells.map { it.items }.distinct())
        val chunked = cells.filter { it.strategy.entry.id == "coroutine-chunked" }
        assertEquals(setOf(WaitForm.SUSPENDING), chunked.map { it.wait }.toSet())
        assertEquals(setOf("1", "10", "100"), chunked.map { it.sweep!!["chunk"] }.toSet())
        val pools = cells.filter { it.strategy.entry.id == "executor-fixed" }.map { it.sweep!!.values }
        assertEquals(mapOf("size" to "1000", "items" to "100000"), pools.last())
    }

    private fun suite(id: String) = Suites.all.single { it.id == id }
}
