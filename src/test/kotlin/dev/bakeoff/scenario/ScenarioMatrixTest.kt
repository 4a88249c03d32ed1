package dev.bakeoff.scenario

import dev.bakeoff.checkScenarioCell
import dev.bakeoff.model.Group
import dev.bakeoff.model.WaitForm
import dev.bakeoff.scenarioCell
import dev.bakeoff.strategy.Strategies
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.TestFactory

/**
 * Every scenario passes its own verification, the ledger and the thread-leak check after every
 * batch: file-sender (no I/O, so cheap) under every strategy of the catalog, the others (an HTTP
 * server, a database) under their default strategies, all in both wait forms. Waits are shrunk
 * 100x; nothing here looks at a duration.
 */
class ScenarioMatrixTest {
    @TestFactory
    fun `file-sender verifies under every strategy in both wait forms`(): List<DynamicTest> = Strategies.catalog.entries
        .filter { it.group != Group.FIXTURE }
        .flatMap { s -> WaitForm.entries.map { wait -> s.id to wait } }
        .map { (s, wait) -> DynamicTest.dynamicTest("$s x file-sender (${wait.id})") { checkScenarioCell(scenarioCell(s, "file-sender", wait)) } }

    @TestFactory
    fun `every scenario verifies under its default strategies in both wait forms`(): List<DynamicTest> =
        listOf("api-fanout:warm-up-calls=200", "api-fanout:api=simulated", "order-status", "order-status:api=http:warm-up-calls=200").flatMap { scenario ->
            val entry = Scenarios.catalog.resolve(scenario).entry
            Strategies.catalog.resolveList(entry.strategies).flatMap { s ->
                WaitForm.entries.map { wait ->
                    DynamicTest.dynamicTest("${s.spec} x $scenario (${wait.id})") { checkScenarioCell(scenarioCell(s.spec, scenario, wait)) }
                }
            }
        }
}
