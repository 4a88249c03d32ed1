package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.clikt.parameters.groups.provideDelegate
import com.github.ajalt.clikt.parameters.options.convert
import com.github.ajalt.clikt.parameters.options.default
import com.github.ajalt.clikt.parameters.options.option
import com.github.ajalt.clikt.parameters.options.required
import com.github.ajalt.clikt.parameters.types.double
import com.github.ajalt.clikt.parameters.types.restrictTo
import dev.bakeoff.engine.load.CapacitySearch
import dev.bakeoff.engine.load.LoadSuite
import dev.bakeoff.engine.plan.LoadInput

/**
 * `bakeoff capacity`: per strategy, a geometric sweep of the arrival rate from `--from` by `--factor`,
 * every rate in several forks judged against the latency objective (`--slo p99=20ms`) with an interval
 * ([CapacitySearch]), refined where the verdict changes, within `--budget`, a fork other processes disturbed
 * measured again ([dev.bakeoff.engine.load.PointForks]); prints each strategy's capacity range with the
 * Little's-law ceiling of its concurrency and the forks it re-ran, and writes the `load` and `capacity` sections.
 */
internal class CapacityCommand : CliktCommand("capacity") {
    override fun help(context: Context) =
        "Find each strategy's capacity at a latency objective: the highest arrival rate whose latency " +
            "percentile stays within it while the strategy keeps up, with the ceiling its concurrency explains."

    private val load by LoadOptions(defaultDuration = "2s")
    private val slo by option("--slo", help = "The latency objective, as p99=20ms (p50, p90, p99, p99.9 or max)")
        .required()
    private val from by option("--from", help = "The sweep's first rate (default 500/s)").default("500/s")
    private val factor by option("--factor", help = "Each rate of the sweep is the last one times this (default 1.25)")
        .double().restrictTo(min = 1.05, max = 4.0).default(DEFAULT_FACTOR)
    private val budget by option(
        "--budget",
        help = "Wall time for the whole search, as 90s, 4m or 1h (default: none); a point starts only when its " +
            "forks fit in what is left, and the capacity says when the budget ran out",
    ).convert { MeasureOptions.parseBudget(it) }

    override fun run() {
        val options = load.resolve()
        val plan = load.plan(from)
        val objective = parse { LoadInput.objective(slo) }
        val results = load.measuring(options) { session, o ->
            echo(
                LoadTables.heading(o, plan) + "; capacity at $objective, rates x $factor, " +
                    "${CapacitySearch.FORKS}-${CapacitySearch.MAX_FORKS} forks a rate, a disturbed one measured again",
                err = true,
            )
            LoadSuite(o, plan, { echo(it, err = true) }, session).capacity(objective, factor, budget).also {
                echo(LoadTables.render(terminal, it), trailingNewline = false)
                echo(LoadTables.capacity(terminal, it), trailingNewline = false)
                echo("results: ${ResultFiles.shown(o.out.resolve("results.json"))}")
            }
        }
        // Cells past the knee still finish ok (they only miss the objective): a cell not ok failed outright.
        exitOnProblems(results)
    }

    private companion object {
        const val DEFAULT_FACTOR = 1.25
    }
}
