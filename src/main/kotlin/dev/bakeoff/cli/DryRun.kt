package dev.bakeoff.cli

import dev.bakeoff.engine.fanout.CellCost
import dev.bakeoff.engine.fanout.Shard
import dev.bakeoff.engine.fanout.ShardPlan
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.wording.Units

/**
 * What a measuring command prints instead of measuring ([MeasureOptions]' `--dry-run`, or a `--shard`
 * left with no cells), and the cost estimate that deals a run into shards. Stateless; the command's thread.
 */
internal object DryRun {
    /**
     * True when the command measures nothing: with [dryRun] it prints [options]' cells with
     * their plans and estimated times and the estimated time of every shard of [whole] (the run before
     * [shard] took its part) that has cells (the others in one line), on [echo]; a [shard] with no cells
     * (more shards than groups) says so.
     */
    fun measuresNothing(
        options: RunOptions,
        whole: RunOptions?,
        shard: Shard?,
        dryRun: Boolean,
        echo: (String) -> Unit,
    ): Boolean {
        if (!dryRun) {
            if (options.cells().isNotEmpty()) return false
            echo("shard $shard has no cells (the run has fewer groups than shards); nothing to measure")
            return true
        }
        val cost = cost(options)
        options.cells().forEachIndexed { i, spec ->
            val mode = cost.plan(spec).mode
            echo("[%3d] %s (%s) ~%s".format(i + 1, spec, mode, Units.nanos(cost.nanos(spec).toDouble())))
        }
        val total = options.cells().sumOf { cost.nanos(it).toDouble() }
        echo("${options.cells().size} cells, estimated ${Units.nanos(total)} (${CellCost.HOW})")
        val part = shard ?: return true
        val plan = ShardPlan.of(checkNotNull(whole).cells(), part.count, cost(whole))
        // A line per shard that has cells; the empty ones (more shards than groups) in one line.
        val empty = plan.parts.count { it.isEmpty() }
        plan.nanos.forEachIndexed { i, nanos ->
            if (plan.parts[i].isEmpty()) return@forEachIndexed
            val estimate = Units.nanos(nanos.toDouble())
            echo("shard ${i + 1}/${part.count}: ${plan.parts[i].size} cells, estimated $estimate")
        }
        if (empty > 0) echo("$empty of ${part.count} shards have no cells (the run has fewer groups than shards)")
        echo("shard spread: %.0f%% ((longest - shortest) / longest)".format(plan.spread * 100))
        return true
    }

    /** The estimate of [options]' cells that prints a dry run and deals shards (a race's as the quick preset's). */
    fun cost(options: RunOptions) =
        CellCost(options.race?.let { Preset.QUICK } ?: options.preset, options.context(), options.cellTimeoutSeconds)
}
