package dev.bakeoff.metrics

import dev.bakeoff.result.Arrival
import dev.bakeoff.result.LoadCosts
import dev.bakeoff.result.LoadHandoff
import dev.bakeoff.result.MachineFit
import dev.bakeoff.result.ModelAssumption
import kotlin.math.abs

/**
 * The queueing model that knows the machine: the hand-off, the servers' wait ([Queueing.ggcWait]) and the
 * wait for a core. An item waits for the generator to submit it (its lag) and, when it finds a server idle,
 * for the woken server to start it: the hand-off, measured on the items submitted while fewer were in flight
 * than servers ([LoadCosts.handoff]). Only those items pay it (an item that queued is taken by a server
 * finishing its previous one, awake), and the woken server is held through it, serving no one else: to the
 * servers' queue an idle-found item's service is longer by its hand-off, so the pool's service time is
 * `S + P(idle)·h`, P(idle) = 1 − Erlang C at that very service time (a fixed point), and the servers' wait is
 * M/G/c's at it. Every arrival's CPU (the generator submitting it, the strategy handing it
 * off, the item's own, the JVM's GC and JIT: [LoadCosts.cpuNsPerItem]) runs on the same [LoadCosts.cores],
 * which other processes keep busy too ([LoadCosts.otherCores]), so before a server can start an item the item
 * waits for a core as in M/M/k, k the cores, that CPU as one service (Erlang C), the other processes' busy cores
 * counted as load offered beside the arrivals': they make the cores busier, not this JVM's CPU longer (measured
 * on a machine 89% busy from outside: stretching each item's CPU by that share put the cores' wait at 30 ms
 * against a measured total wait of 887 µs). Where the sum is off the measured wait by more than [TOLERANCE],
 * the rule of docs/RESULTS.md names the assumptions the measurements say broke: arrivals (measured
 * inter-arrival SCV off the declared one by more than [ARRIVAL_SCV_TOLERANCE]), the service time's
 * distribution (SCV above [SERVICE_SCV_LIMIT]), servers busy with something else (the generator's and other
 * processes' share of the cores above [BUSY_SHARE_LIMIT]), the service times' order (a pool's items' lag-1
 * autocorrelation above [SERVICE_CORRELATION_LIMIT]). Pure.
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
     * Consecutive service times correlating above this, a pool queues in runs M/G/c's independent service times
     * do not have: the storage workload's seeds in order (a 0.5-1.49 ms ramp, lag-1 about 0.94) waited 1.2-1.4x
     * as long in the servers' queue as the same times in random order, replayed (scripts/queueing_fit.py --sim).
     */
    const val SERVICE_CORRELATION_LIMIT = 0.3

    /**
     * The fit of a window at [ratePerSec] whose servers are [pool] (null: every arrival keeps one, M/G/∞, only
     * the cores to wait for), whose measured wait was [measuredWaitNs], with service SCV [serviceScv], [arrival]
     * as declared and [costs] as measured; null when the cores or the pool are at or past saturation (no steady
     * state to predict) or nothing was measured.
     */
    fun fit(
        pool: Pool?,
        measuredWaitNs: Double,
        ratePerSec: Double,
        serviceScv: Double,
        arrival: Arrival,
        costs: LoadCosts,
    ): MachineFit? {
        if (costs.cores < 1 || costs.cpuNsPerItem <= 0.0 || ratePerSec <= 0.0) return null
        val otherShare = costs.otherCores?.let { it / costs.cores }
        val cpu = costs.cpuNsPerItem / NANOS_PER_SECOND
        // Other processes' busy cores as arrivals of this JVM's service time: the erlangs they offer beside ours.
        val offered = ratePerSec + (costs.otherCores ?: 0.0).coerceAtLeast(0.0) / cpu
        if (offered * cpu / costs.cores >= 1.0) return null
        val coreWait = Queueing.mmcWait(costs.cores, offered, cpu) * NANOS_PER_SECOND
        val handoff = costs.handoff?.let { idle(it, pool?.servers ?: costs.cores) }
        val servers = pool?.let { servers(it, ratePerSec, handoff?.wakeNs ?: 0.0, declaredScv(arrival), serviceScv) }
        // A pool at or past saturation (the hand-off alone never takes it there: P(idle) falls to 0 first).
        if (servers?.waitNs?.isFinite() == false) return null
        val paid = (handoff?.lagNs ?: 0.0) + (servers?.idle ?: 1.0) * (handoff?.wakeNs ?: 0.0)
        val predicted = paid + (servers?.waitNs ?: 0.0) + coreWait
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
                // Only a queue feels the order: M/G/∞ starts every item at once.
                ModelAssumption.SERVICE_ORDER.takeIf {
                    pool != null && (costs.serviceCorrelation ?: 0.0) > SERVICE_CORRELATION_LIMIT
                },
            )
        }
        return MachineFit(
            share, coreWait, predicted, agreement, broken, otherShare, handoff?.meanNs, handoff?.scv, handoff?.items,
        )
    }

    /** A fixed pool of [servers] threads serving [serviceNs] each (the items' measured mean), the servers' queue. */
    class Pool(val servers: Int, val serviceNs: Double)

    /** The servers' mean wait (ns) and the share of arrivals that find one idle. */
    internal class Servers(val waitNs: Double, val idle: Double)

    /**
     * [pool]'s queue at [ratePerSec] when a woken server is held [wakeNs] before it starts an idle-found item:
     * its service time `x = S + (1 − C(λx))·h` solved by bisection (the right side falls as x rises, so there
     * is one root, between S and S + h), then M/G/c's wait ([Queueing.ggcWait]) at it.
     */
    internal fun servers(
        pool: Pool,
        ratePerSec: Double,
        wakeNs: Double,
        arrivalScv: Double,
        serviceScv: Double,
    ): Servers {
        val rate = ratePerSec / NANOS_PER_SECOND
        fun idle(held: Double) = 1 - Queueing.erlangC(pool.servers, rate * held)
        var low = pool.serviceNs
        var high = pool.serviceNs + wakeNs
        repeat(BISECTIONS) {
            val middle = (low + high) / 2
            if (middle < pool.serviceNs + idle(middle) * wakeNs) low = middle else high = middle
        }
        val held = (low + high) / 2
        val wait = Queueing.ggcWait(pool.servers, rate, held, arrivalScv, serviceScv)
        return Servers(wait, idle(held))
    }

    /** The arrivals' SCV as declared: 1 for Poisson's exponential gaps, 0 for even ones. */
    fun declaredScv(arrival: Arrival): Double = if (arrival == Arrival.POISSON) 1.0 else 0.0

    /**
     * The hand-off of [h]'s items that found a server idle (fewer than [idleBelow] others in flight), the
     * generator's mean lag beside it; null when none did.
     */
    internal fun idle(h: LoadHandoff, idleBelow: Int): Handoff? {
        val groups = h.byInFlight.take(idleBelow).filter { it.items > 0 }
        val items = groups.sumOf { it.items }
        if (items == 0L) return null
        val mean = groups.sumOf { it.items * it.meanNs } / items
        val square = groups.sumOf { it.items * (it.sdNs * it.sdNs + it.meanNs * it.meanNs) } / items
        val scv = if (mean > 0) (square - mean * mean).coerceAtLeast(0.0) / (mean * mean) else 0.0
        return Handoff(h.lagNs, mean, scv, items)
    }

    /**
     * The hand-off term: the generator's mean lag [lagNs], the idle-server items' mean wait from submission to
     * start [wakeNs] and its SCV [scv], over [items] of them; [meanNs] is the lag and the wake together.
     */
    internal class Handoff(val lagNs: Double, val wakeNs: Double, val scv: Double, val items: Long) {
        val meanNs: Double get() = lagNs + wakeNs
    }

    /** Halvings of the pool's service time's bracket (the hand-off's width): far below a nanosecond. */
    private const val BISECTIONS = 40

    private const val NANOS_PER_SECOND = 1e9
}
