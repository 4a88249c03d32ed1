package dev.bakeoff.metrics

import dev.bakeoff.result.Arrival
import dev.bakeoff.result.LoadCosts
import dev.bakeoff.result.LoadHandoff
import dev.bakeoff.result.MachineFit
import dev.bakeoff.result.ModelAssumption
import kotlin.math.abs

/**
 * The queueing model that knows the machine: the hand-off, the servers' wait ([Queueing.ggcWait]) and the
 * wait for a core. An item waits for the generator to submit it (its lag) and for a woken server to start it
 * even when one was idle: the hand-off, measured on the items submitted while fewer were in flight than
 * servers ([LoadCosts.handoff]). Every arrival's CPU (the generator submitting it, the strategy handing it
 * off, the item's own, the JVM's GC and JIT: [LoadCosts.cpuNsPerItem]) runs on the same [LoadCosts.cores],
 * which other processes keep busy too ([LoadCosts.otherCores]), so before a server can start an item the item
 * waits for a core as in M/M/k, k the cores, that CPU as one service (Erlang C), the other processes' busy cores
 * counted as load offered beside the arrivals': they make the cores busier, not this JVM's CPU longer (measured
 * on a machine 89% busy from outside: stretching each item's CPU by that share put the cores' wait at 30 ms
 * against a measured total wait of 887 µs). Where the sum is off the measured wait by more than [TOLERANCE],
 * the rule of docs/RESULTS.md names the assumptions the measurements say broke: arrivals (measured
 * inter-arrival SCV off the declared one by more than [ARRIVAL_SCV_TOLERANCE]), the service time's
 * distribution (SCV above [SERVICE_SCV_LIMIT]), servers busy with something else (the generator's and other
 * processes' share of the cores above [BUSY_SHARE_LIMIT]). Pure.
 */
internal object MachineQueueing {
    /** The agreement is off when predicted / measured differs from 1 by more than this. */
    const val TOLERANCE = 0.2

    /** Arrivals broke when the measured inter-arrival SCV differs from the declared one by more than this. */
    const val ARRIVAL_SCV_TOLERANCE = 0.2

    /** Above an exponential's SCV, Allen–Cunneen's `(ca² + cs²) / 2` scaling is known to drift from G/G/c. */
    const val SERVICE_SCV_LIMIT = 1.0

    /** The generator and other processes taking more than this share of the cores leave the servers less. */
    const val BUSY_SHARE_LIMIT = 0.1

    /**
     * The fit of a window whose servers' predicted wait is [serversWaitNs] and measured wait [measuredWaitNs]
     * at [ratePerSec], with service SCV [serviceScv], [arrival] as declared and [costs] as measured, an item
     * finding a server idle when fewer than [idleBelow] others were in flight; null when the cores are at or
     * past saturation (no steady state to predict) or nothing was measured.
     */
    fun fit(
        serversWaitNs: Double,
        measuredWaitNs: Double,
        ratePerSec: Double,
        serviceScv: Double,
        arrival: Arrival,
        costs: LoadCosts,
        idleBelow: Int,
    ): MachineFit? {
        if (costs.cores < 1 || costs.cpuNsPerItem <= 0.0 || ratePerSec <= 0.0) return null
        val otherShare = costs.otherCores?.let { it / costs.cores }
        val cpu = costs.cpuNsPerItem / NANOS_PER_SECOND
        // Other processes' busy cores as arrivals of this JVM's service time: the erlangs they offer beside ours.
        val offered = ratePerSec + (costs.otherCores ?: 0.0).coerceAtLeast(0.0) / cpu
        if (offered * cpu / costs.cores >= 1.0) return null
        val coreWait = Queueing.mmcWait(costs.cores, offered, cpu) * NANOS_PER_SECOND
        val handoff = costs.handoff?.let { idle(it, idleBelow) }
        val predicted = (handoff?.meanNs ?: 0.0) + serversWaitNs + coreWait
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
                ModelAssumption.BUSY_CORES.takeIf { share + (otherShare ?: 0.0) > BUSY_SHARE_LIMIT },
            )
        }
        return MachineFit(
            share, coreWait, predicted, agreement, broken, otherShare, handoff?.meanNs, handoff?.scv, handoff?.items,
        )
    }

    /** The arrivals' SCV as declared: 1 for Poisson's exponential gaps, 0 for even ones. */
    fun declaredScv(arrival: Arrival): Double = if (arrival == Arrival.POISSON) 1.0 else 0.0

    /**
     * The hand-off of [h]'s items that found a server idle (fewer than [idleBelow] others in flight), the
     * generator's mean lag added; null when none did.
     */
    internal fun idle(h: LoadHandoff, idleBelow: Int): Handoff? {
        val groups = h.byInFlight.take(idleBelow).filter { it.items > 0 }
        val items = groups.sumOf { it.items }
        if (items == 0L) return null
        val mean = groups.sumOf { it.items * it.meanNs } / items
        val square = groups.sumOf { it.items * (it.sdNs * it.sdNs + it.meanNs * it.meanNs) } / items
        val scv = if (mean > 0) (square - mean * mean).coerceAtLeast(0.0) / (mean * mean) else 0.0
        return Handoff(h.lagNs + mean, scv, items)
    }

    /** The hand-off term: [meanNs] (lag included), the SCV of the idle-server items' waits, and how many. */
    internal class Handoff(val meanNs: Double, val scv: Double, val items: Long)

    private const val NANOS_PER_SECOND = 1e9
}
