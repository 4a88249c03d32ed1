package dev.bakeoff.scenario

import dev.bakeoff.TEST_CONTEXT
import dev.bakeoff.TEST_ITEMS
import dev.bakeoff.TEST_STRATEGIES
import dev.bakeoff.catalog.Scenarios
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.checkScenarioCell
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.model.ParamSpec.ChoiceParam
import dev.bakeoff.model.WaitForm
import dev.bakeoff.scenarioCell
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory
import kotlin.test.assertEquals

/**
 * Every scenario of the catalog, at the test scale its entry declares, passes its own
 * verification, the ledger and the thread-leak check after every batch under every strategy of
 * the catalog, in both wait forms. Every other value of each of its choice parameters (the other
 * API: simulated for api-fanout, HTTP for order-status) runs under its default strategies. Waits
 * are shrunk 100x; nothing here looks at a duration. The cells the engine skips as deadlocks
 * ([CellSpec.deadlock]) are left out, and are exactly the common-pool strategies calling the HTTP
 * API in the suspending form.
 */
class ScenarioMatrixTest {
    /** Each scenario's spec at its declared test scale. */
    private val scenarios = Scenarios.catalog.entries.mapNotNull { it.test.spec(it.id) }

    /** Each scenario at test scale with every non-default value of each choice parameter, e.g. `api=simulated`. */
    private val variants = Scenarios.catalog.entries.flatMap { entry ->
        val base = entry.test.spec(entry.id) ?: return@flatMap emptyList()
        entry.params.filterIsInstance<ChoiceParam<*>>().flatMap { p ->
            (p.choices - p.default).map { "$base:${p.key}=$it" }
        }
    }

    @TestFactory
    fun `every scenario verifies under every strategy in both wait forms`(): List<DynamicTest> = scenarios.flatMap { scenario -> tests(scenario, TEST_STRATEGIES) }

    @TestFactory
    fun `the other values of each scenario's choices verify under its default strategies`(): List<DynamicTest> = variants.flatMap { scenario ->
        val defaults = Strategies.catalog.resolveList(Scenarios.catalog.resolve(scenario).entry.strategies)
        tests(scenario, defaults.map { it.spec })
    }

    @Test
    fun `only common-pool strategies calling the HTTP API in the suspending form are skipped as deadlocks`() {
        val skipped = cells(scenarios + variants, TEST_STRATEGIES)
            .filter { it.deadlock(TEST_CONTEXT) != null }
            .map { "${it.strategy.spec} x ${checkNotNull(it.scenario).entry.id} api=${it.scenario.values["api"]}" }
        val expected = listOf("api-fanout", "order-status").flatMap { sc ->
            listOf("completable-future", "parallel-stream").map { "$it x $sc api=http" }
        }
        assertEquals(expected.sorted(), skipped.sorted())
    }

    private fun cells(scenarios: List<String>, strategies: List<String>) = scenarios.flatMap { sc ->
        strategies.flatMap { s -> WaitForm.entries.map { wait -> CellSpec.parseScenario(s, sc, TEST_ITEMS, wait.id) } }
    }

    private fun tests(scenario: String, strategies: List<String>) = cells(listOf(scenario), strategies).filter { it.deadlock(TEST_CONTEXT) == null }.map { spec ->
        DynamicTest.dynamicTest("${spec.strategy.spec} x $scenario (${spec.wait.id})") {
            checkScenarioCell(scenarioCell(spec.strategy.spec, scenario, spec.wait))
        }
    }
}
