package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.ProgramResult
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.clikt.parameters.options.default
import com.github.ajalt.clikt.parameters.options.option
import com.github.ajalt.clikt.parameters.types.int
import com.github.ajalt.clikt.parameters.types.long
import dev.bakeoff.engine.CellSpec
import dev.bakeoff.engine.MachineInfo
import dev.bakeoff.engine.Preset
import dev.bakeoff.engine.RunListener
import dev.bakeoff.engine.RunOptions
import dev.bakeoff.engine.SuiteRunner
import dev.bakeoff.model.RunContext
import dev.bakeoff.model.WaitForm
import dev.bakeoff.report.CellResult
import dev.bakeoff.report.ConsoleReport
import dev.bakeoff.report.MeasurementPlan
import dev.bakeoff.report.Units
import dev.bakeoff.report.Verdicts
import dev.bakeoff.strategy.Strategies
import dev.bakeoff.workload.Workloads
import java.io.File
import java.nio.file.Path
import java.nio.file.Paths

/** `bakeoff run`: measures strategies x workloads on JMH and writes results.json, results.csv and jmh.json. */
class RunCommand : CliktCommand(name = "run") {
    override fun help(context: Context) = "Measure strategies x workloads on JMH. With no options: the default suite (E1's 16 strategies and 10 beyond them " +
        "on the five E1 workloads, 100 items, quick preset)."

    private val workload by option("--workload", "-w", help = "Comma-separated workload specs, or 'all' (default: the five E1 workloads)")
    private val strategy by option("--strategy", "-s", help = "Comma-separated strategy specs (id:key=value), or 'all' (default: E1 + beyond)")
    private val items by option("--items", "-n", help = "Items per batch").int().default(100)
    private val wait by option("--wait", help = "How waiting workloads wait: blocking or suspending").default("blocking")
    private val preset by option("--preset", "-p", help = "smoke, quick, standard or rigorous").default("quick")
    private val out by option("--out", "-o", help = "Output directory (default: results/<timestamp>, linked as results/latest)")
    private val cpus by option("--cpus", help = "Run the measured JVMs with -XX:ActiveProcessorCount=N").int()
    private val jdk by option("--jdk", help = "JDK home (>= 21) for the measured JVMs (default: the one running Bakeoff)")
    private val taskClass by option("--task-class", help = "Your own task: a class implementing dev.bakeoff.model.Workload, run as workload task:class=NAME")
    private val classpath by option("--classpath", "--cp", help = "Where --task-class lives: jars or class directories, separated by '${File.pathSeparator}'")
    private val cellTimeout by option("--cell-timeout", help = "Seconds after which a cell is killed and recorded as timeout (default: from its plan)").long()

    override fun run() {
        val options = userInput { options() }
        val listener = ProgressPrinter { line, newline -> echo(line, trailingNewline = newline, err = true) }
        echo("Bakeoff: ${options.cells().size} cells (${options.workloads.size} workloads x ${options.strategies.size} strategies), preset ${options.preset.id}; results in ${options.out}", err = true)
        val results = SuiteRunner(options, listener) { ResultFiles.write(it, options.out) }.run()
        echo(terminal.renderReport(ConsoleReport.of(results), Verdicts.byTitle(results)))
        echo("results: ${options.out.resolve("results.json")}, results.csv, jmh.json")
        val bad = results.cells.count { it.status != "ok" }
        if (bad > 0) {
            echo("$bad cell(s) did not finish ok (see the list above)", err = true)
            throw ProgramResult(1)
        }
    }

    private fun options(): RunOptions {
        if (items < 1) throw UsageError("invalid --items '$items'; valid: a whole number >= 1", statusCode = 2)
        cpus?.let { if (it < 1) throw UsageError("invalid --cpus '$it'; valid: a whole number >= 1", statusCode = 2) }
        cellTimeout?.let { if (it < 1) throw UsageError("invalid --cell-timeout '$it'; valid: a whole number of seconds >= 1", statusCode = 2) }
        val jdkHome = jdk?.let { checkJdk(Paths.get(it)) }
        val strategies = strategy?.let { Strategies.catalog.resolveList(it, Strategies::inAll) }
        val task = taskClass?.let { Workloads.catalog.resolve("task:class=$it") }
        val workloads = workload?.let { Workloads.catalog.resolveList(it, Workloads::inAll) }.orEmpty() + listOfNotNull(task)
        val extraClasspath = classpath?.split(File.pathSeparator)?.filter { it.isNotBlank() }?.map { Paths.get(it).toAbsolutePath() }.orEmpty()
        // Load the task here first, so a wrong name or classpath is one line now rather than a failed cell per strategy.
        task?.entry?.create(task.params(RunContext(classpath = extraClasspath.map { it.toString() })))
        val outDir = ResultFiles.prepareOut(out?.let { Paths.get(it) })
        val defaults = RunOptions.defaultSuite(outDir)
        return defaults.copy(
            strategies = strategies ?: defaults.strategies,
            workloads = workloads.ifEmpty { defaults.workloads },
            items = items,
            wait = WaitForm.parse(wait),
            preset = Preset.parse(preset),
            cpus = cpus,
            jdk = jdkHome,
            cellTimeoutSeconds = cellTimeout,
            classpath = extraClasspath,
        )
    }

    private fun checkJdk(home: Path): Path {
        val major = MachineInfo.jdkMajor(home)
        if (major == null || major < 21) {
            throw UsageError("--jdk $home is not a JDK >= 21 (found: ${major ?: "no JDK release file"})", statusCode = 2)
        }
        return home
    }
}

/** One line per cell on stderr: position, elapsed, ETA, the cell and how it ended. */
internal class ProgressPrinter(private val echo: (String, Boolean) -> Unit) : RunListener {
    override fun cellStarted(index: Int, total: Int, spec: CellSpec, plan: MeasurementPlan, elapsedNanos: Long, etaNanos: Long?) {
        val eta = etaNanos?.let { "ETA ~${clock(it)}" } ?: "ETA --"
        echo("[%3d/%d] %s elapsed, %s  %s x %s (%s) ".format(index, total, clock(elapsedNanos), eta, spec.strategy.spec, spec.workload.spec, plan.mode), false)
    }

    override fun cellFinished(index: Int, total: Int, result: CellResult) {
        val detail = result.timeNs?.let { "median ${Units.nanos(it.median)}" } ?: result.error.orEmpty()
        echo("${result.status} $detail", true)
    }

    private fun clock(nanos: Long): String {
        val s = nanos / 1_000_000_000
        return "%d:%02d".format(s / 60, s % 60)
    }
}
