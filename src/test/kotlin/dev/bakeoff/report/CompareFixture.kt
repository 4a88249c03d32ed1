package dev.bakeoff.report

import dev.bakeoff.model.Family
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.Results
import dev.bakeoff.result.TimeStats
import java.util.SplittableRandom

/**
 * Synthetic runs for the compare tests, no timing: 4 strategies x 3 workloads, [runs] runs per
 * cell drawn around a fixed median with 3% Gaussian noise from [seed]. Two runs with different
 * seeds are two honest measurements of the same code; [slower] multiplies one cell's runs.
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
}
