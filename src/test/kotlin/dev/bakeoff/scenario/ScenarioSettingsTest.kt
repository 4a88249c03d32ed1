package dev.bakeoff.scenario

import dev.bakeoff.catalog.Scenarios
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals

/**
 * Which settings a scenario's results record: the ones it declares, never one it declares
 * secret, and never another scenario's. The engine asks the entry ([dev.bakeoff.model.ScenarioEntry.recorded]);
 * no engine code names a password.
 */
class ScenarioSettingsTest {
    private val given = listOf(Scenarios.JDBC_URL, Scenarios.JDBC_USER, Scenarios.JDBC_PASSWORD)

    @Test
    fun `order-status records where it ran but not the password`() {
        assertEquals(listOf(Scenarios.JDBC_URL, Scenarios.JDBC_USER), given.filter(Scenarios.catalog["order-status"]::recorded))
    }

    @Test
    fun `a scenario records no setting it does not declare`() {
        assertEquals(emptyList(), given.filter(Scenarios.catalog["file-sender"]::recorded))
    }
}
