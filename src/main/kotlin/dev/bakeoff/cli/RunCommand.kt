package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.ProgramResult
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.clikt.parameters.options.default
import com.github.ajalt.clikt.parameters.options.flag
import com.github.ajalt.clikt.parameters.options.multiple
import com.github.ajalt.clikt.parameters.options.option
import com.github.ajalt.clikt.parameters.types.int
import com.github.ajalt.clikt.parameters.types.long
import dev.bakeoff.engine.CellSpec
import dev.bakeoff.engine.MachineInfo
import dev.bakeoff.engine.Preset
import dev.bakeoff.engine.RunListener
import dev.bakeoff.engine.RunOptions
import dev.bakeoff.engine.Suite
import dev.bakeoff.engine.SuiteRunner
import dev.bakeoff.engine.Suites
import dev.bakeoff.engine.Sweep
import dev.bakeoff.model.WaitForm
import dev.bakeoff.report.CellResult
import dev.bakeoff.report.ConsoleReport
import dev.bakeoff.report.FiguresReport
import dev.bakeoff.report.MeasurementPlan
import dev.bakeoff.report.SweepReport
import dev.bakeoff.report.Units
import dev.bakeoff.strategy.Strategies
import dev.bakeoff.workload.Workloads
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.Paths
import java.time.LocalDateTime
import java.time.format.DateTimeFormatter

/**
 * `bakeoff run`: measures strategies x workloads (or a named `--suite`) on JMH and writes
 * results.json, results.csv and jmh.json. `bakeoff sweep` is the same command with one swept
 * parameter ([sweep]).
 */
open class RunCommand(name: String = "run") : CliktCommand(name = name) {
    override fun help(context: Context) = "Measure strategies x workloads on JMH. With no options: the default suite (E1's 16 strategies and 10 beyond them " +
        "on the five E1 workloads, 100 items, quick preset). --suite reference re-runs the published experiments."

    private val workload by option("--workload", "-w", help = "Comma-separated workload specs, or 'all' (default: the five E1 workloads)")
    private val strategy by option("--strategy", "-s", help = "Comma-separated strategy specs (id:key=value), or 'all' (default: E1 + beyond)")
    private val items by option("--items", "-n", help = "Items per batch (default 100)").int()
    private val wait by option("--wait", help = "How waiting workloads wait: blocking (default) or suspending")
    private val suite by option("--suite", help = "Run a named suite instead of a matrix: ${Suites.all.joinToString { it.id }} (see README)")
    private val figures by option("--figures", help = "Also print every figure per cell: E5's thread, task and per-thread figures, and memory").flag()
    private val jvmArgs by option("--jvm-arg", help = "An extra option for the measured JVMs, repeatable (e.g. --jvm-arg=-Xmx2g)").multiple()
    private val maxThreads by option("--max-threads", help = "Stop a measured JVM above this many live platform threads (default: 3/4 of the free process ids)").int()
    private val preset by option("--preset", "-p", help = "smoke, quick, standard or rigorous").default("quick")
    private val out by option("--out", "-o", help = "Output directory (default: results/<timestamp>, linked as results/latest)")
    private val cpus by option("--cpus", help = "Run the measured JVMs with -XX:ActiveProcessorCount=N").int()
    private val jdk by option("--jdk", help = "JDK home (>= 21) for the measured JVMs (default: the one running Bakeoff)")
    private val cellTimeout by option("--cell-timeout", help = "Seconds after which a cell is killed and recorded as timeout (default: from its plan)").long()

    /** The swept parameter; none for `run`. */
    protected open fun sweep(): Sweep? = null

