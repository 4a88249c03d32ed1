package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.ProgramResult
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.clikt.parameters.options.option
import com.github.ajalt.clikt.parameters.options.required
import com.github.ajalt.mordant.terminal.Terminal
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.engine.footprint.FootprintSuite
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.FootprintResult
import dev.bakeoff.result.Results
import dev.bakeoff.result.Slope
import dev.bakeoff.wording.Units

/**
 * `bakeoff footprint`: per strategy and stack depth, the memory one waiting task keeps. Each row's JVM
 * parks ever more tasks on one gate through the strategy's open-loop form and measures the heap after
 * a full collection and the platform threads' native memory (native memory tracking) at each count;
 * the per-task figures are the slopes, with their 95% intervals. Prints a table, writes the
 * `footprint` section of results.json and a bar chart in report.html. Exit 1 when a row failed
 * (a strategy without an open-loop form, or one that holds only so many tasks at once, is listed as
 * not applicable); bad input is one line and exit code 2.
 */
internal class FootprintCommand : CliktCommand("footprint") {
    override fun help(context: Context) =
        "Measure the memory one waiting task keeps, per strategy: tasks parked on one gate at a stack depth, " +
            "the heap after a full GC and the platform threads' stacks (native memory tracking) against their count."

    private val strategy by option("--strategy", "-s", help = "Comma-separated strategy specs (id:key=value)")
        .required()
    private val tasks by option(
        "--tasks",
        help = "Comma-separated counts of parked tasks, at least two different, each 1 to " +
            "${FootprintSuite.MAX_TASKS} (what a measured JVM can hold; default: 1k..8k for a strategy that " +
            "starts a platform thread per task, else 1k..200k)",
    )
    private val depth by option(
        "--depth",
        help = "Comma-separated stack depths in frames, 1 to $MAX_DEPTH (default 1,10,50)",
    )
    private val out by option(
        "--out",
        "-o",
        help = "Results directory (default: results/footprint-<timestamp> in the checkout)",
    )
    private val force by forceOption()

    override fun run() {
        val counts = tasks?.let(::counts)
        val depths = depth?.let(::depths) ?: FootprintSuite.DEFAULT_DEPTHS
        val requested = out?.let(ResultFiles::outPath)
        val options = userInput {
            RunOptions(
                strategies = Strategies.catalog.resolveList(strategy, Strategies::inAll),
                workloads = emptyList(),
                out = requested ?: ResultFiles.DEFAULT_ROOT,
            )
        }
        val results = ResultFiles.session(requested, prefix = "footprint-", force = force) { session ->
            val o = options.copy(out = session.dir)
            val what = "${o.strategies.size} strategies x depths ${depths.joinToString()}"
            echo("footprint: $what, into ${ResultFiles.shown(o.out)}", err = true)
            FootprintSuite(o, depths, counts, { echo(it, err = true) }, session).run().also {
                echo(FootprintTable.render(terminal, it), trailingNewline = false)
                echo("results: ${ResultFiles.shown(o.out.resolve("results.json"))}")
            }
        }
        val bad = results.footprint.orEmpty().count { it.status != CellStatus.OK && it.status != CellStatus.SKIPPED }
        if (bad > 0) {
            echo("$bad footprint row(s) did not finish ok (see above)", err = true)
            throw ProgramResult(1)
        }
    }

    private fun counts(text: String): List<Int> {
        val valid = "at least two different whole numbers from 1 to ${FootprintSuite.MAX_TASKS} (what a measured " +
            "JVM can hold), comma-separated (e.g. 1000,10000)"
        val values = numbers(text, "--tasks", valid)
        if (values.any { it !in 1..FootprintSuite.MAX_TASKS } || values.size < 2) throw invalid("--tasks", text, valid)
        return values
    }

    private fun depths(text: String): List<Int> {
        val values = numbers(text, "--depth", "comma-separated whole numbers from 1 to $MAX_DEPTH")
        if (values.any { it !in 1..MAX_DEPTH }) throw invalid("--depth", text, "whole numbers from 1 to $MAX_DEPTH")
        return values
    }

    /** [text] as distinct whole numbers, ascending; one line and exit code 2 for anything else. */
    private fun numbers(text: String, option: String, valid: String): List<Int> =
        text.split(',').map { it.trim().toIntOrNull() ?: throw invalid(option, text, valid) }.distinct().sorted()

    private fun invalid(option: String, text: String, valid: String) =
        UsageError("invalid $option '$text'; valid: $valid", statusCode = 2)

    private companion object {
        /** Deeper than this, a platform thread's default stack would be the limit, not the strategy. */
        const val MAX_DEPTH = 1_000
    }
}

/** The console view of a footprint run: one row per strategy and depth, then each row's problem. */
internal object FootprintTable {
    private val HEADER =
        listOf("strategy", "depth", "tasks", "heap / task", "stack reserved / task", "committed / task")

    fun render(terminal: Terminal, results: Results): String = buildString {
        val rows = results.footprint.orEmpty()
        if (rows.isEmpty()) return@buildString
        appendLine("Memory one waiting task keeps (slope over the task counts):")
        appendLine(terminal.render(compactTable(HEADER, rows.map(::row))))
        for (r in rows.filter { it.error != null }) {
            appendLine("  ${r.strategy} at depth ${r.depth}: ${r.status}: ${r.error}")
        }
        // A line through two counts has no spread to estimate an interval from: say so, never a bare "CI".
        if (rows.any { it.heapBytesPerTask != null && it.heapBytesPerTask.low == null }) {
            appendLine("  no interval: a slope through two task counts has none; three or more (--tasks) give one")
        }
    }

    private fun row(r: FootprintResult): List<String> {
        val counts = r.points.map { it.tasks }
        val range = if (counts.isEmpty()) r.status.id else "${counts.first()}..${counts.last()} (${counts.size})"
        return listOf(
            r.strategy,
            "${r.depth}",
            range,
            r.heapBytesPerTask?.let(::interval) ?: "-",
            r.threadReservedPerTask?.let { Units.bytes(it.value) } ?: "-",
            r.threadCommittedPerTask?.let { Units.bytes(it.value) } ?: "-",
        )
    }

    /** A slope in bytes with its interval where it has one: `1.02 KiB (95% CI 998 B–1.05 KiB)`. */
    private fun interval(s: Slope): String {
        val low = s.low ?: return Units.bytes(s.value)
        return "${Units.bytes(s.value)} (95% CI ${Units.bytes(low)}–${Units.bytes(checkNotNull(s.high))})"
    }
}
