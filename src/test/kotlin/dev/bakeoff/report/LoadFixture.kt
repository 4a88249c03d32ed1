package dev.bakeoff.report

import dev.bakeoff.model.Family
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.Arrival
import dev.bakeoff.result.CapacityResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GeneratorLag
import dev.bakeoff.result.LittleCheck
import dev.bakeoff.result.LoadFigures
import dev.bakeoff.result.LoadLatency
import dev.bakeoff.result.LoadResult
import dev.bakeoff.result.MachineFit
import dev.bakeoff.result.ModelKneeFit
import dev.bakeoff.result.PresetInfo
import dev.bakeoff.result.QueueingCheck
import dev.bakeoff.result.Results
import dev.bakeoff.result.StallKind
import dev.bakeoff.result.TailCause
import dev.bakeoff.result.TailStalls
import dev.bakeoff.result.copy

/**
 * A hand-built `bakeoff capacity` run on `storage` (p99 = 20 ms): `executor-fixed:size=4` swept from
 * 1,000/s to its knee at 3,200/s (4,000/s breaks the objective), `virtual-threads` up to 8,000/s, all
 * of them meeting it, and `parallel-stream` listed as not applicable. [latencyFactor] scales every
 * latency, [capacityFactor] the capacities (a second run for compare); without [capacity] it is a
 * plain `bakeoff load` run of each strategy's first rate.
 */
internal object LoadFixture {
    const val OBJECTIVE_NS = 20_000_000L

    /** executor-fixed:size=4's model knee in [forked]: 3,420/s of a 4,020/s saturation, inside its range. */
    val KNEE = ModelKneeFit(
        perSec = 3420.0,
        utilisation = 3420.0 / 4020.1,
        saturationPerSec = 4020.1,
        anchorNs = 2_100_000.0,
        forks = 9,
        agreement = 3420.0 / 3600,
        inside = true,
    )

    fun run(latencyFactor: Double = 1.0, capacityFactor: Double = 1.0, capacity: Boolean = true): Results {
        val fixed = listOf(1000.0 to 2_100_000L, 2000.0 to 3_400_000L, 3200.0 to 9_800_000L, 4000.0 to 180_000_000L)
        val virtual = listOf(1000.0 to 1_400_000L, 2000.0 to 1_500_000L, 4000.0 to 1_700_000L, 8000.0 to 2_300_000L)
        fun cells(strategy: String, family: String, points: List<Pair<Double, Long>>) =
            points.take(if (capacity) points.size else 1).map { (rate, p99) ->
                cell(strategy, Family(family), rate, (p99 * latencyFactor).toLong())
            }
        val load = cells("executor-fixed:size=4", "executor", fixed) + cells("virtual-threads", "virtual-thread", virtual) +
            LoadResult(
                "parallel-stream", Family("fork-join"), "storage", 100, WaitForm.BLOCKING, Arrival.POISSON, 1000.0, 2.0,
                CellStatus.SKIPPED, error = "not applicable: IntStream.range(...).parallel()",
            )
        val capacities = listOf(
            capacityOf("executor-fixed:size=4", "executor", 3200.0 * capacityFactor, fixed.map { it.first }, 4020.1),
            capacityOf("virtual-threads", "virtual-thread", 8000.0 * capacityFactor, virtual.map { it.first }, null),
        )
        return ResultsFixture.results().copy(
            preset = PresetInfo("load", 1, "open loop: poisson arrivals, latency from each item's intended start"),
            cells = emptyList(),
            load = load,
            capacity = capacities.takeIf { capacity },
        )
    }

    /** A load cell at [rate] whose p99 is [p99] ns: past [OBJECTIVE_NS] it falls 10% behind its rate. */
    fun cell(strategy: String, family: Family, rate: Double, p99: Long): LoadResult {
        val achieved = if (p99 > OBJECTIVE_NS) rate * 0.9 else rate
        val mean = p99 / 3.0
        val inFlight = achieved * mean / 1e9
        return LoadResult(
            strategy, family, "storage", 100, WaitForm.BLOCKING, Arrival.POISSON, rate, 2.0, CellStatus.OK,
            figures = LoadFigures(
                arrived = (rate * 2).toLong(),
                completed = (achieved * 2).toLong(),
                failed = 0,
                unfinished = 0,
                offeredPerSec = rate,
                achievedPerSec = achieved,
                latencyNs = LoadLatency(p99 / 3, p99 / 2, p99, p99 * 2, p99 * 3, mean),
                lag = GeneratorLag(late = 1, p99Ns = 60_000, maxNs = 900_000, kept = true),
                meanInFlight = inFlight * 1.02,
                serviceNs = 995_000.0,
                serviceScv = 0.083,
                peakThreads = 12,
                threadsCreated = 4,
                allocBytesPerItem = 312.5,
            ),
            little = LittleCheck(inFlight * 1.02, inFlight, 0.02),
        )
    }

    /**
     * The fixture's capacity run with three forks a rate (latencies x1, x1.2, x0.8), a GC-paused tail on the
     * second fork of executor-fixed:size=4 at 3,200/s, a queueing check with the machine's fit on its cells, and
     * its capacity bracketed at 3,200–4,000/s with the model's knee inside at 3,420/s ([KNEE]; virtual-threads: at
     * least 8,000/s).
     */
    fun forked(): Results {
        val run = LoadFixture.run()
        val load = run.load.orEmpty().flatMap { c -> listOf(1.0, 1.2, 0.8).mapIndexed { k, f -> fork(c, f, k) } }
        val capacity = run.capacity.orEmpty().map {
            if (it.strategy == "virtual-threads") {
                it.copy(lowPerSec = 8000.0, confidence = 0.95)
            } else {
                it.copy(lowPerSec = 3200.0, highPerSec = 4000.0, confidence = 0.95, modelKnee = KNEE)
            }
        }
        return run.copy(load = load, capacity = capacity)
    }

    private fun fork(c: LoadResult, factor: Double, k: Int): LoadResult {
        val f = c.figures ?: return c
        val l = f.latencyNs
        fun s(v: Long) = (v * factor).toLong()
        val latency = LoadLatency(s(l.p50), s(l.p90), s(l.p99), s(l.p999), s(l.max), l.mean * factor)
        val paused = c.strategy.startsWith("executor") && c.ratePerSec == 3200.0 && k == 1
        val tail = TailStalls(tails = listOf(TailCause("p99", latency.p99, 20, StallKind.GC_PAUSE, 18, 3, 18_000_000, 21_000_000)))
        val queueing = QueueingCheck("M/G/4 (Erlang C, Allen-Cunneen)", 4, 0.5, 1e6, 1.2e6, MachineFit(0.05, 2e5, 1.2e6, 1.0))
        return c.copy(
            figures = f.copy(latencyNs = latency, tail = tail.takeIf { paused }),
            queueing = queueing.takeIf { c.strategy.startsWith("executor") },
        )
    }

    private fun capacityOf(strategy: String, family: String, capacity: Double, points: List<Double>, ceiling: Double?) =
        CapacityResult(
            strategy = strategy,
            family = Family(family),
            workload = "storage",
            objective = "p99=20ms",
            capacityPerSec = capacity,
            ceilingPerSec = ceiling,
            explanation = "$strategy: explained (fixture)",
            points = points,
            percentile = "p99",
            limitNs = OBJECTIVE_NS,
        )
}
