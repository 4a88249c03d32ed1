package dev.bakeoff.report

import dev.bakeoff.metrics.RankedCell
import dev.bakeoff.metrics.Trend
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.ResultValue
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units

/**
 * The plain-language verdict of one [RankedGroup]: its [key] (and [title], as the console
 * table's), and its sentences. A plain value ([ResultValue]), so adding a field breaks no caller. Immutable.
 */
public class Verdict(public val key: GroupKey, public val lines: List<String>) : ResultValue() {
    override val fields get() = listOf(::key, ::lines)

    public val title: String get() = key.title
}

/**
 * Plain-language verdicts generated from the figures of one run only: per (workload, items,
 * wait) group, who won and by how much, how close the winner came to the physical limit
 * (`efficiency`; the part that sets the limit, and so what sets the time at it), and the mechanism the metrics
 * show at the slow end (threads used, items per thread, queue wait), the per-item overhead above the limit
 * (`(median - limitNs) / items`), allocation, and the evidence ([EvidenceVerdicts]: pinning, contended monitors,
 * GC, context switches, CPU use). A sentence whose figures were not measured is left out, never guessed.
 *
 * The winner and its decision are the [RankedGroup]'s, so they are the console table's and the HTML
 * matrix's; only a decided group's winner "wins", otherwise it "leads". Used after
 * each table by the console report, by the HTML report and by `recommend --from`. Pure; thread-safe.
 */
public object Verdicts {
    internal fun of(results: Results): List<Verdict> = of(RunView.of(results))

    internal fun of(view: RunView): List<Verdict> = view.groups.map { of(it, view.results.machine.cores) }

    /** The verdict of one [group] of a run on a machine with [cores]. */
    public fun of(group: RankedGroup, cores: Int): Verdict = of(group, cores, perCell = true)

    /**
     * The verdict of one [group]; without [perCell], the sentences that each name one cell (not
     * steady, pinned) are summed up in one line each, as a compact console prints them.
     */
    internal fun of(group: RankedGroup, cores: Int, perCell: Boolean): Verdict =
        Verdict(group.key, lines(group, cores, perCell))

    private fun lines(group: RankedGroup, cores: Int, perCell: Boolean): List<String> {
        val ranked = group.rankedCells
        val winner = ranked.firstOrNull() ?: return listOf("no verdict: no strategy completed")
        val decision = checkNotNull(group.decision)
        return listOfNotNull(
            winnerLine(group, decision.status),
            // The decision and the figures behind it; a lone strategy has nothing to be decided against.
            decision.takeIf { it.tests.isNotEmpty() }?.let { "${it.status}: ${it.reason}" },
            limitLine(winner.cell),
            slowEndLine(group, cores),
            overheadLine(winner, ranked),
            allocationLine(group.ranked),
        ) + steadyLines(group.ranked, perCell) + EvidenceVerdicts.lines(group.ranked, cores, perCell)
    }

    /**
     * Every ranked cell whose runs still trended in a fork: its median, over all its runs, is not
     * settled, while the group's tests count each fork from where its runs stop trending beyond chance
     * ([dev.bakeoff.metrics.ForkSample.steadyTail]), so a decided group stays decided. One line per
     * cell with [perCell], else one line for them all.
     */
    private fun steadyLines(ranked: List<CellResult>, perCell: Boolean): List<String> {
        val unsettled = ranked.filter { it.steady == false }
        if (!perCell && unsettled.size > 1) {
            val winner = if (unsettled.first() === ranked.first()) ", the winner's among them" else ""
            return listOf(
                "not steady: ${unsettled.size} of ${ranked.size} strategies' runs still trended$winner; " +
                    "their figures would change with a longer run, and the group's tests left out their runs " +
                    "before they settled (--verbose names them)",
            )
        }
        return unsettled.map { c ->
            val drift = c.firstToLast?.let { " (${Trend.told(it)})" }.orEmpty()
            val role = if (c === ranked.first()) "the winner, " else ""
            "not steady: ${role}${c.strategy}'s runs still trended$drift; " +
                "its figure would change with a longer run, and the group's tests left out its runs before they settled"
        }
    }

    private fun winnerLine(group: RankedGroup, status: GroupStatus): String {
        val ranked = group.rankedCells
        val winner = ranked.first()
        // Only a decided group has a winner; otherwise the fastest median merely leads.
        val verb = if (status == GroupStatus.DECIDED) "wins" else "leads"
        val head = "${winner.strategy} $verb at ${Units.nanos(median(winner))}"
        val runnerUp = ranked.getOrNull(1) ?: return "$head (the only strategy that completed)"
        val slowest = ranked.last()
        val tail = if (slowest === runnerUp) {
            ""
        } else {
            ", ${ratio(group, slowest)}× ahead of the slowest, ${slowest.strategy} (${Units.nanos(median(slowest))})"
        }
        val second = "${runnerUp.strategy} (${Units.nanos(median(runnerUp))})"
        return "$head, ${ratio(group, runnerUp)}× ahead of $second$tail"
    }

