package dev.bakeoff.report

import dev.bakeoff.metrics.TimeSummary
import dev.bakeoff.model.Family
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.Results
import dev.bakeoff.result.TimeStats
import java.util.SplittableRandom

/**
 * Synthetic runs for the compare tests, no timing: 4 strategies x 3 workloads, [runs] runs per
 * cell drawn around a fixed median with 3% Gaussian noise from [seed], in a file written before
 * forks were kept (each run counts as a fork). Two runs with different seeds are two honest
 * measurements of the same code; [slower] multiplies one cell's runs. [forked] makes one cell
 * whose forks are known.
 */
internal object CompareFixture {
    val STRATEGIES = listOf("direct", "executor-fixed-cpu", "virtual-threads", "coroutine-io")
    val WORKLOADS = listOf("arithmetic", "storage", "network")

    fun run(seed: Long, runs: Int = 10, slower: Pair<String, String>? = null, factor: Double = 2.0): Results {
        // SplittableRandom: java.util.Random's streams for nearby seeds start out correlated.
        val random = SplittableRandom(seed)
        val base = ResultsFixture.results()
        val cells = WORKLOADS.flatMapIndexed { w, workload ->
            STRATEGIES.mapIndexed { s, strategy ->
                val median = 1e6 * (w + 1) * (s + 2)
                val scale = if (slower == strategy to workload) factor else 1.0
                val samples = List(runs) { median * scale * (1 + 0.03 * random.nextGaussian()) }
                val sorted = samples.sorted()
                CellResult(
                    strategy,
                    if (strategy == "direct") Family("direct") else Family("executor"),
                    workload,
                    100,
                    WaitForm.BLOCKING,
                    CellStatus.OK,
                    timeNs = TimeStats(sorted.first(), (sorted[(runs - 1) / 2] + sorted[runs / 2]) / 2, sorted.last(), samples.average(), 0.0, samples),
                )
            }
        }
        return base.copy(createdAt = "2025-01-0${(seed % 9) + 1}T00:00:00Z", cells = cells)
    }

    /**
     * One `direct × arithmetic` cell whose forks centre on [forkMedians] (ns), each with [runs] runs of
     * [noise] Gaussian noise from [seed], and the fork sizes recorded as a run keeps them.
     */
    fun forked(forkMedians: List<Double>, runs: Int = 10, noise: Double = 0.01, seed: Long = 1): CellResult {
        val random = SplittableRandom(seed)
        val samples = forkMedians.flatMap { m -> List(runs) { m * (1 + noise * random.nextGaussian()) } }
        return CellResult(
            "direct",
            Family("direct"),
            "arithmetic",
            100,
            WaitForm.BLOCKING,
            CellStatus.OK,
            timeNs = TimeSummary.of(samples, 0.0, List(forkMedians.size) { runs }),
        )
    }

    /** A run of [cells] only. */
    fun of(vararg cells: CellResult): Results = ResultsFixture.results().copy(cells = cells.toList())
}
