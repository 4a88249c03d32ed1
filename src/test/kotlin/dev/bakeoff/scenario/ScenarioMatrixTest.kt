package dev.bakeoff.scenario

import dev.bakeoff.TEST_CONTEXT
import dev.bakeoff.TEST_ITEMS
import dev.bakeoff.checkScenarioCell
import dev.bakeoff.engine.CellSpec
import dev.bakeoff.model.Group
import dev.bakeoff.model.WaitForm
import dev.bakeoff.scenarioCell
import dev.bakeoff.strategy.Strategies
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory
import kotlin.test.assertEquals

/**
 * Every scenario passes its own verification, the ledger and the thread-leak check after every
 * batch under every strategy of the catalog, in both wait forms: file-sender, api-fanout over the
 * loopback HTTP server and order-status on H2. The other API choice of each (simulated for
 * api-fanout, HTTP for order-status) runs under its default strategies. Waits are shrunk 100x and
 * the HTTP warm-up to 200 calls; nothing here looks at a duration. The cells the engine skips as
 * deadlocks ([CellSpec.deadlock]) are left out, and are exactly the common-pool strategies calling
 * the HTTP API in the suspending form.
 */
class ScenarioMatrixTest {
    @TestFactory
    fun `every scenario verifies under every strategy in both wait forms`(): List<DynamicTest> =
        listOf("file-sender", "api-fanout:warm-up-calls=200", "order-status").flatMap { scenario -> tests(scenario, allStrategies()) }

    @TestFactory
    fun `the other api of each scenario verifies under its default strategies`(): List<DynamicTest> =
        listOf("api-fanout:api=simulated", "order-status:api=http:warm-up-calls=200").flatMap { scenario ->
            tests(scenario, Strategies.catalog.resolveList(Scenarios.catalog.resolve(scenario).entry.strategies).map { it.spec })
        }

    @Test
    fun `only common-pool strategies calling the HTTP API in the suspending form are skipped as deadlocks`() {
        val skipped = cells(listOf("file-sender", "api-fanout", "api-fanout:api=simulated", "order-status", "order-status:api=http"), allStrategies())
            .filter { it.deadlock(TEST_CONTEXT) != null }
            .map { "${it.strategy.spec} x ${it.subject} (${it.wait.id})" }
        val expected = listOf("api-fanout", "order-status:api=http").flatMap { sc -> listOf("completable-future", "parallel-stream").map { "$it x $sc (suspending)" } }
        assertEquals(expected.sorted(), skipped.sorted())
    }

    private fun allStrategies() = Strategies.catalog.entries.filter { it.group != Group.FIXTURE }.map { it.id }

    private fun cells(scenarios: List<String>, strategies: List<String>) =
        scenarios.flatMap { sc -> strategies.flatMap { s -> WaitForm.entries.map { wait -> CellSpec.parseScenario(s, sc, TEST_ITEMS, wait.id) } } }

    private fun tests(scenario: String, strategies: List<String>) = cells(listOf(scenario), strategies).filter { it.deadlock(TEST_CONTEXT) == null }.map { spec ->
        DynamicTest.dynamicTest("${spec.strategy.spec} x $scenario (${spec.wait.id})") { checkScenarioCell(scenarioCell(spec.strategy.spec, scenario, spec.wait)) }
    }
}