    private fun limitLine(winner: CellResult): String? {
        val limit = winner.limitNs ?: return null
        val eff = winner.efficiency ?: return null
        val judgement = when {
            eff > BEYOND ->
                "above 1, which no batch can reach: a measurement problem (the work waits less " +
                    "than it declares, or the timing is wrong), not a result"

            eff >= CLOSE ->
                "within ${percent(maxOf(0.0, 1 - eff))} of what this machine allows: " +
                    LimitWording.setter(winner.limitParts)

            eff >= HALF -> "${percent(1 - eff)} of its time is above the limit: some room left"

            else -> LimitWording.far(winner)
        }
        val parts = winner.limitParts?.let { " (${LimitWording.binding(it)})" }.orEmpty()
        return "physical limit ${Units.nanos(limit)}$parts; the winner's efficiency is ${Units.sig3(eff)}, $judgement"
    }

    /**
     * Why the least efficient strategy is slow, from its trace: how few threads, how many items
     * each, how long items queued.
     */
    private fun slowEndLine(group: RankedGroup, cores: Int): String? {
        val ranked = group.rankedCells
        if (ranked.size < 2) return null
        val slowest = ranked.last()
        val slow = slowest.cell
        val spread = slow.perThread ?: return null
        val eff = slow.efficiency?.let { ", efficiency ${Units.sig3(it)}" } ?: ""
        val used = spread.threadsUsed
        val threads = "$used thread${if (used == 1) "" else "s"}${if (used == cores) " (as many as cores)" else ""}"
        val each = if (spread.minTasks == spread.maxTasks) {
            "${spread.maxTasks} item${if (spread.maxTasks == 1) "" else "s"} each"
        } else {
            "${spread.minTasks}-${spread.maxTasks} items each"
        }
        val queue = slow.latencyNs?.queueWait
            ?.let { "; items waited up to ${Units.nanos(it.p99.toDouble())} (p99) before starting" }
            .orEmpty()
        return "${slow.strategy} is slowest (${ratio(group, slowest)}× the winner$eff): " +
            "it ran the batch on $threads, $each$queue"
    }

    /** The strategy paying the most per item above the limit, against the winner's per-item overhead. */
    private fun overheadLine(winner: RankedCell, ranked: List<RankedCell>): String? {
        val withLimit = ranked.filter { it.cell.limitNs != null }
        if (withLimit.size < 2) return null
        val worst = withLimit.maxBy { overhead(it) }
        if (worst === winner) return null
        val best = winner.takeIf { it.cell.limitNs != null }
            ?.let { " vs ${Units.nanos(overhead(it))} for ${it.strategy}" }
            .orEmpty()
        return "highest per-item overhead: ${worst.strategy}, ${Units.nanos(overhead(worst))}/item above the limit$best"
    }

    private fun allocationLine(ranked: List<CellResult>): String? {
        val measured = ranked.mapNotNull { c -> c.allocBytesPerOp?.let { c to it } }
        if (measured.size < 2) return null
        val (most, mostBytes) = measured.maxBy { it.second }
        val (least, leastBytes) = measured.minBy { it.second }
        val factor = mostBytes / maxOf(leastBytes, 1.0)
        if (factor < ALLOC_FACTOR) return null
        return "most allocation: ${most.strategy}, " +
            "${Units.bytes(mostBytes)}/batch (${Units.bytes(mostBytes / most.items)}/item), " +
            "${Units.ratio(factor)}× ${least.strategy} (${Units.bytes(leastBytes)})"
    }

    private fun median(c: RankedCell) = c.time.median

    /** How many times the winner's time [c] took, by the figure the ranking and the decision's reason use. */
    private fun ratio(group: RankedGroup, c: RankedCell) = Units.ratio(checkNotNull(group.ratio(c.cell)))

    /** `(median - limit) / items`, never below 0 (a limit is a lower bound; noise can put a median under it). */
    internal fun overhead(c: RankedCell): Double = maxOf(0.0, median(c) - (c.cell.limitNs ?: 0.0)) / c.cell.items

    private fun percent(x: Double) = "${Units.sig3(maxOf(0.0, x) * 100)}%"

    private const val CLOSE = 0.9

    /** An efficiency above this is no noise around a batch that reached its limit, but a wrong limit or time. */
    internal const val BEYOND = 1.05
    private const val HALF = 0.5
    private const val ALLOC_FACTOR = 2.0
}
