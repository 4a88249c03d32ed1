package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.parameters.groups.provideDelegate
import com.github.ajalt.clikt.parameters.options.option
import dev.bakeoff.engine.CellSpec
import dev.bakeoff.engine.RunListener
import dev.bakeoff.engine.RunOptions
import dev.bakeoff.model.RunContext
import dev.bakeoff.report.CellResult
import dev.bakeoff.report.MeasurementPlan
import dev.bakeoff.report.Units
import dev.bakeoff.workload.Workloads
import java.io.File
import java.nio.file.Paths

/** `bakeoff run`: measures strategies x workloads on JMH and writes results.json, results.csv, report.html and jmh.json. */
class RunCommand : CliktCommand(name = "run") {
    override fun help(context: Context) = "Measure strategies x workloads on JMH. With no options: the default suite (E1's 16 strategies and 10 beyond them " +
        "on the five E1 workloads, 100 items, quick preset)."

    private val workload by option("--workload", "-w", help = "Comma-separated workload specs, or 'all' (default: the five E1 workloads)")
    private val taskClass by option("--task-class", help = "Your own task: a class implementing dev.bakeoff.model.Workload, run as workload task:class=NAME")
    private val classpath by option("--classpath", "--cp", help = "Where --task-class lives: jars or class directories, separated by '${File.pathSeparator}'")
    private val measureOptions by MeasureOptions(defaultWait = "blocking")

    override fun run() {
        val options = userInput {
            val task = taskClass?.let { Workloads.catalog.resolve("task:class=$it") }
            val workloads = workload?.let { Workloads.catalog.resolveList(it, Workloads::inAll) }.orEmpty() + listOfNotNull(task)
            val extraClasspath = classpath?.split(File.pathSeparator)?.filter { it.isNotBlank() }?.map { Paths.get(it).toAbsolutePath() }.orEmpty()
            // Load the task here first, so a wrong name or classpath is one line now rather than a failed cell per strategy.
            task?.entry?.create(task.params(RunContext(classpath = extraClasspath.map { it.toString() })))
            measureOptions.resolve(defaultItems = 100) { out ->
                RunOptions.defaultSuite(out).let { d -> d.copy(workloads = workloads.ifEmpty { d.workloads }, classpath = extraClasspath) }
            }
        }
        measure(options, "Bakeoff: ${options.cells().size} cells (${options.workloads.size} workloads x ${options.strategies.size} strategies)")
    }
}

/** One line per cell on stderr: position, elapsed, ETA, the cell and how it ended. */
internal class ProgressPrinter(private val echo: (String, Boolean) -> Unit) : RunListener {
    override fun cellStarted(index: Int, total: Int, spec: CellSpec, plan: MeasurementPlan, elapsedNanos: Long, etaNanos: Long?) {
        val eta = etaNanos?.let { "ETA ~${clock(it)}" } ?: "ETA --"
        echo("[%3d/%d] %s elapsed, %s  %s x %s (%s, %s) ".format(index, total, clock(elapsedNanos), eta, spec.strategy.spec, spec.subject, spec.wait.id, plan.mode), false)
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
