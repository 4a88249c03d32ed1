package dev.bakeoff.engine

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.fanout.CellCost
import dev.bakeoff.engine.fanout.ResultsMerge
import dev.bakeoff.engine.fanout.Shard
import dev.bakeoff.engine.jdk.Jdk
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.plan.RaceOptions
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.model.RunContext
import dev.bakeoff.report.HtmlReportFormat
import dev.bakeoff.report.MachineDifferences
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.report.RunView
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.JdkInfo
import dev.bakeoff.result.RaceInfo
import dev.bakeoff.result.RaceStop
import dev.bakeoff.result.Results
import dev.bakeoff.result.TimeStats
import dev.bakeoff.result.copy
import dev.bakeoff.result.fingerprint
import java.nio.file.Paths
import kotlin.test.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertTrue

/** The fan-out on one machine: N shards one after another, then `merge`, against the unsharded run. */
class FanOutTest {
    private val whole = RunOptions.defaultSuite(Paths.get("unused")).cells()
    private val base = ResultsFixture.results()

    /** What a shard's run records for its cells (their figures do not matter to the merge). */
    private fun run(cells: List<CellSpec>, results: Results = base) = results.copy(
        cells = cells.mapIndexed { i, spec ->
            val median = 1_000.0 + i
            CellResult(
                spec.strategy.spec,
                spec.strategy.entry.family.family,
                spec.subject,
                spec.items,
                spec.wait,
                CellStatus.OK,
                timeNs = TimeStats(median, median, median, median, 0.0, List(5) { median }),
                jdk = spec.jdk?.version,
            )
        },
        groups = null,
    )

    private fun key(c: CellResult) = listOf(c.strategy, c.workload, c.items, c.wait, c.sweep, c.jdk)

    @Test
    fun `three shards merge into exactly the cells of the unsharded run, each once`() {
        val cost = CellCost(Preset.QUICK, RunContext())
        val shards = (1..3).map { k -> "shard-$k" to run(Shard(k, 3).of(whole, cost)) }
        val merged = assertIs<ResultsMerge.Outcome.Merged>(ResultsMerge.merge(shards)).results
        val expected = run(whole).cells.map(::key)
        assertEquals(expected.size, merged.cells.size)
        assertEquals(expected.toSet(), merged.cells.map(::key).toSet())
        assertEquals(setOf(base.machine.fingerprint), merged.cells.map { it.machine }.toSet())
        assertEquals(1, merged.machines?.size)
    }

    @Test
    fun `a merge of raced shards decides at the looks their race took, as results json keeps them`() {
        // Two cells of one group, three forks each: a pair test whose levels are the looks'.
        val cells = whole.filter { it.subject == "arithmetic" }.take(2)
        fun raced(looks: Int?): Results = run(cells).let { r ->
            r.copy(
                preset = r.preset.copy(id = "race", looks = looks),
                cells = r.cells.mapIndexed { i, c ->
                    val runs = listOf(100.0, 104.0, 98.0, 103.0, 99.0, 101.0).map { it * (1 + i * 0.01) }
                    val time = TimeStats(runs.min(), runs.sorted()[3], runs.max(), runs.average(), 0.0, runs)
                    c.copy(timeNs = time.copy(forks = listOf(2, 2, 2)), race = RaceInfo(3, 6, RaceStop.MAX_FORKS, ""))
                },
            )
        }
        fun levels(looks: Int?): Pair<Double?, Double?> {
            val merged = assertIs<ResultsMerge.Outcome.Merged>(ResultsMerge.merge(listOf("a" to raced(looks))))
            val test = merged.results.groups!!.single().tests.single()
            return test.confidence to test.eqConfidence
        }
        val ten = 1 - GroupDecision.lookAlpha(10) to 1 - 2 * GroupDecision.lookAlphaOneSided(10)
        assertEquals(ten, levels(10))
        // A file written before the looks were kept: a race of the default budget's.
        val five = RaceOptions().looks
        assertEquals(1 - GroupDecision.lookAlpha(five) to 1 - 2 * GroupDecision.lookAlphaOneSided(five), levels(null))
    }

