package dev.bakeoff.cli

import dev.bakeoff.engine.fork.RunListener
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.report.RunSummary
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.wording.Units

/**
 * A run's progress on stderr, a line per cell ended: position, elapsed, ETA, the cell and how it
 * ended. With [verbose], every cell's line, its start printed as the cell starts, and every trace
 * pass announced. By default compact, so that a default run's whole console (130 cells) stays
 * short: the line of a cell that did not end ok (its error), of the cell that completes each
 * [STEPS]th part of the cells, and of each race round, printed whole when the cell ends.
 * Bakeoff's own cost per item and its failure are printed either way.
 *
 * Called on the thread running the suite only.
 */
internal class ProgressPrinter(
    private val verbose: Boolean,
    /** A race's budget: its end, not the screening's ETA, bounds the run (null for a fixed plan). */
    private val budgetNanos: Long? = null,
    private val echo: (String, Boolean) -> Unit,
) : RunListener {
    /** The cell whose start line is waiting for its end, if any. */
    private var open: Int? = null

    /** Compact: the start line of the [open] cell, printed with its end only if that end is shown. */
    private var held = ""

    /** The cells ended at least once (a race forks a cell again in later rounds). */
    private val ended = mutableSetOf<Int>()

    override fun cellStarted(
        index: Int,
        total: Int,
        spec: CellSpec,
        plan: MeasurementPlan?,
        elapsedNanos: Long,
        etaNanos: Long?,
    ) {
        val eta = eta(elapsedNanos, etaNanos)
        val cell = cell(spec.strategy.spec, spec.subject, spec.wait.id, plan?.mode ?: "not planned")
        val line = "[%3d/%d] %s elapsed, %s  %s".format(index, total, clock(elapsedNanos), eta, cell)
        if (verbose) echo(line, false) else held = line
        open = index
    }

    override fun cellFinished(index: Int, total: Int, result: CellResult) {
        val first = ended.add(index)
        val step = (total + STEPS - 1) / STEPS
        val shown = verbose || result.status != CellStatus.OK ||
            (first && (ended.size % step == 0 || ended.size == total))
        val started = open == index
        open = null
        if (!shown) return
        val detail = result.timeNs?.let { "median ${Units.nanos(it.median)}" }
            ?: result.floorNs?.takeIf { result.status == CellStatus.OK }
                ?.let { "cannot win: floor ${Units.nanos(it)}, traced batch only" }
            ?: result.error.orEmpty()
        // A cell traced beside others had no start line: its line names it.
        val head = when {
            !started -> {
                val mode = result.plan?.mode
                "[%3d/%d] %s".format(index, total, cell(result.strategy, result.workload, result.wait.id, mode))
            }

            verbose -> ""

            else -> held
        }
        echo("$head${result.status} $detail", true)
    }

    override fun tracesStarted(cells: Int, atOnce: Int, elapsedNanos: Long) {
        if (!verbose) return
        val elapsed = clock(elapsedNanos)
        echo("tracing $cells cell(s) that cannot win by their floor, $atOnce at a time ($elapsed elapsed)", true)
    }

    /**
     * A fixed plan's ETA, or a race's end: the screening's ETA covers none of the timing rounds, which run until the
     * budget's end at the latest, so a race states that end (or the screening's, should it run past the budget).
     */
    private fun eta(elapsedNanos: Long, etaNanos: Long?): String {
        val budget = budgetNanos ?: return etaNanos?.let { "ETA ~${clock(it)}" } ?: "ETA --"
        val screening = etaNanos?.let { elapsedNanos + it }
        return if (screening != null && screening > budget) {
            "screening ends ~${clock(screening)}, past the budget"
        } else {
            ends(budget)
        }
    }

    private fun ends(budget: Long) = "ends by ${clock(budget)} at the latest, the budget"

    private fun cell(strategy: String, subject: String, wait: String, mode: Any?) =
        "%s x %s (%s, %s) ".format(strategy, subject, wait, mode)

    override fun roundStarted(
        round: Int,
        cells: Int,
        groups: List<GroupKey>,
        budgetLeftNanos: Long,
        waiting: List<GroupKey>,
        maxForks: Int,
        short: List<GroupKey>,
    ) {
        val names = RunSummary.names(groups + waiting + short)
        fun wait(keys: List<GroupKey>, why: (String) -> String) = if (keys.isEmpty()) {
            ""
        } else {
            val (verb, them) = if (keys.size == 1) "waits" to "it" else "wait" to "them"
            "; ${keys.joinToString(", ") { names.getValue(it) }} $verb, as ${why(them)}"
        }
        val wait = wait(waiting) { "$maxForks forks a side would not settle $it yet" } +
            wait(short) { "the next round of $it (two, before its first test) would not fit in the budget left" }
        val served = groups.joinToString(", ") { names.getValue(it) }
        echo(
            "race round $round: $cells cell(s) that could still win $served " +
                "get one more fork (${clock(maxOf(0, budgetLeftNanos))} of the budget left$wait)" +
                budgetNanos?.let { "; the run ${ends(it)}" }.orEmpty(),
            true,
        )
    }

    override fun harnessStarted() {
        echo("[  0] measuring Bakeoff's own cost per item (direct x empty): ", false)
    }

    override fun harnessMeasured(nsPerItem: Double?, error: String?) {
        echo(nsPerItem?.let { "${Units.nanos(it)} per item" } ?: "not measured: $error", true)
    }

    private fun clock(nanos: Long): String {
        val s = nanos / 1_000_000_000
        return "%d:%02d".format(s / 60, s % 60)
    }

    companion object {
        /**
         * Compact progress shows the cell that completes each fifth of the run (every cell of a run of
         * five or fewer): with the heading, Bakeoff's own cost, the race's rounds and the report, a
         * default run's console stays within 150 lines.
         */
        const val STEPS = 5
    }
}
