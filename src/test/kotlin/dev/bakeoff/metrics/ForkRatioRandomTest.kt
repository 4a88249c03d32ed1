package dev.bakeoff.metrics

import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.result.CellStatus
import org.junit.jupiter.api.Test
import kotlin.random.Random
import kotlin.test.assertTrue
import kotlin.test.fail

/**
 * Seeded random pairs of cells through the one fork-level comparison, as `compare` meets them in files: one
 * fork a side, zero variance, identical sides, runs of 0 ns, of a picosecond and of a quarter hour. No pair
 * may throw, and a test it makes has a number for its p-value and a finite interval.
 */
class ForkRatioRandomTest {
    private val ok = ResultsFixture.results().cells.first { it.status == CellStatus.OK }

    private fun cell(runs: List<Double>, sizes: List<Int>) =
        checkNotNull(RankedCell.of(ok.copy(timeNs = TimeSummary.of(runs, 0.0, sizes))))

    private fun side(random: Random, shared: Double): RankedCell {
        val sizes = List(random.nextInt(1, 5)) { random.nextInt(1, 6) }
        val runs = List(sizes.sum()) {
            when (random.nextInt(6)) {
                0 -> shared
                1 -> 0.0
                2 -> 1e-3
                3 -> 1e12
                else -> random.nextDouble(1.0, 1e6)
            }
        }
        return cell(runs, sizes)
    }

    @Test
    fun `no random pair of cells throws, and every test has a p-value and a finite interval`() {
        for (seed in 0 until 2_000) {
            val random = Random(seed)
            val shared = random.nextDouble(1.0, 1e6)
            val (baseline, candidate) = side(random, shared) to side(random, shared)
            try {
                val pair = ForkComparison(baseline, candidate)
                pair.verdict(0.05, 0.95, 0.9)
                val test = pair.test ?: continue
                val (low, high) = test.interval(0.95)
                assertTrue(!test.pValue.isNaN() && low.isFinite() && high.isFinite(), "seed $seed: $test")
                if (pair.tested) pair.figures(0.95)
            } catch (e: RuntimeException) {
                fail("seed $seed threw $e", e)
            }
        }
    }
}
