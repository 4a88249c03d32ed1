package dev.bakeoff.engine.race

import dev.bakeoff.engine.fork.JmhCellRunner
import dev.bakeoff.engine.fork.RunListener
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.Estimate
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.metrics.RankedCell
import dev.bakeoff.metrics.Trend
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus

/**
 * A race with a fixed schedule, as a [preset] runs: every cell gets the preset's forks, one fork at a
 * time, round by round ([order]), and no cell stops early unless a fork did not end ok. Round r gives
 * every cell its r-th fork, each group's cells in the race's order for that round
 * ([RaceRules.interleaved]), so a drift of the machine falls on a group's contenders alike instead of
 * on whichever cell ran last. A cell's first fork runs the untimed passes; later forks add their runs
 * ([ForkMerge]). A one-fork preset's cell still warming up (or slowing down) is measured once more with
 * a longer warm-up: there is no later fork to settle it. A fork whose timed runs other processes disturbed is
 * recorded as such ([dev.bakeoff.result.ForkAnatomy.otherCores]) and counts: the preset fixes its forks, so unlike
 * the race ([DisturbedForks]) it measures nothing again.
 *
 * Threading model: runs on the thread running the suite, one fork at a time; [listener] and [book]
 * are called on it. The cells are measured by the [measurer] the run gives.
 */
internal class FixedRace(
    private val preset: Preset,
    private val listener: RunListener,
    private val measurer: CellMeasurer,
    private val book: CellBook,
    private val nanoTime: () -> Long = System::nanoTime,
) {
    fun run(cells: List<CellSpec>) {
        val start = nanoTime()
        val forks = preset.forks
        val results = arrayOfNulls<CellResult>(cells.size)
        var done = 0
        for ((round, i) in order(cells, forks, { it.group }, { it.strategy.spec })) {
            val spec = cells[i]
            val previous = results[i]
            if (previous != null && previous.status != CellStatus.OK) continue
            val plan = (measurer.estimate(i + 1, spec) as? Estimate.Serial)?.let {
                preset.plan(it.nanos).copy(forks = 1)
            }
            val elapsed = nanoTime() - start
            val eta = if (done == 0) null else elapsed / done * (cells.size * forks - done)
            listener.cellStarted(i + 1, cells.size, spec, plan, elapsed, eta)
            var outcome = measurer.fork(i + 1, spec, plan, figures = previous == null)
            val drift = outcome.result.firstToLast
            if (forks == 1 && plan != null && outcome.result.steady == false && drift != null) {
                val warmups = plan.warmupIterations * 2 + 1
                val more = plan.copy(
                    warmupIterations = warmups,
                    reason = plan.reason + "; re-measured with $warmups warm-up iterations: " +
                        "in the first measurement ${Trend.told(drift)}",
                )
                listener.cellStarted(i + 1, cells.size, spec, more, nanoTime() - start, null)
                outcome = measurer.fork(i + 1, spec, more)
            }
            val merged = previous?.let(RankedCell::of)?.let { ForkMerge.merged(it, outcome.result) } ?: outcome.result
            val result = merged.copy(plan = merged.plan?.copy(forks = round))
            results[i] = result
            book.record(i, JmhCellRunner.Outcome(result, outcome.jmh))
            listener.cellFinished(i + 1, cells.size, result)
            done++
        }
    }

    companion object {
        /**
         * The order a preset of [forks] forks a cell runs [cells]' forks in, as (round, index) pairs:
         * round by round, each group's ([group]) cells in that round's [RaceRules.interleaved] order.
         * One fork a cell keeps the cells' own order, as a one-fork preset always ran.
         */
        fun <T> order(cells: List<T>, forks: Int, group: (T) -> Any, name: (T) -> String): List<Pair<Int, Int>> {
            if (forks == 1) return cells.indices.map { 1 to it }
            val groups = cells.indices.groupBy { group(cells[it]) }.values
            return (1..forks).flatMap { round ->
                groups.flatMap { g -> RaceRules.interleaved(g, round) { name(cells[it]) } }.map { round to it }
            }
        }
    }
}
