package dev.bakeoff.report

import dev.bakeoff.metrics.DecisionReasons
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.GroupResult
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.PairOutcome
import dev.bakeoff.result.RaceInfo
import dev.bakeoff.result.Results
import dev.bakeoff.result.TimeStats
import dev.bakeoff.wording.Units

/**
 * What `bakeoff run` and `bakeoff report` print: a [header] block stating the machine and preset,
 * then one [RankedTable] per [RankedGroup] of the run's [RunView], and last [answer], one line per
 * group ([Answer]), and the run in one sentence ([RunSummary]). Compact, as a run prints it without
 * `--verbose`, each table keeps its first [TOP] ranks and `direct`, and the sentences about single cells
 * (not steady, pinned) are summed up in one line each, so that the 130 cells of the default suite fit
 * on a few screens; report.html has every cell. Plain strings, so it is tested on content and rendered
 * by the CLI (mordant tables). Immutable; [of] is a pure function, safe from any thread.
 */
internal data class ConsoleReport(
    val header: List<String>,
    val tables: List<RankedTable>,
    /** "The answer": one line per group, what the console ends with (empty for blocks without groups). */
    val answer: List<String> = emptyList(),
    /** After the answer: the run in one sentence and what to do about undecided groups ([RunSummary]). */
    val summary: List<String> = emptyList(),
) {
    companion object {
        /** The column headers of every [RankedTable]. */
        val COLUMNS = listOf("#", "strategy", "median", "min–max", "×best", "×direct", "peak thr", "alloc/batch")

        /** The ranks a compact table shows (and `direct`, the baseline, wherever it ranks). */
        const val TOP = 5

        /** Builds the report; groups keep the order in which their first cell appears in [results]. */
        fun of(results: Results, compact: Boolean = false): ConsoleReport = of(RunView.of(results), compact)

        /** Builds the report from a view already built, so its tables rank exactly as the view's groups. */
        fun of(view: RunView, compact: Boolean = false): ConsoleReport = ConsoleReport(
            header(view.results),
            view.groups.map { table(it, view.results.machine.cores, compact) },
            Answer.of(view).map { it.text },
            RunSummary.of(view).lines,
        )

        private fun header(r: Results): List<String> {
            val m = r.machine
            val statuses = r.cells.groupingBy { it.status }.eachCount().entries.joinToString { (s, n) -> "$n $s" }
            val preset = r.preset
            return listOfNotNull(
                "Bakeoff ${r.bakeoffVersion}, results of ${r.createdAt}",
                "incomplete: the run was interrupted or is still going".takeUnless { r.complete },
                "machine: ${m.cores} cores${if (m.hostCores != m.cores) " (of ${m.hostCores} on the host)" else ""}, " +
                    "${Units.bytes(m.memoryBytes.toDouble())}, ${m.os} ${m.arch}, ${m.jdkVendor} ${m.jdkVersion} " +
                    "(${m.jvmName})",
                m.harnessNsPerItem?.let {
                    "harness: ${Units.nanos(it)} per item (Bakeoff's own path, measured this run)"
                },
                "preset: ${preset.id} (${forks(preset.forks, r.cells.any { it.race != null })}): ${preset.summary}",
                "items: ${r.cells.map { it.items }.distinct().joinToString().ifEmpty { "–" }}",
                "cells: ${r.cells.size}${if (statuses.isEmpty()) "" else " ($statuses)"}",
                forkCost(r.cells.mapNotNull { it.race }),
            )
        }

        /**
         * A fixed preset's forks a cell, or a race's: [first] a cell to screen, then more where a group is still
         * open, so a header never says "1 fork" over a run of a hundred JVMs (the forks line counts them).
         */
        private fun forks(first: Int, raced: Boolean): String {
            val n = "$first fork${if (first == 1) "" else "s"}"
            return if (raced) "$n a cell to screen, more where a group is open" else n
        }

        /** What a raced run's forks cost: the budget pays for JVMs, not for runs. Null when nothing raced. */
        private fun forkCost(races: List<RaceInfo>): String? {
            if (races.isEmpty()) return null
            val screening = races.mapNotNull { it.screeningNs }.average()
            val further = races.filter { it.furtherForkNs != null }
            val mean = further.sumOf { it.furtherForkNs!! * (it.forks - 1) }.toDouble() / further.sumOf { it.forks - 1 }
            return "forks: ${races.sumOf { it.forks }} JVMs; " +
                "a screening fork took ${Units.nanos(screening)} on average (its untimed passes included)" +
                if (further.isEmpty()) "" else ", a further one ${Units.nanos(mean)} (JVM start, warm-up, timed runs)"
        }

        /**
         * The table of one [group]: its ranked cells (only the first [TOP] and `direct` when [compact]),
         * the winner line and its problem cells.
         */
        internal fun table(group: RankedGroup, cores: Int, compact: Boolean = false): RankedTable {
            val ranked = group.ranked.map { Ranked(it, checkNotNull(it.timeNs)) }
            val direct = ranked.firstOrNull { it.cell.strategy == DIRECT }?.cell
            val shown = ranked.withIndex().filter { (i, r) -> !compact || i < TOP || r.cell.strategy == DIRECT }
            val rows = shown.map { (i, r) ->
                listOf(
                    // The winner and the cells not told apart from it share the first rank.
                    if (group.leads(r.cell)) "1" else "${i + 1}",
                    r.cell.strategy,
                    Units.nanos(r.time.median),
                    range(r.time.min, r.time.max),
                    // The ranking's figure, as the verdict and the decision's reason state it.
                    Units.ratio(checkNotNull(group.ratio(r.cell))),
                    direct?.let { Units.ratio(checkNotNull(group.ratio(r.cell, it))) } ?: DASH,
                    r.cell.threads?.peakLive?.toString() ?: DASH,
                    r.cell.allocBytesPerOp?.let(Units::bytes) ?: DASH,
                )
            }
            // A cell stopped at its floor: at least its floor, never timed; its traced batch (tracing included) for
            // scale.
            val best = ranked.firstOrNull()?.time?.median
            val floored = group.floored.takeUnless { compact }.orEmpty().map { c ->
                val floor = checkNotNull(c.floorNs)
                listOf(
                    DASH,
                    c.strategy,
                    "≥ ${Units.nanos(floor)}",
                    c.tracedNs?.let { "traced ${Units.nanos(it)}" } ?: DASH,
                    best?.let { "≥ ${Units.ratio(floor / it)}" } ?: DASH,
                    DASH,
                    c.threads?.peakLive?.toString() ?: DASH,
                    DASH,
                )
            }
            val problems = group.problems.map { c -> "${c.strategy}: ${c.status}: ${RankedGroup.reason(c)}" }
            val explanations = Verdicts.of(group, cores, perCell = !compact).lines + listOfNotNull(flooredLine(group))
            val omitted = omittedLine(ranked.size - shown.size, group.floored.size.takeIf { compact } ?: 0)
            val verdict = verdict(group, ranked)
            return RankedTable(group.title, COLUMNS, rows + floored, verdict, problems, explanations, omitted)
        }

        /** What a compact table leaves out and where to find it, or null when it shows every cell. */
        private fun omittedLine(behind: Int, floored: Int): String? {
            if (behind + floored == 0) return null
            val parts = listOfNotNull(
                "$behind ranked behind".takeIf { behind > 0 },
                "$floored stopped at their floor".takeIf { floored > 0 },
            )
            return "… and ${behind + floored} more (${parts.joinToString()}): report.html has every cell, " +
                "--verbose prints them here"
        }

        /** Why the group's floored cells have a floor instead of a median ("≥" rows), or null without any. */
        private fun flooredLine(group: RankedGroup): String? {
            val cells = group.floored.takeIf { it.isNotEmpty() } ?: return null
            val names = cells.joinToString { "${it.strategy} (≥ ${Units.nanos(checkNotNull(it.floorNs))})" }
            return "cannot win by their floor: $names — their items' waits alone, over the items each keeps in " +
                "flight, exceed twice the leader's slowest run; each ran one traced batch (its figures), no timed one"
        }

        /**
         * The group's decision in one line: the winner (or the tie, or the leader not yet told apart)
         * and how much faster it is than direct, or than the fastest cell behind it.
         */
        private fun verdict(group: RankedGroup, ranked: List<Ranked>): String {
            val winner = ranked.firstOrNull() ?: return "no winner: no strategy completed"
            val decision = checkNotNull(group.decision)
            val time = "${winner.cell.strategy} (${Units.nanos(winner.time.median)})"
            val head = when (decision.status) {
                GroupStatus.DECIDED -> "winner: $time"
                GroupStatus.TIE -> "tie: $time with ${decision.tiedWith.joinToString()}"
                GroupStatus.UNDECIDED -> "undecided: $time leads, " + unsettled(decision)
            }
            if (ranked.size == 1) return "$head, the only strategy that completed"
            // Against direct when it is behind (the baseline every strategy must beat), else the fastest cell behind.
            val behind = ranked.filterNot { group.leads(it.cell) }
            val against = behind.firstOrNull { it.cell.strategy == DIRECT } ?: behind.firstOrNull() ?: return head
            val role = when {
                against.cell.strategy == DIRECT -> ""
                decision.status == GroupStatus.DECIDED -> "the runner-up, "
                else -> "the fastest of the rest, "
            }
            val factor = Units.ratio(checkNotNull(group.ratio(against.cell)))
            return "$head, $factor× faster than $role${against.cell.strategy} (${Units.nanos(against.time.median)})"
        }

        /**
         * `not settled against coroutine-io (executor-cached, rx-io equivalent); resolution ×1.05`: the cells that
         * keep an undecided group open, apart from those already shown within the margin (every cell it shares
         * the star with in files written before each pair kept its outcome), and the smallest gap its forks
         * could have shown at its levels ([DecisionReasons.resolution]).
         */
        private fun unsettled(decision: GroupResult): String {
            val open = decision.tests.filter { it.outcome == PairOutcome.UNRESOLVED }.map { it.strategy }
            val same = decision.tests.filter { it.outcome == PairOutcome.EQUIVALENT }.map { it.strategy }
            val shown = if (same.isEmpty()) "" else " (${same.joinToString()} equivalent)"
            val resolution = DecisionReasons.resolution(decision.tests)?.let { "; resolution ×${Units.ratio(it)}" }
            return "not settled against ${open.ifEmpty { decision.tiedWith }.joinToString()}$shown" +
                resolution.orEmpty()
        }

        private fun range(min: Double, max: Double): String {
            val lo = Units.nanos(min)
            val hi = Units.nanos(max)
            // "1.20–1.31 ms" when both share a unit, else "980 µs–1.31 ms".
            val sameUnit = lo.substringAfter(' ') == hi.substringAfter(' ')
            return if (sameUnit) "${lo.substringBefore(' ')}–$hi" else "$lo–$hi"
        }

        private const val DIRECT = "direct"
        private const val DASH = "–"
    }

    private class Ranked(val cell: CellResult, val time: TimeStats)
}

/**
 * The cells of one (workload, items, wait) group: completed cells ranked as the decision ranks them
 * ([rows], fastest first, under [header]), the [verdict] line naming the winner, one line per
 * cell that did not complete ([problems]: strategy, status and the first line of its error), and
 * the group's plain-language [explanations] (its [Verdicts], built from the same ranked group), and
 * in a compact table the line saying how many cells it [omitted].
 */
internal data class RankedTable(
    val title: String,
    val header: List<String>,
    val rows: List<List<String>>,
    val verdict: String,
    val problems: List<String>,
    val explanations: List<String> = emptyList(),
    val omitted: String? = null,
)