    override fun run() {
        val chosen = userInput { suite?.let(Suites::parse) }
        val options = userInput { options(chosen) }
        val listener = ProgressPrinter { line, newline -> echo(line, trailingNewline = newline, err = true) }
        val what = chosen?.let { "suite ${it.id}" } ?: options.sweep?.let { "sweep $it" } ?: "${options.workloads.size} workloads x ${options.strategies.size} strategies"
        echo("Bakeoff: ${options.cells().size} cells ($what), preset ${options.preset.id}; results in ${options.out}", err = true)
        val results = SuiteRunner(options, listener) { ResultFiles.write(it, options.out) }.run()
        echo(terminal.renderReport(ConsoleReport.of(results)))
        val detail = SweepReport.of(results) + FiguresReport.of(results, figuresOf(chosen))
        if (detail.isNotEmpty()) echo(terminal.renderReport(ConsoleReport(emptyList(), detail), notePrefix = ""))
        echo("results: ${options.out.resolve("results.json")}, results.csv, jmh.json")
        val bad = results.cells.count { it.status != "ok" }
        if (bad > 0) {
            echo("$bad cell(s) did not finish ok (see the list above)", err = true)
            throw ProgramResult(1)
        }
    }

    /** Which cells get the figures table: all with --figures, else those of the suite's entries that ask for it. */
    private fun figuresOf(suite: Suite?): (CellResult) -> Boolean {
        if (figures) return { true }
        val keys = suite?.entries.orEmpty().filter { it.figures }.flatMap { it.cells() }.map { listOf(it.strategy.spec, it.workload.spec, it.items, it.wait.id) }.toSet()
        return { c -> listOf(c.strategy, c.workload, c.items, c.wait) in keys }
    }

    private fun options(suite: Suite?): RunOptions {
        val sweep = sweep()
        if (suite != null && listOf(strategy, workload, items, wait, sweep).any { it != null }) {
            throw UsageError("--suite ${suite.id} runs its own matrix; drop --strategy, --workload, --items, --wait and --param", statusCode = 2)
        }
        items?.let { if (it < 1) throw UsageError("invalid --items '$it'; valid: a whole number >= 1", statusCode = 2) }
        cpus?.let { if (it < 1) throw UsageError("invalid --cpus '$it'; valid: a whole number >= 1", statusCode = 2) }
        maxThreads?.let { if (it < 1) throw UsageError("invalid --max-threads '$it'; valid: a whole number >= 1", statusCode = 2) }
        cellTimeout?.let { if (it < 1) throw UsageError("invalid --cell-timeout '$it'; valid: a whole number of seconds >= 1", statusCode = 2) }
        val jdkHome = jdk?.let { checkJdk(Paths.get(it)) }
        val strategies = strategy?.let { Strategies.catalog.resolveList(it, Strategies::inAll) }
        val workloads = workload?.let { Workloads.catalog.resolveList(it) }
        val outDir = prepareOut(out?.let { Paths.get(it) })
        val defaults = RunOptions.defaultSuite(outDir)
        return defaults.copy(
            strategies = strategies ?: defaults.strategies,
            workloads = workloads ?: defaults.workloads,
            items = items ?: defaults.items,
            wait = wait?.let(WaitForm::parse) ?: defaults.wait,
            preset = Preset.parse(preset),
            cpus = cpus,
            jdk = jdkHome,
            cellTimeoutSeconds = cellTimeout ?: suite?.cellTimeoutSeconds,
            sweep = sweep,
            cellList = suite?.cells(),
            jvmArgs = jvmArgs,
            maxThreads = maxThreads,
        ).also { it.cells() } // expanded here so that a bad swept value is an input error, before anything runs
    }

    private fun checkJdk(home: Path): Path {
        val major = MachineInfo.jdkMajor(home)
        if (major == null || major < 21) {
            throw UsageError("--jdk $home is not a JDK >= 21 (found: ${major ?: "no JDK release file"})", statusCode = 2)
        }
        return home
    }

    /** Creates the output directory (default results/<timestamp> with a results/latest link) and proves it writable. */
    private fun prepareOut(requested: Path?): Path {
        val dir = requested ?: Paths.get("results", LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")))
        try {
            Files.createDirectories(dir)
            Files.deleteIfExists(Files.createTempFile(dir, ".write-check", ""))
        } catch (e: Exception) {
            throw UsageError("cannot write results to --out $dir: ${e.javaClass.simpleName} ${e.message}", statusCode = 2)
        }
        if (requested == null) {
            val latest = dir.resolveSibling("latest")
            Files.deleteIfExists(latest)
            runCatching { Files.createSymbolicLink(latest, dir.fileName) }
        }
        return dir
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
