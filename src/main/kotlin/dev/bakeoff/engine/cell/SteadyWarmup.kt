package dev.bakeoff.engine.cell

import dev.bakeoff.engine.link.ForkSettings
import dev.bakeoff.metrics.Trend

/**
 * A fork's search for the cell's steady state, before JMH's iterations: untimed batches in chunks of one
 * iteration's length, each chunk's time per batch tested as it ends with the trend test the decisions use
 * ([Trend.steady], over the last [ForkClock.WINDOW] chunks), until they stop trending or `cap` chunks ran
 * ([ForkSettings.STEADY_WARMUP_CHUNKS] in a cell's first fork). The first fork's count sizes the most its timing
 * forks warm up, and its figures (calibration, trace, evidence) are then taken on steady code; a timing fork's
 * search ends its own warm-up as soon as its chunks settle. No figure it times is kept: the runs are JMH's. The
 * ledger is verified after every chunk, as after a JMH iteration.
 *
 * Threading model: on the benchmark thread, before the first iteration.
 */
internal object SteadyWarmup {
    /** What the search found: the chunks before the first steady window (null: none within the cap), its time. */
    data class Found(val chunks: Int?, val nanos: Long)

    fun run(cell: Cell, chunkNanos: Long, cap: Int = ForkSettings.STEADY_WARMUP_CHUNKS): Found {
        val start = System.nanoTime()
        val perBatch = mutableListOf<Double>()
        while (perBatch.size < cap) {
            val chunkStart = System.nanoTime()
            var batchNanos = 0L
            var batches = 0
            do {
                cell.beforeBatch()
                val t0 = System.nanoTime()
                cell.runBatch()
                batchNanos += System.nanoTime() - t0
                cell.afterBatch()
                batches++
            } while (System.nanoTime() - chunkStart < chunkNanos)
            cell.verify()
            perBatch += batchNanos.toDouble() / batches
            val window = perBatch.takeLast(ForkClock.WINDOW)
            if (window.size == ForkClock.WINDOW && Trend.steady(window) == true) {
                return Found(perBatch.size - ForkClock.WINDOW, System.nanoTime() - start)
            }
        }
        return Found(null, System.nanoTime() - start)
    }
}
