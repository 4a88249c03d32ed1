package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.clikt.parameters.options.flag
import com.github.ajalt.clikt.parameters.options.option
import com.github.ajalt.clikt.parameters.types.enum
import com.github.ajalt.clikt.parameters.types.int
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.engine.fork.CpuAffinity
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.recommend.Pick
import dev.bakeoff.engine.recommend.Recommender
import dev.bakeoff.engine.recommend.WorkDescription
import dev.bakeoff.engine.session.RunSession
import dev.bakeoff.engine.suite.SuiteRunner
import dev.bakeoff.metrics.RankedCell
import dev.bakeoff.model.WaitForm
import dev.bakeoff.report.Answer
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.RankedGroup
import dev.bakeoff.report.ResultsFileException
import dev.bakeoff.report.RunView
import dev.bakeoff.report.Verdicts
import dev.bakeoff.result.GroupResult
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units
import java.nio.file.Path

/**
 * `bakeoff recommend`: ranks strategies for described work (`--cpu-us`, `--wait-ms`, `--items`)
 * by a documented model of each strategy's concurrency, then confirms the top picks by measuring
 * them on the `synthetic` workload through the normal engine (unless `--no-confirm`); or, with
 * `--from`, ranks the strategies of a measured run.
 */
internal class RecommendCommand : CliktCommand(name = "recommend") {
    override fun help(context: Context) = "Rank strategies for your kind of work by a model of each strategy's " +
        "concurrency, then confirm the top ones by measuring them."

    private val cpuUs by option("--cpu-us", help = "CPU work per item, in microseconds").int()
    private val waitMsOption by option("--wait-ms", help = "Wait per item, in whole milliseconds (default: 0)").int()
    private val waitMs: Int get() = waitMsOption ?: DEFAULT_WAIT_MS
    private val itemsOption by option("--items", "-n", help = "Items per batch (default: 100)").int()
    private val items: Int get() = itemsOption ?: DEFAULT_ITEMS
    private val waitOption by option("--wait", help = "How the work waits: blocking or suspending (default: blocking)")
        .enum<WaitForm> { it.id }
    private val wait: WaitForm get() = waitOption ?: DEFAULT_WAIT
    private val strategy by option(
        "--strategy",
        "-s",
        help = "Candidates, comma-separated (default: one of each mechanism)",
    )
    private val cpus by cpusOption(
        "Cores to model, and the cores (taskset, -XX:ActiveProcessorCount) of the confirming run",
        bound = false,
    )
    private val topOption by option("--top", help = "How many of the top picks to confirm by measurement (default: 3)")
        .int()
    private val top: Int get() = topOption ?: DEFAULT_TOP
    private val noConfirm by option("--no-confirm", help = "Only predict; measure nothing").flag()
    private val presetOption by option(
        "--preset",
        "-p",
        help = "Preset of the confirming run: smoke, quick, standard or rigorous (default: smoke)",
    ).enum<Preset> { it.id }
    private val preset: Preset get() = presetOption ?: DEFAULT_PRESET
    private val out by option(
        "--out",
        "-o",
        help = "Output directory of the confirming run (default: results/recommend-<timestamp>)",
    )
    private val force by forceOption()
    private val from by option(
        "--from",
        help = "Rank the strategies of a measured run (a results.json) instead of predicting; " +
            "nothing else applies: the other options are refused with it",
    )

