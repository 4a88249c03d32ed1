package dev.bakeoff.cli

import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.parameters.options.flag
import com.github.ajalt.clikt.parameters.options.multiple
import com.github.ajalt.clikt.parameters.options.option
import dev.bakeoff.engine.plan.Grid
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.wording.Units

/**
 * `bakeoff sweep`: `bakeoff run` at every combination of one or more parameters (a grid), ending
 * with the curve and grid tables (best cell marked). Prints the number of cells and an estimated
 * floor of the time before anything runs; a grid over [CONFIRM_ABOVE] cells needs `--yes`.
 */
internal class SweepCommand : RunCommand("sweep") {
    override fun help(context: Context) =
        "Run strategies x workloads at every value of one parameter (a pool size, a concurrency, a chunk size, " +
            "a workload parameter, items or cpus), or at every combination of several (one --param each), and show " +
            "the curves and grids, best cell marked. Takes every option of run."

    private val params by option(
        "--param",
        help = "A swept parameter: key=v1,v2,... or key=FROM..TOxFACTOR (geometric), " +
            "e.g. concurrency=16,50,100,200,500 or items=10..1000x10; several make a grid of every combination",
    ).multiple(required = true)
    private val yes by option("--yes", "-y", help = "Run a grid of more than $CONFIRM_ABOVE cells").flag()

    override fun sweep(): Grid = Grid.parse(params)

    override fun proceed(options: RunOptions): Boolean {
        val cells = options.cells()
        val floor = Units.nanos(cells.size * options.preset.timedNanosPerCell.toDouble())
        val how = options.race?.let { ", racing within ${it.budgetNanos / 1_000_000_000} s" } ?: ""
        val size = "${cells.size} cells, estimated at least $floor of timed iterations$how"
        if (cells.size > CONFIRM_ABOVE && !yes && !dryRun) {
            throw UsageError(
                "sweep ${options.sweep}: $size, over $CONFIRM_ABOVE cells: " +
                    "add --yes to run it, or --dry-run to list it",
                statusCode = 2,
            )
        }
        echo("sweep ${options.sweep}: $size (JVM start-up and calibration add seconds per cell)", err = true)
        return true
    }

    private companion object {
        /** Grids above this many cells take long enough (a minute or more each) to ask first. */
        const val CONFIRM_ABOVE = 60
    }
}
