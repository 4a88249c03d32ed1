package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.clikt.parameters.groups.provideDelegate
import com.github.ajalt.clikt.parameters.options.flag
import com.github.ajalt.clikt.parameters.options.option
import com.github.ajalt.clikt.parameters.types.choice
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.plan.Grid
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.plan.Suite
import dev.bakeoff.engine.plan.Suites
import dev.bakeoff.report.ConsoleReport
import dev.bakeoff.report.DeadlineReport
import dev.bakeoff.report.FailureReport
import dev.bakeoff.report.FiguresReport
import dev.bakeoff.report.SweepReport
import dev.bakeoff.result.CellKey
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.Results

/**
 * `bakeoff run`: measures strategies x workloads (or a named `--suite`) on JMH and writes
 * results.json, results.csv, report.html and jmh.json. `bakeoff sweep` is the same command with
 * one or more swept parameters ([sweep]).
 */
internal open class RunCommand(name: String = "run") : CliktCommand(name = name) {
    override fun help(context: Context) = "Measure strategies x workloads on JMH. With no options: the default suite " +
        "(11 approaches, one or two of each family, on the five E1 workloads, 100 items, racing within --budget 4m; " +
        "-s all races every strategy). --suite reference re-runs the published experiments."

    private val workload by option(
        "--workload",
        "-w",
        help = "Comma-separated workload specs, or 'all' (default: the five E1 workloads)",
    )
    private val suite by option("--suite", help = "Run a named suite instead of a matrix (see docs/GUIDE.md)")
        .choice(Suites.all.associateBy { it.id })
    private val figures by option(
        "--figures",
        help = "Also print every figure per cell: E5's thread, task and per-thread figures, and memory",
    ).flag()
    private val taskClass by option(
        "--task-class",
        help = "Your own task: a class implementing dev.bakeoff.model.Workload, run as workload task:class=NAME",
    )
    private val classpath by classpathOption()
    private val measureOptions by MeasureOptions(defaultWait = "blocking")

    /** The swept parameters; none for `run`. */
    protected open fun sweep(): Grid? = null

    /** Whether to measure (or, with `--dry-run`, list) [options]' cells now (`sweep` may ask for `--yes` first). */
    protected open fun proceed(options: RunOptions): Boolean = true

    /** Whether `--dry-run` was given: the cells are listed, nothing is measured. */
    protected val dryRun: Boolean get() = measureOptions.dryRun

    override fun run() {
        val chosen = suite
        val options = userInput {
            val sweep = sweep()
            val ownCells = workload != null || sweep != null || taskClass != null || measureOptions.choosesCells
            if (chosen != null && ownCells) {
                throw UsageError(
                    "--suite ${chosen.id} runs its own matrix; " +
                        "drop --strategy, --workload, --task-class, --items, --wait and --param",
                    statusCode = 2,
                )
            }
            val task = taskClass?.let { Workloads.catalog.resolve("task:class=$it") }
            val workloads = workload?.let { Workloads.catalog.resolveList(it, Workloads::inAll) }.orEmpty() +
                listOfNotNull(task)
            val extraClasspath = checkedClasspath(classpath, workloads)
            measureOptions.resolve(defaultItems = 100) { out ->
                RunOptions.defaultSuite(out).let { d ->
                    d.copy(
                        workloads = workloads.ifEmpty { d.workloads },
                        classpath = extraClasspath,
                        sweep = sweep,
                        cellList = chosen?.cells(),
                        cellTimeoutSeconds = chosen?.cellTimeoutSeconds,
                    )
                }
            }.also { it.cells() } // expanded here so that a bad swept value is an input error, before anything runs
        }
        if (!proceed(options) || measureOptions.measuresNothing(options) { echo(it) }) return
        val what = chosen?.let { "suite ${it.id}" }
            ?: options.sweep?.let { "sweep $it" }
            ?: "${options.workloads.size} workloads x ${options.strategies.size} strategies"
        val on = if (options.libs.isEmpty()) "" else ", each on ${LibOptions.describe(options.libs)}"
        measureOptions.measuring(options) { session, o ->
            measure(session, o, "Bakeoff: ${o.cells().size} cells ($what$on)", measureOptions.verbose) { results ->
                details(results, chosen)
            }
        }
    }

    /**
     * The sweep curves, E5-style figures, "when one fails" and "when the deadline passes" tables, when there are any,
     * as one rendered block.
     */
    private fun details(results: Results, chosen: Suite?): List<String> {
        val detail = SweepReport.of(results) + FiguresReport.of(results, figuresOf(chosen)) +
            FailureReport.of(results) + DeadlineReport.of(results)
        if (detail.isEmpty()) return emptyList()
        return listOf(terminal.renderReport(ConsoleReport(emptyList(), detail), notePrefix = ""))
    }

    /** Which cells get the figures table: all with --figures, else those of the suite's entries that ask for it. */
    private fun figuresOf(suite: Suite?): (CellResult) -> Boolean {
        if (figures) return { true }
        val keys = suite?.entries.orEmpty().filter { it.figures }.flatMap { it.cells() }.map { it.key }.toSet()
        // A suite names its cells on any JDK, library version and machine.
        return { c ->
            CellKey.of(c).let { it.copy(group = it.group.copy(jdk = null, machine = null, lib = null)) } in keys
        }
    }
}