    @Test
    fun `shards of a several-JDK run measure exactly the cells they announce and merge back to every cell`() {
        val jdks = listOf("21.0.8", "25.0.1").map { Jdk(Paths.get("/jdk-$it"), it, "Test Vendor", null) }
        val options = RunOptions(
            strategies = Strategies.catalog.resolveList("direct,virtual-threads"),
            workloads = Workloads.catalog.resolveList("arithmetic,lists,network"),
            out = Paths.get("unused"),
            jdks = jdks,
        )
        val all = options.cells()
        assertEquals(12, all.size)
        val cost = CellCost(Preset.QUICK, RunContext())
        val shards = (1..2).map { k -> options.copy(cellList = Shard(k, 2).of(all, cost)) }
        shards.forEach { assertEquals(it.cellList, it.cells(), "a shard runs the cells it announces, once each") }
        val merged = ResultsMerge.merge(shards.mapIndexed { i, s -> "shard-${i + 1}" to run(s.cells()) })
        val cells = assertIs<ResultsMerge.Outcome.Merged>(merged).results.cells
        assertEquals(run(all).cells.map(::key).sortedBy { it.toString() }, cells.map(::key).sortedBy { it.toString() })
    }

    @Test
    fun `a cell of a several-JDK run is the same cell as one of a plain run on that JDK, on its own machine`() {
        val jdks = listOf("21.0.8", "25.0.1").map { Jdk(Paths.get("/jdk-$it"), it, "Test Vendor", null, "$it+9-LTS") }
        val options = RunOptions(
            strategies = Strategies.catalog.resolveList("direct,virtual-threads"),
            workloads = Workloads.catalog.resolveList("arithmetic"),
            out = Paths.get("unused"),
            jdks = jdks,
        )
        // The several-JDK run records its first JDK's machine; a plain run on JDK 25 records its own.
        val both = run(options.cells()).copy(jdks = jdks.map { JdkInfo(it.version, it.vendor, "/jdk", it.runtimeVersion) })
        val on25 = base.machine.copy(jdkVendor = "Test Vendor", jdkVersion = "25.0.1+9-LTS")
        val plain = run(options.copy(jdks = emptyList()).cells().take(1), base.copy(machine = on25))
        val lines = assertIs<ResultsMerge.Outcome.Conflicts>(ResultsMerge.merge(listOf("both" to both, "25" to plain)))
            .lines
        assertEquals(1, lines.size, lines.toString())
        assertContains(lines.single(), "direct x arithmetic")
        assertContains(lines.single(), "on machine ${on25.fingerprint}: in both and in 25")
        val merged = assertIs<ResultsMerge.Outcome.Merged>(ResultsMerge.merge(listOf("both" to both))).results
        assertEquals(setOf(on25.fingerprint), merged.cells.filter { it.jdk == "25.0.1" }.map { it.machine }.toSet())
    }

    @Test
    fun `results of another Bakeoff version or another preset are refused naming both values`() {
        val cells = whole.take(2)
        fun refusal(other: Results) =
            assertIs<ResultsMerge.Outcome.Mismatch>(ResultsMerge.merge(listOf("a" to run(cells), "b" to other))).line
        val version = refusal(run(cells.drop(1)).copy(bakeoffVersion = "9.9.9"))
        assertEquals(
            "a has Bakeoff version 0.1.0-test and b Bakeoff version 9.9.9; merge results of one Bakeoff version",
            version,
        )
        val preset = refusal(run(cells.drop(1)).copy(preset = base.preset.copy(id = "smoke")))
        assertEquals("a has preset quick and b preset smoke; merge results of one preset", preset)
    }

    @Test
    fun `a cell twice on one machine is one line naming both inputs, and nothing is merged`() {
        val cells = whole.take(3)
        val outcome = ResultsMerge.merge(listOf("a" to run(cells), "b" to run(cells.drop(1))))
        val lines = assertIs<ResultsMerge.Outcome.Conflicts>(outcome).lines
        assertEquals(2, lines.size)
        assertTrue(lines.all { "in a and in b" in it }, lines.toString())
    }

    @Test
    fun `two JDKs stay apart in groups per machine, and the report shows where the winner differs`() {
        val cells = whole.filter { it.subject == whole.first().subject }
        val jdk21 = run(cells)
        // The same cells on another JDK, where the order of the strategies is reversed.
        val jdk25 = run(cells.reversed(), base.copy(machine = base.machine.copy(jdkVersion = "25.0.1")))
        val merged = assertIs<ResultsMerge.Outcome.Merged>(ResultsMerge.merge(listOf("21" to jdk21, "25" to jdk25)))
            .results
        assertEquals(2, merged.machines?.size)
        val view = RunView.of(merged)
        assertEquals(2, view.groups.size)
        view.groups.forEach { g -> assertEquals(1, g.cells.map { it.machine }.distinct().size) }
        assertEquals(2, merged.groups?.size)
        val lines = MachineDifferences.of(view)
        assertContains(lines.joinToString("\n"), "DIFFERS")
        assertTrue(lines.any { "25.0.1" in it }, lines.toString())
        val html = buildString { HtmlReportFormat(Strategies.colours).write(merged, this) }
        assertContains(html, "Where the answer differs")
        assertContains(html, "<li class=\"differs\">")
    }
}