    override fun run() {
        from?.let {
            refuseWithFrom()
            return ranked(readResults(it), it)
        }
        // Checked before the prediction is printed, so that a refused --out is the only line.
        val requested = out?.let(ResultFiles::outPath)
        if (top < 1) throw UsageError("invalid --top '$top'; valid: a whole number >= 1", statusCode = 2)
        // Any count can be modelled; the confirming run must get it from this machine.
        if (!noConfirm) cpus?.let(CpuAffinity::problem)?.let { throw UsageError(it, statusCode = 2) }
        val cpu = cpuUs ?: throw UsageError(
            "describe the work with --cpu-us (and --wait-ms, --items), or point at a measured run with --from",
            statusCode = 2,
        )
        val work = userInput { WorkDescription(cpu, waitMs, items, wait) }
        val candidates = userInput {
            Strategies.catalog.resolveList(strategy ?: Strategies.recommended.joinToString(","), Strategies::inAll)
        }
        val cores = cpus ?: Runtime.getRuntime().availableProcessors()
        val picks = Recommender.rank(work, candidates, cores)
        if (picks.isEmpty()) {
            throw UsageError(
                "no candidate has a model; valid: ${Strategies.recommended.joinToString()}",
                statusCode = 2,
            )
        }
        echo("Predicted for ${work.items} items of $cpu µs CPU + $waitMs ms wait (${work.wait.id}) on $cores cores:")
        val rows = picks.mapIndexed { i, p ->
            listOf("${i + 1}", p.strategy.spec, Units.nanos(p.predictedNs), p.reason)
        }
        echo(terminal.render(compactTable(listOf("#", "strategy", "predicted", "why"), rows)))
        Recommender.unmodelled(candidates, work.wait, cores).takeIf { it.isNotEmpty() }
            ?.let { echo("no model (not ranked): ${it.joinToString()}") }
        if (noConfirm) {
            echo("recommendation: ${picks.first().strategy.spec} (predicted; run without --no-confirm to measure)")
            return
        }
        confirm(work, picks, preset, requested)
    }

    /** Measures the top picks on the `synthetic` workload and says whether the measurement agrees with the model. */
    private fun confirm(work: WorkDescription, picks: List<Pick>, preset: Preset, requested: Path?) =
        ResultFiles.session(requested, "recommend-", force) { session -> confirm(session, work, picks, preset) }

