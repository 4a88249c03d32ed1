package dev.bakeoff.model

import dev.bakeoff.catalog.Scenarios
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.plan.CellSpec
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

class CatalogTest {
    private val e1 =
        listOf(
            "direct", "rx-single", "rx-computation", "rx-io", "coroutine-one", "coroutine-default", "coroutine-default-limited",
            "coroutine-io", "flow-one", "flow-default", "flow-default-limited", "flow-io", "executor-fixed-cpu",
            "executor-stealing-cpu", "executor-fixed-100", "executor-stealing-100",
        )
    private val beyond = Strategies.catalog.entries.filter { it.group == Group.BEYOND }.map { it.id }
    private val e1Workloads = listOf("arithmetic", "lists", "storage", "network", "mixed")

    @Test
    fun `the sixteen E1 strategies exist by their exact ids, in the E1 group`() {
        assertEquals(e1, Strategies.catalog.entries.filter { it.group == Group.E1 }.map { it.id })
    }

    @Test
    fun `the default suite is one or two approaches of every family, never a sweep or a fixture, few enough to decide`() {
        val suite = Strategies.catalog.entries.filter { it.defaultSuite }
        val families = Strategies.catalog.entries.filter { it.group != Group.FIXTURE }.map { it.family.family }.toSet()
        assertEquals(families, suite.map { it.family.family }.toSet())
        assertEquals(emptyList(), suite.filter { it.group == Group.SWEEP || it.group == Group.FIXTURE }.map { it.id })
        assertTrue(suite.size <= MAX_DEFAULT, "${suite.size} strategies: a race cannot decide that many in its budget")
    }

    @Test
    fun `the bounded virtual threads and channel workers are beyond E1 but not in the default suite`() {
        for (id in listOf("virtual-threads-bounded", "channel-workers")) {
            assertEquals(Group.BEYOND, Strategies.catalog[id].group, id)
            assertFalse(Strategies.catalog[id].defaultSuite, id)
        }
    }

    @Test
    fun `the default suite's workloads are E1's five, and E5's and the user's own exist beside them`() {
        assertEquals(e1Workloads, Workloads.catalog.entries.filter { it.defaultSuite }.map { it.id })
        assertTrue(Workloads.catalog.ids.containsAll(listOf("io-sleep", "cpu-sin", "task", "lambda", "synthetic")))
    }

    @Test
    fun `all expands to every workload but the user's own code, the harness's empty item, the fixtures and hazards`() {
        val notInAll = setOf("task", "lambda", "empty") +
            Workloads.catalog.ids.filter { it.startsWith("fixture-") || it.startsWith("hazard-") }
        assertEquals(Workloads.catalog.ids - notInAll, Workloads.catalog.resolveList("all").map { it.entry.id })
    }

    @Test
    fun `all expands to every strategy but the fixtures`() {
        val all = Strategies.catalog.resolveList("all", Strategies::inAll).map { it.spec }
        assertTrue(all.containsAll(e1 + beyond + listOf("executor-fixed", "executor-stealing")))
        assertTrue(all.none { it.startsWith("fixture-") })
    }

    @Test
    fun `every test scale resolves, and every exclusion from the matrix says why`() {
        val entries = Strategies.catalog.entries.map { it.id to it.test } + Workloads.catalog.entries.map { it.id to it.test }
        for ((id, test) in entries) {
            val spec = test.spec(id)
            if (spec == null) {
                assertTrue(!test.excludedBecause.isNullOrBlank(), "$id is excluded without a reason")
            } else if (Strategies.catalog.ids.contains(id)) {
                Strategies.catalog.resolve(spec)
            } else {
                Workloads.catalog.resolve(spec)
            }
        }
        assertTrue(Strategies.catalog.entries.filter { it.test.spec(it.id) == null }.all { it.group == Group.FIXTURE })
    }

    @Test
    fun `recommend's default candidates all have a model in both wait forms`() {
        val unmodelled =
            Strategies.catalog.entries.filter { it.recommended }.flatMap { entry ->
                WaitForm.entries.filter { wait ->
                    val params = Strategies.catalog.resolve(entry.id).params(RunContext(cpus = 2))
                    entry.model(ModelInput(params, wait, cores = 2, items = 100)) == null
                }.map { "${entry.id} (${it.id})" }
            }
        assertEquals(emptyList(), unmodelled)
    }

