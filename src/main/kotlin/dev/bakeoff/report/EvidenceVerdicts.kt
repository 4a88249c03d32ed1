package dev.bakeoff.report

import dev.bakeoff.metrics.DecisionReasons
import dev.bakeoff.metrics.ForkVerdict
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.EventTally
import dev.bakeoff.result.Evidence
import dev.bakeoff.wording.Units

/**
 * The verdict sentences that cite a group's evidence (the JFR events, context switches and CPU use
 * its cells recorded in their untimed evidence pass): which strategies were pinned, which waited
 * for a contended monitor, how much of a batch GC took, how often threads switched per item, how
 * busy the cores were. Each sentence appears only when its figures were measured in the run, and
 * the first three only when there is something to say (a pin, contention on at least one item in
 * ten, GC taking at least 5% of a batch).
 * Figures are per batch of the evidence pass, which ran under JFR and so may be slower than the
 * measured batches: counts and shares, not times, are what it tells. Pure; thread-safe.
 */
internal object EvidenceVerdicts {
    /**
     * The sentences for a group's [ranked] cells (fastest first) on a machine with [cores]; without
     * [perCell], the pinned cells share one line.
     */
    fun lines(ranked: List<CellResult>, cores: Int, perCell: Boolean = true): List<String> {
        val measured = ranked.mapNotNull { c -> c.evidence?.let { c to it } }
        if (measured.isEmpty()) return emptyList()
        return pinnedLines(measured, perCell) + listOfNotNull(
            monitorLine(measured),
            gcLine(measured),
            switchesLine(measured),
            cpuLine(measured, cores),
        )
    }

    private fun pinnedLines(measured: List<Pair<CellResult, Evidence>>, perCell: Boolean): List<String> {
        val pinned = measured.mapNotNull { (c, e) -> e.pinned?.takeIf { it.count > 0 }?.let { c to it } }
        if (!perCell && pinned.size > 1) {
            val names = pinned.joinToString { it.first.strategy }
            return listOf("pinned events under $names (--verbose counts them)$PINNED")
        }
        return pinned.map { (c, tally) ->
            "${c.strategy}: ${count(tally.count)} pinned events per batch, ${Units.nanos(tally.totalNs)} pinned " +
                "in total$PINNED"
        }
    }

    /**
     * The strategy whose threads waited longest to enter a contended `synchronized`, if at least one
     * item in [CONTENDED_ITEMS] had to: a few enters per batch are the JDK's own locks, not the work's.
     */
    private fun monitorLine(measured: List<Pair<CellResult, Evidence>>): String? {
        val (c, e) = measured.filter { (c, e) -> (e.monitorEnters?.count ?: 0.0) * CONTENDED_ITEMS >= c.items }
            .maxByOrNull { it.second.monitorEnters!!.totalNs } ?: return null
        val enters = e.monitorEnters!!
        val perItem = Units.nanos(enters.totalNs / c.items)
        return "contended `synchronized`: under ${c.strategy} threads blocked ${count(enters.count)} times per " +
            "batch entering a monitor, ${Units.nanos(enters.totalNs)} in total ($perItem per item)"
    }

    /** The strategy whose batch GC paused the most, as a share of the batch, against the winner's. */
    private fun gcLine(measured: List<Pair<CellResult, Evidence>>): String? {
        val shares = measured.filter { it.second.gcShare != null }
        val (c, e) = shares.maxByOrNull { it.second.gcShare!! }?.takeIf { it.second.gcShare!! >= GC_SHARE }
            ?: return null
        val gc = e.gcPauses!!
        val winner = shares.first().takeIf { it.first !== c }
            ?.let { (w, we) -> "; ${percent(we.gcShare!!)} under ${w.strategy}" }.orEmpty()
        return "${c.workload}: GC took ${percent(e.gcShare!!)} of the batch under ${c.strategy} " +
            "(${count(gc.count)} pauses, ${Units.nanos(gc.totalNs)} per batch)$winner"
    }

