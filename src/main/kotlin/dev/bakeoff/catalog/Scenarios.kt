package dev.bakeoff.catalog

import dev.bakeoff.model.Catalog
import dev.bakeoff.scenario.ApiFanoutScenario
import dev.bakeoff.scenario.FileSenderScenario
import dev.bakeoff.scenario.OrderStatusScenario

/**
 * The scenario catalog: one registration line per scenario, each declared with its published scale
 * and variants in the scenario's own file. Immutable; thread-safe.
 */
internal object Scenarios {
    /** Keys of [dev.bakeoff.model.RunContext.settings] the scenarios read, which `scenario`'s options set. */
    const val JDBC_URL = OrderStatusScenario.JDBC_URL
    const val JDBC_USER = OrderStatusScenario.JDBC_USER
    const val JDBC_PASSWORD = OrderStatusScenario.JDBC_PASSWORD

    val catalog =
        Catalog(
            "scenario",
            listOf(
                FileSenderScenario.ENTRY,
                ApiFanoutScenario.ENTRY,
                OrderStatusScenario.ENTRY,
            ),
        )
}
