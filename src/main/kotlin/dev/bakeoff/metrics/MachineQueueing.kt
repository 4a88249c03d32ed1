package dev.bakeoff.metrics

import dev.bakeoff.result.Arrival
import dev.bakeoff.result.LoadCosts
import dev.bakeoff.result.MachineFit
import dev.bakeoff.result.ModelAssumption
import kotlin.math.abs

/**
 * The queueing model that knows the machine: the servers' wait ([Queueing.ggcWait]) plus the wait for a
 * core. Every arrival's CPU (the generator submitting it, the strategy handing it off, the item's own, the
 * JVM's GC and JIT: [LoadCosts.cpuNsPerItem]) runs on the same [LoadCosts.cores], so before a server can
 * start an item the item waits for a core as in M/M/k, k the cores, with that CPU as one service (Erlang C).
 * Where the sum is off the measured wait by more than [TOLERANCE], the rule of docs/RESULTS.md names the
 * assumptions the measurements say broke: arrivals (measured inter-arrival SCV off the declared one by more
 * than [ARRIVAL_SCV_TOLERANCE]), the service time's distribution (SCV above [SERVICE_SCV_LIMIT]), servers
 * busy with something else (the generator's share of the cores above [GENERATOR_SHARE_LIMIT]). Pure.
 */
internal object MachineQueueing {
    /** The agreement is off when predicted / measured differs from 1 by more than this. */
    const val TOLERANCE = 0.2

    /** Arrivals broke when the measured inter-arrival SCV differs from the declared one by more than this. */
    const val ARRIVAL_SCV_TOLERANCE = 0.2

    /** Above an exponential's SCV, Allen–Cunneen's `(ca² + cs²) / 2` scaling is known to drift from G/G/c. */
    const val SERVICE_SCV_LIMIT = 1.0

    /** The generator taking more than this share of the cores leaves the servers less than the model gives them. */
    const val GENERATOR_SHARE_LIMIT = 0.1

    /**
     * The fit of a window whose servers' predicted wait is [serversWaitNs] and measured wait [measuredWaitNs]
     * at [ratePerSec], with service SCV [serviceScv], [arrival] as declared and [costs] as measured; null when
     * the cores are at or past saturation (no steady state to predict) or nothing was measured.
     */
    fun fit(
        serversWaitNs: Double,
        measuredWaitNs: Double,
        ratePerSec: Double,
        serviceScv: Double,
        arrival: Arrival,
        costs: LoadCosts,
    ): MachineFit? {
        val cpu = costs.cpuNsPerItem / NANOS_PER_SECOND
        if (costs.cores < 1 || cpu <= 0.0 || ratePerSec <= 0.0) return null
        val utilisation = ratePerSec * cpu / costs.cores
        if (utilisation >= 1.0) return null
        val coreWait = Queueing.mmcWait(costs.cores, ratePerSec, cpu) * NANOS_PER_SECOND
        val predicted = serversWaitNs + coreWait
        val agreement = if (measuredWaitNs > 0) predicted / measuredWaitNs else null
        val share = ratePerSec * costs.generatorNsPerItem / NANOS_PER_SECOND / costs.cores
        val off = agreement != null && abs(agreement - 1) > TOLERANCE
        val broken = if (!off) {
            emptyList()
        } else {
            listOfNotNull(
                ModelAssumption.ARRIVALS.takeIf {
                    abs(costs.arrivalScv - declaredScv(arrival)) > ARRIVAL_SCV_TOLERANCE
                },
                ModelAssumption.SERVICE_TIME.takeIf { serviceScv > SERVICE_SCV_LIMIT },
                ModelAssumption.BUSY_CORES.takeIf { share > GENERATOR_SHARE_LIMIT },
            )
        }
        return MachineFit(share, coreWait, predicted, agreement, broken)
    }

    /** The arrivals' SCV as declared: 1 for Poisson's exponential gaps, 0 for even ones. */
    fun declaredScv(arrival: Arrival): Double = if (arrival == Arrival.POISSON) 1.0 else 0.0

    private const val NANOS_PER_SECOND = 1e9
}