    /** The strategy whose threads switched most per item, against the one that switched least. */
    private fun switchesLine(measured: List<Pair<CellResult, Evidence>>): String? {
        val switching = measured.filter { it.second.switches != null }
        val (c, e) = switching.maxByOrNull { perItem(it.first, it.second) } ?: return null
        val ended = e.threadsEnded?.takeIf { it > 0 }
            ?.let { " (at least: ${count(it)} threads per batch ended before they could be counted)" }.orEmpty()
        val least = switching.minBy { perItem(it.first, it.second) }.takeIf { it.first !== c }
            ?.let { (l, le) -> "; ${Units.sig3(perItem(l, le))} under ${l.strategy}" }.orEmpty()
        return "${c.strategy}: ${Units.sig3(perItem(c, e))} context switches per item " +
            "(${Units.sig3(e.voluntarySwitches!! / c.items)} voluntary, " +
            "${Units.sig3(e.involuntarySwitches!! / c.items)} involuntary)$ended$least"
    }

    /** How busy the cores were under the winner and under the slowest strategy. */
    private fun cpuLine(measured: List<Pair<CellResult, Evidence>>, cores: Int): String? {
        val busy = measured.mapNotNull { (c, e) -> e.cpuUtilisation?.let { c to it } }
        val (winner, w) = busy.firstOrNull() ?: return null
        val slowest = busy.last().takeIf { it.first !== winner }
            ?.let { (s, u) -> ", ${s.strategy} ${percent(u)}" }.orEmpty()
        return "CPU use: ${winner.strategy} kept ${percent(w)} of the $cores cores busy$slowest"
    }

    /**
     * A several-JDK run's pinning sentences ([Comparison.ofJdks]): each compared cell pinned on one JDK
     * and not on the other, with both pinned counts measured, and the other JDK's time ratio.
     */
    fun acrossJdks(c: Comparison): List<String> = c.rows.mapNotNull { r ->
        val base = r.base.cell.evidence?.pinned ?: return@mapNotNull null
        val new = r.new.cell.evidence?.pinned ?: return@mapNotNull null
        val (pinned, pinnedOn, freeOn, ratio) = when {
            base.count > 0 && new.count == 0.0 -> Quad(base, c.baseLabel, c.newLabel, 1 / r.ratio)
            new.count > 0 && base.count == 0.0 -> Quad(new, c.newLabel, c.baseLabel, r.ratio)
            else -> return@mapNotNull null
        }
        val how = when {
            r.pair.separation != null -> "significant: every fork over ${Units.sig3(GroupDecision.SEPARATION)}× apart"

            r.verdict == ForkVerdict.FASTER || r.verdict == ForkVerdict.SLOWER ->
                "significant: p ${DecisionReasons.pValue(r.pValue!!)}"

            else -> r.verdictLabel
        }
        // ratio: the pinned side's time (geometric-mean fork median) over the other's.
        val speed = if (ratio >= 1) "${Units.ratio(ratio)}× faster" else "${Units.ratio(1 / ratio)}× slower"
        "${r.title}: on $pinnedOn ${count(pinned.count)} pinned events per batch, ${Units.nanos(pinned.totalNs)} " +
            "pinned in total — `synchronized` holds the carrier; $freeOn does not pin ($speed; $how)"
    }

    private data class Quad(val pinned: EventTally, val pinnedOn: String, val freeOn: String, val ratio: Double)

    private fun perItem(c: CellResult, e: Evidence) = e.switches!! / c.items

    private fun count(x: Double) = Units.sig3(x)

    private fun percent(x: Double) = "${Units.sig3(x * 100)}%"

    /** What a pinned event means, after the cells that had some. */
    private const val PINNED = ": a virtual thread that blocks inside `synchronized` (before JDK 24) or under a " +
        "native frame holds its carrier thread"

    /** GC under 5% of a batch explains little of its time. */
    private const val GC_SHARE = 0.05

    /** One contended enter per this many items makes contention part of the work. */
    private const val CONTENDED_ITEMS = 10
}