    @Test
    fun `every family is declared once, with its own colour`() {
        val families = Strategies.catalog.entries.map { it.family }.distinct()
        assertEquals(families.size, families.map { it.family }.toSet().size, "a family declared twice")
        assertEquals(families.size, families.map { it.colour }.toSet().size)
        assertTrue(families.all { HEX_COLOUR.matches(it.colour) })
    }

    @Test
    fun `every library an entry declares resolves to a version, and the coroutine, Rx and Reactor strategies declare theirs`() {
        val entries = Strategies.catalog.entries + Workloads.catalog.entries + Scenarios.catalog.entries
        val unresolved = entries.flatMap { e -> e.libraries.filter { it.version == null }.map { "${e.id}: ${it.name}" } }
        assertEquals(emptyList(), unresolved)
        val byLibrary = Strategies.catalog.entries.groupBy({ it.libraries.singleOrNull()?.name }, { it.family.family.id })
        assertEquals(setOf("coroutines", "flow"), byLibrary.getValue("kotlinx-coroutines").toSet())
        assertEquals(setOf("rxjava"), byLibrary.getValue("rxjava").toSet())
        assertEquals(setOf("reactor"), byLibrary.getValue("reactor-core").toSet())
    }

    @Test
    fun `an unknown id names the valid choices`() {
        val e = assertThrows<CatalogException> { Strategies.catalog.resolve("coroutine-magic") }
        assertContains(e.message!!, "unknown strategy 'coroutine-magic'; valid: direct, rx-single")
        val w = assertThrows<CatalogException> { Workloads.catalog.resolve("disk") }
        assertContains(w.message!!, "unknown workload 'disk'; valid: arithmetic, lists")
    }

    @Test
    fun `a mistyped id names the one it most likely meant`() {
        fun message(spec: String) = assertThrows<CatalogException> { Strategies.catalog.resolve(spec) }.message!!
        assertContains(message("virtual-thread"), "unknown strategy 'virtual-thread'; did you mean 'virtual-threads'?; valid:")
        assertContains(message("executor-cahced"), "did you mean 'executor-cached'?")
        assertContains(message("coroutine-io-lim"), "did you mean 'coroutine-io-limited'?")
        assertContains(message("coroutine-magic"), "unknown strategy 'coroutine-magic'; valid:")
    }

    @Test
    fun `parameters parse, default, and canonicalise`() {
        val fixed = Strategies.catalog.resolve("executor-fixed:size=50")
        assertEquals("executor-fixed:size=50", fixed.spec)
        assertEquals(50, fixed.params(RunContext(cpus = 2))[fixed.entry.params.single()])
        // A typed default stays in the name: beside executor-fixed:size=50, executor-fixed would name no size.
        assertEquals("executor-fixed:size=200", Strategies.catalog.resolve("executor-fixed:size=200").spec)
        assertEquals("executor-fixed", Strategies.catalog.resolve("executor-fixed").spec)
        val both = Strategies.catalog.resolveList("executor-fixed:size=50,executor-fixed:size=200,executor-fixed")
        assertEquals(listOf("executor-fixed:size=50", "executor-fixed:size=200"), both.map { it.spec })
        val cpu = Strategies.catalog.resolve("executor-fixed:size=cpu")
        assertEquals(4, cpu.params(RunContext(cpus = 4))[cpu.entry.params.single()])
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
        for (id in listOf("storage", "network", "mixed", "io-sleep", "task", "lambda", "synthetic")) {
            assertEquals(WaitForm.entries, Workloads.catalog[id].waitForms, id)
        }
        for (id in listOf("arithmetic", "lists", "cpu-sin")) assertEquals(emptyList(), Workloads.catalog[id].waitForms, id)
        // A coroutine cannot suspend inside synchronized: those workloads wait in the blocking form only.
        for (id in listOf("pinning", "contended")) assertEquals(listOf(WaitForm.BLOCKING), Workloads.catalog[id].waitForms, id)
        for (id in listOf("pinning-lock", "contended-lock")) assertEquals(WaitForm.entries, Workloads.catalog[id].waitForms, id)
    }

    private companion object {
        val HEX_COLOUR = Regex("#[0-9a-f]{6}")

        // The default run decides within 4 minutes on 2 cores at fork level: each strategy more is five more cells.
        const val MAX_DEFAULT = 12
    }
}
