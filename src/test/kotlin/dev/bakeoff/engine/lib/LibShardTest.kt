package dev.bakeoff.engine.lib

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.fanout.CellCost
import dev.bakeoff.engine.fanout.ResultsMerge
import dev.bakeoff.engine.fanout.Shard
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.model.RunContext
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.result.CellKey
import dev.bakeoff.result.JarInfo
import dev.bakeoff.result.LibInfo
import dev.bakeoff.result.Results
import dev.bakeoff.result.TimeStats
import java.nio.file.Paths
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertIs

/** Shards and merge carry a several-version run's versions: each cell once per version, back together. */
class LibShardTest {
    private fun version(v: String) = LibVersion("kotlinx-coroutines", v, emptyList())

    private val options = RunOptions(
        strategies = Strategies.catalog.resolveList("coroutine-io,virtual-threads"),
        workloads = Workloads.catalog.resolveList("arithmetic,network"),
        out = Paths.get("unused"),
        libs = listOf(LibAxis("kotlinx-coroutines", listOf(version("1.9.0"), version("1.11.0")))),
    )

    private val infos = listOf("1.9.0", "1.11.0").map { LibInfo("kotlinx-coroutines", it, listOf(JarInfo("g:a:$it", "00"))) }

    private fun run(cells: List<CellSpec>): Results = ResultsFixture.results().copy(
        cells = cells.map { spec -> spec.result().copy(timeNs = TimeStats(1e3, 1e3, 1e3, 1e3, 0.0, List(5) { 1e3 })) },
        groups = null,
        libs = infos,
    )

    @Test
    fun `a cell's versions stay in one shard, and the shards merge back to every cell, its versions listed once`() {
        val all = options.cells()
        assertEquals(8, all.size)
        val cost = CellCost(Preset.QUICK, RunContext())
        val parts = (1..2).map { k -> Shard(k, 2).of(all, cost) }
        parts.forEach { part ->
            val byCell = part.groupBy { it.key.copy(group = it.group.copy(lib = null)) }
            byCell.values.forEach { assertEquals(2, it.size, "both versions of ${it.first()} in one shard") }
        }
        val merged = ResultsMerge.merge(parts.mapIndexed { i, p -> "shard-${i + 1}" to run(p) })
        val results = assertIs<ResultsMerge.Outcome.Merged>(merged).results
        assertEquals(all.map { it.key.toString() }.toSet(), results.cells.map { CellKey.of(it).copy(group = CellKey.of(it).group.copy(machine = null)).toString() }.toSet())
        assertEquals(infos, results.libs)
        assertEquals(setOf(mapOf("kotlinx-coroutines" to "1.9.0"), mapOf("kotlinx-coroutines" to "1.11.0")), results.groups!!.map { it.lib }.toSet())
    }
}
