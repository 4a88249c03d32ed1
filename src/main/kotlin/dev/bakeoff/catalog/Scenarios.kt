package dev.bakeoff.catalog

import dev.bakeoff.model.Catalog

/**
 * The scenario catalog: one registration line per scenario, each declared with its published scale
 * and variants in the scenario's own file, named in full (no import to add for a new one). Immutable; thread-safe.
 */
internal object Scenarios {
    /** Keys of [dev.bakeoff.model.RunContext.settings] the scenarios read, which `scenario`'s options set. */
    const val JDBC_URL = dev.bakeoff.scenario.OrderStatusScenario.JDBC_URL
    const val JDBC_USER = dev.bakeoff.scenario.OrderStatusScenario.JDBC_USER
    const val JDBC_PASSWORD = dev.bakeoff.scenario.OrderStatusScenario.JDBC_PASSWORD

    val catalog =
        Catalog(
            "scenario",
            listOf(
                dev.bakeoff.scenario.FileSenderScenario.ENTRY,
                dev.bakeoff.scenario.ApiFanoutScenario.ENTRY,
                dev.bakeoff.scenario.OrderStatusScenario.ENTRY,
            ),
        )
}
