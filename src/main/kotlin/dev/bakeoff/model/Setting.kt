package dev.bakeoff.model

/**
 * A value a scenario reads from [RunContext.settings] because a spec cannot hold it (a JDBC URL
 * holds ':'), declared on its [ScenarioEntry]. A [secret] setting (a password) is passed to the
 * measured JVM but never written into results: the engine filters by this flag, never by name.
 */
internal data class Setting(val key: String, val summary: String, val secret: Boolean = false)
