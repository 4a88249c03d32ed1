package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.ProgramResult
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.clikt.parameters.groups.OptionGroup
import com.github.ajalt.clikt.parameters.groups.provideDelegate
import com.github.ajalt.clikt.parameters.options.default
import com.github.ajalt.clikt.parameters.options.option
import com.github.ajalt.clikt.parameters.options.required
import com.github.ajalt.clikt.parameters.types.choice
import com.github.ajalt.clikt.parameters.types.int
import dev.bakeoff.catalog.Scenarios
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.load.LoadSuite
import dev.bakeoff.engine.plan.DurationText
import dev.bakeoff.engine.plan.LoadInput
import dev.bakeoff.engine.plan.LoadPlan
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.session.RunSession
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.Arrival
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.Results
import java.nio.file.Path

/**
 * What `bakeoff load` and `bakeoff capacity` share: the cells (strategies x workloads, or x one
 * scenario: its real components, such as E3's loopback HTTP server; items, wait form), how items
 * arrive and for how long, and the results folder. Parsed once into [RunOptions] and
 * a [LoadPlan]; bad input is one line and exit code 2.
 */
internal class LoadOptions(defaultDuration: String) : OptionGroup() {
    private val strategy by option("--strategy", "-s", help = "Comma-separated strategy specs (id:key=value)")
        .required()
    private val workload by option("--workload", "-w", help = "Comma-separated workload specs (id:key=value)")
    private val scenario by option(
        "--scenario",
        help = "Instead of --workload: one scenario whose requests arrive (id:key=value), e.g. api-fanout",
    )
    private val items by option("--items", "-n", help = "Items whose seeds the arrivals cycle through (default 100)")
        .int().default(DEFAULT_ITEMS)
    private val wait by option("--wait", help = "How items wait (default: blocking)")
        .choice(WaitForm.entries.associateBy { it.id }).default(WaitForm.BLOCKING)
    private val arrival by option("--arrival", help = "How items arrive: poisson (default) or uniform")
        .choice(Arrival.entries.associateBy { it.id }).default(Arrival.POISSON)
    private val duration by option(
        "--duration",
        help = "The measured window, ${DurationText.LOAD_WINDOW.range}, after a warm-up as long (at most 5 s) " +
            "at the same rate (default $defaultDuration)",
    ).default(defaultDuration)
    private val classpath by classpathOption()
    private val out by option(
        "--out",
        "-o",
        help = "Results directory (default: results/load-<timestamp> in the checkout)",
    )
    private val force by forceOption()

    /** The run's options; its output directory is only named here ([measuring] makes it). */
    fun resolve(): RunOptions = userInput {
        if (items < 1) throw UsageError("invalid --items '$items'; valid: a whole number >= 1", statusCode = 2)
        if ((workload == null) == (scenario == null)) {
            throw UsageError("give --workload or --scenario (one of them)", statusCode = 2)
        }
        val workloads = workload?.let { Workloads.catalog.resolveList(it) }.orEmpty()
        val extraClasspath = checkedClasspath(classpath, workloads)
        requested = out?.let(ResultFiles::outPath)
        RunOptions(
            strategies = Strategies.catalog.resolveList(strategy, Strategies::inAll),
            workloads = workloads,
            classpath = extraClasspath,
            scenario = scenario?.let { Scenarios.catalog.resolve(it) },
            items = items,
            wait = wait,
            out = requested ?: ResultFiles.DEFAULT_ROOT,
        )
    }

    /** The plan at [rate] (text, checked here). */
    fun plan(rate: String): LoadPlan =
        LoadPlan(parse { LoadInput.rate(rate) }, arrival, parse { LoadInput.duration(duration) }).also { plan ->
            // Refused before anything runs: a window cut short at the generator's room, or one with nothing in it.
            plan.problem()?.let { throw UsageError(it, statusCode = 2) }
        }

    /**
     * Runs [block] as the run's session ([ResultFiles.session]) with the results folder made (new, empty,
     * or an earlier run's cleared with `--force`): a busy machine refuses before anything is created or cleared.
     */
    fun <T> measuring(options: RunOptions, block: (RunSession, RunOptions) -> T): T =
        ResultFiles.session(requested, prefix = "load-", force = force) { session ->
            block(session, options.copy(out = session.dir))
        }

    private var requested: Path? = null

    private companion object {
        const val DEFAULT_ITEMS = 100
    }
}

/** Bad text in a load option: one line, exit code 2. */
internal fun <T> parse(block: () -> T): T = try {
    block()
} catch (e: IllegalArgumentException) {
    throw UsageError(e.message, statusCode = 2)
}

/**
 * `bakeoff load`: every strategy x workload takes items arriving at `--rate` through its open-loop form,
 * each cell in a JVM of its own; prints a percentile table per workload (latency from each item's
 * intended start), the achieved rate, the generator's lag and the theory's checks, and writes the
 * `load` section of results.json. Exit 1 when a cell did not finish ok or was not applicable.
 */
internal class LoadCommand : CliktCommand("load") {
    override fun help(context: Context) =
        "Offer items at a target rate (open loop: they arrive whether or not earlier ones finished) and show " +
            "each strategy's latency percentiles from each item's intended start, the rate it achieved and the " +
            "generator's lag."

    private val load by LoadOptions(defaultDuration = "10s")
    private val rate by option("--rate", "-r", help = "Arrivals per second, as 3000/s or 2.5k/s").required()

    override fun run() {
        val options = load.resolve()
        val plan = load.plan(rate)
        val results = load.measuring(options) { session, o ->
            echo(LoadTables.heading(o, plan), err = true)
            LoadSuite(o, plan, { echo(it, err = true) }, session).load().also {
                echo(LoadTables.render(terminal, it), trailingNewline = false)
                echo("results: ${ResultFiles.shown(o.out.resolve("results.json"))}")
            }
        }
        exitOnProblems(results)
    }
}

/** Exit code 1 when a load cell did not finish ok (a strategy without an open-loop form is only listed). */
internal fun CliktCommand.exitOnProblems(results: Results) {
    val bad = results.load.orEmpty().count { it.status != CellStatus.OK && it.status != CellStatus.SKIPPED }
    if (bad > 0) {
        echo("$bad load cell(s) did not finish ok (see above)", err = true)
        throw ProgramResult(1)
    }
}
