package dev.bakeoff.model

import dev.bakeoff.engine.CellSpec
import dev.bakeoff.strategy.Strategies
import dev.bakeoff.workload.Workloads
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class CatalogTest {
    private val e1 =
        listOf(
            "direct", "rx-single", "rx-computation", "rx-io", "coroutine-one", "coroutine-default", "coroutine-default-limited",
            "coroutine-io", "flow-one", "flow-default", "flow-default-limited", "flow-io", "executor-fixed-cpu",
            "executor-stealing-cpu", "executor-fixed-100", "executor-stealing-100",
        )
    private val beyond =
        listOf(
            "thread-per-task", "executor-cached", "virtual-threads", "coroutine-virtual", "flow-flatmap-merge",
            "rx-parallel-io", "reactor-parallel", "reactor-bounded-elastic", "completable-future", "parallel-stream",
        )

    @Test
    fun `the sixteen E1 strategies exist by their exact ids, in the E1 group`() {
        assertEquals(e1, Strategies.catalog.entries.filter { it.group == Group.E1 }.map { it.id })
    }

    @Test
    fun `the default suite is E1 plus the approaches beyond it`() {
        assertEquals(e1 + beyond, Strategies.catalog.entries.filter(Strategies::inDefaultSuite).map { it.id })
    }

    @Test
    fun `the seven workloads of E1 and E5 exist, then the user's own task, a lambda and described work`() {
        assertEquals(listOf("arithmetic", "lists", "storage", "network", "mixed", "io-sleep", "cpu-sin", "task", "lambda", "synthetic"), Workloads.catalog.ids)
        assertEquals(Workloads.catalog.ids - setOf("task", "lambda"), Workloads.catalog.resolveList("all", Workloads::inAll).map { it.entry.id })
    }

    @Test
    fun `all expands to every strategy but the fixtures`() {
        val all = Strategies.catalog.resolveList("all", Strategies::inAll).map { it.spec }
        assertTrue(all.containsAll(e1 + beyond + listOf("executor-fixed", "executor-stealing")))
        assertTrue(all.none { it.startsWith("fixture-") })
    }

    @Test
    fun `an unknown id names the valid choices`() {
        val e = assertThrows<CatalogException> { Strategies.catalog.resolve("coroutine-magic") }
        assertContains(e.message!!, "unknown strategy 'coroutine-magic'; valid: direct, rx-single")
        val w = assertThrows<CatalogException> { Workloads.catalog.resolve("disk") }
        assertContains(w.message!!, "unknown workload 'disk'; valid: arithmetic, lists")
    }

    @Test
    fun `parameters parse, default, and canonicalise`() {
        val fixed = Strategies.catalog.resolve("executor-fixed:size=50")
        assertEquals("executor-fixed:size=50", fixed.spec)
        assertEquals(50, fixed.params(RunContext(cpus = 2)).int("size"))
        assertEquals("executor-fixed", Strategies.catalog.resolve("executor-fixed:size=200").spec)
        assertEquals(4, Strategies.catalog.resolve("executor-fixed:size=cpu").params(RunContext(cpus = 4)).int("size"))
        val flat = Strategies.catalog.resolve("flow-flatmap-merge:concurrency=500:dispatcher=one")
        assertEquals("flow-flatmap-merge:concurrency=500:dispatcher=one", flat.spec)
    }

    @Test
    fun `invalid parameters name the valid values`() {
        val bad = assertThrows<CatalogException> { Strategies.catalog.resolve("executor-fixed:size=0") }
        assertContains(bad.message!!, "invalid size '0'; valid: a whole number >= 1 or 'cpu'")
        val unknown = assertThrows<CatalogException> { Strategies.catalog.resolve("executor-fixed:threads=4") }
        assertContains(unknown.message!!, "valid parameters: size")
        val none = assertThrows<CatalogException> { Strategies.catalog.resolve("direct:size=4") }
        assertContains(none.message!!, "valid parameters: none")
        val choice = assertThrows<CatalogException> { Strategies.catalog.resolve("flow-flatmap-merge:dispatcher=gpu") }
        assertContains(choice.message!!, "valid: one, default, default-limited, io, virtual")
    }

    @Test
    fun `wait forms and item counts are validated`() {
        assertContains(assertThrows<CatalogException> { WaitForm.parse("spin") }.message!!, "valid: blocking, suspending")
        assertContains(assertThrows<CatalogException> { CellSpec.parse("direct", "lists", 0, "blocking") }.message!!, "invalid items '0'")
    }

    @Test
    fun `waiting workloads declare both wait forms, cpu ones none`() {
        assertEquals(listOf("storage", "network", "mixed", "io-sleep", "task", "lambda", "synthetic"), Workloads.catalog.entries.filter { it.waits }.map { it.id })
        assertEquals(WaitForm.entries, Workloads.catalog["network"].waitForms)
    }
}