    private fun confirm(session: RunSession, work: WorkDescription, picks: List<Pick>, preset: Preset) {
        val dir = session.dir
        val options = Recommender.confirmation(work, picks, top, preset, dir, cpus)
        val top = options.strategies.size
        echo(
            "Confirming the top $top on ${work.workloadSpec} (preset ${preset.id}); results in ${ResultFiles.shown(
                dir,
            )}",
            err = true,
        )
        // A handful of cells: each one's line from its start, as a run's --verbose shows them.
        val progress = ProgressPrinter(verbose = true) { line, newline ->
            echo(line, trailingNewline = newline, err = true)
        }
        val results = SuiteRunner(options, progress, session).run()
        // The confirming run is one group: one workload, one item count, one wait form.
        val group = RunView.of(results).groups.single()
        val measured = group.rankedCells
        val predicted = picks.associate { it.strategy.spec to it.predictedNs }
        echo("Measured (${preset.id} preset):")
        val rows = measured.mapIndexed { i, c -> row(i, c, predicted[c.strategy]) }
        echo(terminal.render(compactTable(listOf("#", "strategy", "median", "predicted", "efficiency"), rows)))
        group.problems.forEach { echo("not ranked: ${it.strategy}: ${it.status}: ${RankedGroup.reason(it)}") }
        val best = measured.firstOrNull() ?: return echo("recommendation: none confirmed (no cell completed)")
        echo(
            "recommendation: ${best.strategy}, measured ${Units.nanos(best.time.median)}" +
                confirmation(best.strategy, picks.first().strategy.spec, group.decision),
        )
    }

    private fun row(i: Int, c: RankedCell, predictedNs: Double?) = listOf(
        "${i + 1}",
        c.strategy,
        Units.nanos(c.time.median),
        predictedNs?.let(Units::nanos) ?: "–",
        c.cell.efficiency?.let(Units::sig3) ?: "–",
    )

    /**
     * `--from` ranks what a run measured: every option that describes work, models it or confirms it would
     * be ignored, so each one given is refused in one line (a typed option is never silently dropped).
     */
    private fun refuseWithFrom() {
        val given = listOfNotNull(
            cpuUs?.let { "--cpu-us" },
            waitMsOption?.let { "--wait-ms" },
            itemsOption?.let { "--items" },
            waitOption?.let { "--wait" },
            strategy?.let { "--strategy" },
            cpus?.let { "--cpus" },
            topOption?.let { "--top" },
            "--no-confirm".takeIf { noConfirm },
            presetOption?.let { "--preset" },
            out?.let { "--out" },
            "--force".takeIf { force },
        )
        if (given.isEmpty()) return
        throw UsageError(
            "--from ranks a measured run as it was measured; drop ${given.joinToString()}",
            statusCode = 2,
        )
    }

    /**
     * `--from`: per group of the measured run, the strategies ranked by median with their
     * efficiency and overhead, then the verdict.
     */
    private fun ranked(results: Results, path: String) {
        val groups = RunView.of(results).groups
        if (groups.all { it.ranked.isEmpty() }) {
            val none = "${results.cells.size} cells, none ok"
            throw UsageError("$path has no measured cell to rank ($none)", statusCode = 2)
        }
        for (group in groups) {
            echo("${group.title}, measured:")
            val rows = group.rankedCells.mapIndexed { i, ranked ->
                val c = ranked.cell
                listOf(
                    "${i + 1}",
                    c.strategy,
                    Units.nanos(ranked.time.median),
                    c.efficiency?.let(Units::sig3) ?: "–",
                    c.limitNs?.let { Units.nanos(Verdicts.overhead(ranked)) } ?: "–",
                    c.perThread?.threadsUsed?.toString() ?: "–",
                )
            }
            val header = listOf("#", "strategy", "median", "efficiency", "overhead/item", "threads used")
            echo(terminal.render(compactTable(header, rows)))
            Verdicts.of(group, results.machine.cores).lines.forEach { echo("  - $it") }
            recommendation(group)?.let { echo("recommendation for ${group.title}: $it") }
        }
    }

    /**
     * The group's decided winner, or the strategies it could not tell apart, as one phrase: a tie
     * recommends any of them, an undecided group names its leaders and says more runs could tell.
     */
    private fun recommendation(group: RankedGroup): String? {
        val answer = Answer.of(group)
        val status = answer.status ?: return null
        val any = if (status == GroupStatus.TIE) "any of " else ""
        return "$any${answer.who} ($status: ${answer.reason})"
    }

    private fun readResults(path: String): Results = try {
        JsonReportFormat.read(ResultFiles.userPath(path, "--from"))
    } catch (e: ResultsFileException) {
        throw UsageError(e.message ?: "cannot read $path", statusCode = 2)
    }

    /** What an option left out means; its help states each, and HelpDefaultsTest holds the two together. */
    internal companion object {
        const val DEFAULT_WAIT_MS = 0
        const val DEFAULT_ITEMS = 100
        const val DEFAULT_TOP = 3
        val DEFAULT_WAIT = WaitForm.BLOCKING
        val DEFAULT_PRESET = Preset.SMOKE

        /**
         * What the confirming run says of the model's [predicted] pick, its [measured] leader and their group's
         * [decision]: "confirmed by measurement" only when the decision told the leader apart from every other
         * cell; a leader the runs cannot tell apart (a one-fork preset's usual outcome) confirms no single pick.
         */
        fun confirmation(measured: String, predicted: String, decision: GroupResult?): String {
            val decided = decision?.status == GroupStatus.DECIDED
            val verdict = when {
                measured == predicted && decided -> "the model's pick, confirmed by measurement"
                measured == predicted -> "the model's pick, measured first but not confirmed"
                decided -> "measured fastest; the model predicted $predicted"
                else -> "measured first, not told apart; the model predicted $predicted"
            }
            val open = decision?.takeUnless { decided }
                ?.let { "; ${it.status} with ${it.tiedWith.joinToString()}: ${it.reason}" }
            return " ($verdict)" + open.orEmpty()
        }
    }
}
