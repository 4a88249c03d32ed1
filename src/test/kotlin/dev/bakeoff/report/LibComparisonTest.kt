package dev.bakeoff.report

import dev.bakeoff.metrics.ForkVerdict
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.JarInfo
import dev.bakeoff.result.LibInfo
import dev.bakeoff.result.Results
import dev.bakeoff.result.copy
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** A several-version run (`--lib`): groups, decisions, the version table and "Where the answer differs" keep them apart. */
class LibComparisonTest {
    private fun info(version: String) =
        LibInfo("kotlinx-coroutines", version, listOf(JarInfo("org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm:$version", "ab")))

    /** Two honest runs of the same cells, labelled 1.9.0 and 1.11.0, with one cell 20x slower on 1.9.0. */
    private fun run(): Results {
        val old = CompareFixture.run(1, slower = "virtual-threads" to "network", factor = 20.0).cells
            .map { it.copy(lib = mapOf("kotlinx-coroutines" to "1.9.0")) }
        val new = CompareFixture.run(2).cells.map { it.copy(lib = mapOf("kotlinx-coroutines" to "1.11.0")) }
        return CompareFixture.run(1).copy(cells = old.zip(new).flatMap { (a, b) -> listOf(a, b) }, libs = listOf(info("1.9.0"), info("1.11.0")))
    }

    @Test
    fun `every version's cells form groups of their own, decided apart`() {
        val byVersion = RunView.of(run()).groups.groupBy { it.key.lib?.get("kotlinx-coroutines") }
        assertEquals(listOf("1.9.0", "1.11.0"), byVersion.keys.toList())
        byVersion.values.forEach { assertEquals(CompareFixture.WORKLOADS.size, it.size) }
        assertEquals("network, 100 items (blocking) with kotlinx-coroutines 1.11.0", byVersion.getValue("1.11.0")[2].title)
        val network = GroupDecision.all(run().cells, null).filter { it.workload == "network" }
        assertEquals(listOf("1.9.0", "1.11.0"), network.map { it.lib?.values?.single() })
    }

    @Test
    fun `the version table compares each strategy and workload between the versions, by forks`() {
        val c = Comparison.ofLibs(run()).single()
        assertEquals("kotlinx-coroutines 1.9.0" to "kotlinx-coroutines 1.11.0", c.baseLabel to c.newLabel)
        assertEquals(CompareFixture.STRATEGIES.size * CompareFixture.WORKLOADS.size, c.rows.size)
        val slow = c.rows.single { it.title == "virtual-threads × network, 100 items (blocking)" }
        assertEquals(ForkVerdict.FASTER, slow.verdict, slow.figures)
        assertTrue(c.notCompared.isEmpty(), c.notCompared.toString())
        assertEquals(listOf(c.baseLabel to c.newLabel), Comparison.acrossRun(run()).map { it.baseLabel to it.newLabel })
        assertTrue(Comparison.ofLibs(CompareFixture.run(1)).isEmpty(), "no table without --lib")
    }

    @Test
    fun `where the answer differs names each version's winner`() {
        val lines = MachineDifferences.of(RunView.of(run()))
        assertEquals("Winner per machine, JDK and library version:", lines.first())
        val network = lines.single { it.trim().startsWith("network, 100 items (blocking):") }
        assertContains(network, "with kotlinx-coroutines 1.9.0")
        assertContains(network, "with kotlinx-coroutines 1.11.0")
    }

    @Test
    fun `leaders of groups their forks left undecided are no difference in the answer`() {
        // network's leader on 1.11.0, twenty times slower on 1.9.0: the leaders differ.
        val leader = RunView.of(CompareFixture.run(2)).groups.single { it.key.subject == "network" }.winner!!.strategy
        val old = CompareFixture.run(1, slower = leader to "network", factor = 20.0).cells
            .map { it.copy(lib = mapOf("kotlinx-coroutines" to "1.9.0")) }
        val new = CompareFixture.run(2).cells.map { it.copy(lib = mapOf("kotlinx-coroutines" to "1.11.0")) }
        val results = CompareFixture.run(1).copy(cells = old + new, libs = listOf(info("1.9.0"), info("1.11.0")))
        val differs = MachineDifferences.of(RunView.of(results)).filter { it.endsWith(MachineDifferences.DIFFERS) }
        assertTrue(differs.isNotEmpty(), "the fixture's leaders differ between the versions somewhere")
        val undecided = results.copy(groups = GroupDecision.all(results.cells, null).map { it.copy(status = GroupStatus.UNDECIDED) })
        val lines = MachineDifferences.of(RunView.of(undecided))
        assertTrue(lines.none { it.endsWith(MachineDifferences.DIFFERS) }, lines.joinToString("\n"))
        assertTrue(lines.any { "no answer differs yet" in it }, lines.joinToString("\n"))
    }

    @Test
    fun `check matches each version's groups and prints both runs' versions`() {
        val check = Check.of(run(), run())
        assertContains(check.machine, "--lib versions: kotlinx-coroutines 1.9.0, 1.11.0")
        assertContains(check.groups.map { it.title }, "network, 100 items (blocking) with kotlinx-coroutines 1.9.0")
        assertTrue(check.passed, check.failures.toString())
        val plain = Check.of(CompareFixture.run(1), CompareFixture.run(2))
        assertTrue(plain.machine.none { it.startsWith("--lib") }, plain.machine.toString())
    }
}
