package dev.bakeoff.cli

import dev.bakeoff.report.Results

/** Temporary: the ranked console tables arrive with the report formats. */
internal object ConsoleSummary {
    fun render(
        results: Results,
        terminalWidth: Int,
    ): String = results.cells.joinToString("\n") { "${it.workload} ${it.strategy} ${it.status} ${it.timeNs?.median} ${it.allocBytesPerOp} ${it.threads}" }
}
