package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.parameters.arguments.argument
import com.github.ajalt.clikt.parameters.groups.provideDelegate
import com.github.ajalt.clikt.parameters.options.multiple
import com.github.ajalt.clikt.parameters.options.option
import dev.bakeoff.catalog.Scenarios
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.model.PhysicalLimit
import dev.bakeoff.report.LimitWording
import dev.bakeoff.report.RunView
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units

/**
 * `bakeoff scenario NAME`: runs one whole scenario (file-sender, api-fanout, order-status) with
 * its real components, every strategy verified after every batch, and states how far the best
 * one is from its cell's physical limit (the scenario's critical path with its components' CPU,
 * measured in the cell's JVM), and that limit's parts. Same result files and console table as `run`.
 */
internal class ScenarioCommand : CliktCommand(name = "scenario") {
    override fun help(context: Context) =
        "Run a whole scenario (E2 file-sender, E3 api-fanout, E4 order-status) with real components, " +
            "verified after every batch, against its physical limit. With no options: its published scale and " +
            "variants, both wait forms, racing within --budget 4m."

    private val name by argument("NAME", help = "The scenario: ${Scenarios.catalog.ids.joinToString()}")
    private val param by option(
        "--param",
        help = "A scenario parameter as key=value (repeatable), e.g. --param latency-ms=100",
    ).multiple()
    private val api by option("--api", help = "http or simulated (same as --param api=...)")
    private val scenarioSettings = ScenarioSettings(this)
    private val measureOptions by MeasureOptions(defaultWait = "both")

    override fun run() {
        val options = userInput { options() }
        if (measureOptions.measuresNothing(options) { echo(it) }) return
        val scenario = checkNotNull(options.scenario)
        val path = checkNotNull(options.cells().first().createScenario(options.context())).limit()
        val cells = options.cells().size
        val heading = "Bakeoff: scenario ${scenario.spec}, ${options.items} items, $cells cells; " +
            "critical path ${critical(path)}; each cell's physical limit adds its components' CPU"
        measureOptions.measuring(options) { session, o ->
            measure(session, o, heading, measureOptions.verbose) { results -> footer(results, path) }
        }
    }

    private fun options(): RunOptions {
        val entry = Scenarios.catalog[name]
        val specs = listOf(name) + param + listOfNotNull(api?.let { "api=$it" })
        val scenario = Scenarios.catalog.resolve(specs.joinToString(":"))
        val settings = scenarioSettings.of(entry)
        val options = measureOptions.resolve(entry.defaultItems) { out ->
            RunOptions(
                strategies = Strategies.catalog.resolveList(entry.strategies),
                workloads = emptyList(),
                out = out,
                scenario = scenario,
                settings = settings,
            )
        }
        if (options.deadlineNanos != null) {
            throw UsageError(
                "--deadline applies to run's workloads: a scenario verifies every item of each batch, " +
                    "which a deadline leaves unfinished",
                statusCode = 2,
            )
        }
        return options
    }

    private fun critical(path: PhysicalLimit) = "${Units.nanos(path.nanos.toDouble())} (${path.reason})"

    /**
     * The critical path again, and how close each wait form's winner came to its physical limit, with
     * the limit's parts.
     */
    private fun footer(results: Results, path: PhysicalLimit): List<String> {
        // One group per wait form: the scenario and its item count are the same for every cell.
        val winners = RunView.of(results).groups.mapNotNull { it.winner }
        return listOf("critical path: ${critical(path)}") +
            winners.flatMap { c ->
                val median = checkNotNull(c.timeNs).median
                val closest = "closest (${c.wait.id}): ${c.strategy} at ${Units.nanos(median)}"
                val limit = c.limitNs?.takeIf { it > 0 } ?: return@flatMap listOf(closest)
                val parts = c.limitParts?.let {
                    "  its limit's parts: ${LimitWording.parts(it)}; set by ${LimitWording.binding(it)}"
                }
                listOfNotNull(
                    "$closest, ${Units.ratio(median / limit)}x its physical limit ${Units.nanos(limit)}",
                    parts,
                )
            }
    }
}
