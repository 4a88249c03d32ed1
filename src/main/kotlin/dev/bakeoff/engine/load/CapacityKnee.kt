package dev.bakeoff.engine.load

import dev.bakeoff.metrics.ForkSample
import dev.bakeoff.metrics.LinearFit
import dev.bakeoff.metrics.MachineQueueing
import dev.bakeoff.metrics.ModelKnee
import dev.bakeoff.metrics.Queueing
import dev.bakeoff.result.CapacityResult
import dev.bakeoff.result.LoadCosts
import dev.bakeoff.result.LoadFigures
import dev.bakeoff.result.LoadResult
import dev.bakeoff.result.ModelKneeFit

/**
 * The queueing model's knee of a capacity search ([ModelKnee]) from what its forks measured, and its agreement
 * with the measured range. The anchor is the objective's percentile at the search's lowest rate (its forks'
 * geometric mean, as [PointJudge] judged it). The servers (the forks' queueing check's; none for a strategy
 * that keeps every arrival in flight) and the cores ([dev.bakeoff.result.LoadCosts]) take each cost's median
 * over the forks at or below the range's low end (the lowest rate when none met): below the knee, where a
 * window reaches a steady state and one slow fork does not move a median; the JVM's own CPU is a line in the
 * rate over those forks ([cpuLine]). Pure.
 */
internal object CapacityKnee {
    /** [c]'s model knee from [forks] (every fork of its search); null without an objective, anchor or costs. */
    fun of(c: CapacityResult, forks: List<LoadResult>): ModelKneeFit? {
        val q = quantile(c.percentile) ?: return null
        val limit = c.limitNs ?: return null
        val lowest = c.judged?.firstOrNull() ?: return null
        val anchor = lowest.tailNs ?: return null
        val end = c.lowPerSec ?: lowest.ratePerSec
        val below = forks.filter { it.ratePerSec <= end && it.queueing != null && it.figures != null }
        val knee = ModelKnee.knee(anchor, lowest.ratePerSec, limit.toDouble(), q, queues(below, end)) ?: return null
        val perSec = knee.perSec
        val low = c.lowPerSec
        val high = c.highPerSec
        val middle = if (low != null && high != null) (low + high) / 2 else null
        return ModelKneeFit(
            perSec = perSec,
            utilisation = perSec?.let { it / knee.saturationPerSec },
            saturationPerSec = knee.saturationPerSec,
            atSaturation = knee.atSaturation,
            anchorNs = anchor,
            forks = below.size,
            agreement = perSec?.let { k -> middle?.let { k / it } },
            inside = perSec?.takeIf { low != null || high != null }
                ?.let { k -> (low == null || k >= low) && (high == null || k <= high) },
            broken = forks.filter { it.ratePerSec == low || it.ratePerSec == high }
                .flatMap { it.queueing?.machine?.broken.orEmpty() }.distinct(),
        )
    }

    /**
     * The servers' queue and the cores', each where measured. The servers' mean wait is M/G/c's as the points'
     * model has it ([Queueing.ggcWait]: Cosmetatos' M/D/c and Tijms' interpolation, the declared arrivals), as a
     * factor over M/M/c's taken at [rate] (the range's low end, near the knee; the factor moves slowly with the load).
     */
    private fun queues(forks: List<LoadResult>, rate: Double): List<ModelKnee.Queue> {
        val first = forks.firstOrNull() ?: return emptyList()
        val servers = checkNotNull(first.queueing).servers
        val figures = forks.map { checkNotNull(it.figures) }
        val service = ForkSample.median(figures.map { it.serviceNs })
        val factor = mgcFactor(servers, rate, service, MachineQueueing.declaredScv(first.arrival), figures)
        // Each fork's rate and costs, where it measured any CPU.
        val measured = forks.mapNotNull { f ->
            checkNotNull(f.figures).costs?.takeIf { it.cores > 0 && it.cpuNsPerItem > 0 }?.let { f.ratePerSec to it }
        }
        val cores = measured.map { it.second }.takeIf { it.isNotEmpty() }?.let { all ->
            val busy = ForkSample.median(all.map { (it.otherCores ?: 0.0).coerceAtLeast(0.0) })
            val (cpu, own) = cpuLine(measured) ?: (ForkSample.median(all.map { it.cpuNsPerItem }) to 0.0)
            ModelKnee.Queue(all.map { it.cores }.sorted()[all.size / 2], cpu, 1.0, busy + own)
        }
        // 0 servers: a strategy that keeps every arrival in flight (M/G/∞) waits for no server.
        val pool = if (servers > 0 && service > 0) ModelKnee.Queue(servers, service, factor) else null
        return listOfNotNull(pool, cores)
    }

    /**
     * The JVM's CPU as a line in the rate, from [measured] forks' (rate, costs) at two or more rates: the cores it
     * keeps busy, `cpuNsPerItem × rate` (each rate's forks' median), fitted by least squares on the rate
     * ([LinearFit]). The slope is what one more arrival a second costs (ns an item), the intercept the cores busy
     * whatever the rate (the JIT, the collector, the in-flight sampler's ticks), which the cores' queue carries beside
     * the other processes' (erlangs). The CPU per item of one window
     * mixes the two: `virtual-threads x storage` spent 252 µs an item at 500/s and 11 µs at 132,000/s (2026-11-28),
     * so a median of them saturated the model's cores near 47,000/s where the search met the objective at 132,000.
     * Null with fewer than two rates or a slope that is not positive (no line to trust): the median per item then.
     */
    private fun cpuLine(measured: List<Pair<Double, LoadCosts>>): Pair<Double, Double>? {
        // One point a rate, its forks' median: one slow fork must not tilt the line, as it does not move a median.
        val points = measured.groupBy({ it.first }, { it.second }).map { (rate, costs) ->
            rate to ForkSample.median(costs.map { it.cpuNsPerItem * rate / NANOS_PER_SECOND })
        }
        val slope = LinearFit.slope(points)?.value?.takeIf { it > 0 } ?: return null
        return slope * NANOS_PER_SECOND to LinearFit.intercept(points, slope).coerceAtLeast(0.0)
    }

    /** M/G/c's mean wait over M/M/c's at [rate] (a second), 1 where M/M/c has none to compare with (saturated). */
    private fun mgcFactor(
        servers: Int,
        rate: Double,
        serviceNs: Double,
        arrivalScv: Double,
        figures: List<LoadFigures>,
    ): Double {
        if (servers <= 0 || serviceNs <= 0) return 1.0
        val perNs = rate / NANOS_PER_SECOND
        val mmc = Queueing.mmcWait(servers, perNs, serviceNs)
        if (!mmc.isFinite() || mmc <= 0) return 1.0
        return Queueing.ggcWait(
            servers,
            perNs,
            serviceNs,
            arrivalScv,
            ForkSample.median(
                figures.map {
                    it.serviceScv
                },
            ),
        ) /
            mmc
    }

    private const val NANOS_PER_SECOND = 1e9

    /** The quantile an objective's percentile names; null for `max`, which has none to predict. */
    private fun quantile(percentile: String?): Double? = when (percentile) {
        "p50" -> 0.5
        "p90" -> 0.9
        "p99" -> 0.99
        "p99.9" -> 0.999
        else -> null
    }
}
