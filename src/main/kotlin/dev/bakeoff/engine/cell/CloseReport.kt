package dev.bakeoff.engine.cell

/**
 * What [Cell.closeAndCheck] found: leaked threads (must be none), the live threads of each declared shared
 * scheduler, and the shared schedulers over their bound. A finding inside the measured JVM, which copies
 * what the host needs of it into its report (`ProbeReport`, `LoadReport`); it never crosses to the host
 * itself. Immutable.
 */
internal data class CloseReport(val leaked: List<String>, val sharedLive: Map<String, Int>, val overBound: List<String>)
