package dev.bakeoff.metrics

import dev.bakeoff.result.Arrival
import dev.bakeoff.result.LittleCheck
import dev.bakeoff.result.LoadFigures
import dev.bakeoff.result.QueueingCheck

/**
 * Queueing theory as the oracle of a load cell: Little's law (L = λW) against the mean in flight
 * sampled apart from the latencies, and the mean wait before service of `c` servers under Erlang C
 * (M/M/c), scaled by Allen and Cunneen's `(ca² + cs²) / 2` for other arrival and service variations
 * (exact for M/D/1 and M/G/1, the textbook approximation for M/D/c and M/G/c). Pure functions.
 */
internal object Queueing {
    /**
     * Erlang C: the probability that an arrival waits, with [servers] servers and an offered load of
     * [erlangs] (rate x service time); 1 at or past saturation. Through Erlang B's recursion, which
     * stays stable for hundreds of servers.
     */
    fun erlangC(servers: Int, erlangs: Double): Double {
        require(servers > 0 && erlangs >= 0) { "servers > 0 and a load >= 0" }
        if (erlangs >= servers) return 1.0
        var b = 1.0
        for (k in 1..servers) b = erlangs * b / (k + erlangs * b)
        return servers * b / (servers - erlangs * (1 - b))
    }

    /** M/M/c's mean wait before service, in the unit of [serviceTime]; infinite at or past saturation. */
    fun mmcWait(servers: Int, rate: Double, serviceTime: Double): Double {
        val erlangs = rate * serviceTime
        if (erlangs >= servers) return Double.POSITIVE_INFINITY
        return erlangC(servers, erlangs) * serviceTime / (servers - erlangs)
    }

    /**
     * The mean wait before service with arrivals and service times of squared coefficients of
     * variation [arrivalScv] (1: Poisson, 0: even) and [serviceScv] (1: exponential, 0: fixed):
     * Allen-Cunneen's approximation of G/G/c.
     */
    fun ggcWait(servers: Int, rate: Double, serviceTime: Double, arrivalScv: Double, serviceScv: Double): Double =
        mmcWait(servers, rate, serviceTime) * (arrivalScv + serviceScv) / 2

    /** Little's law on [figures]: the sampled mean in flight against achieved rate x mean latency. */
    fun little(figures: LoadFigures): LittleCheck? {
        val predicted = figures.achievedPerSec * figures.latencyNs.mean / NANOS_PER_SECOND
        if (predicted <= 0.0) return null
        return LittleCheck(figures.meanInFlight, predicted, figures.meanInFlight / predicted - 1)
    }

    /**
     * [servers] servers' predicted wait against the measured one (mean latency minus mean service time),
     * at the offered rate, with the wait for a core where the window's costs were measured ([MachineQueueing]);
     * null when the cell is at or past saturation (no steady state to predict). [servers] null is a strategy
     * that keeps every arrival in flight: no server to wait for (M/G/∞, recorded as 0 servers), only the cores,
     * whose carriers take its items: an item found one idle with fewer than a core's count in flight.
     */
    fun check(figures: LoadFigures, servers: Int?, arrival: Arrival): QueueingCheck? {
        val service = figures.serviceNs / NANOS_PER_SECOND
        val rate = figures.offeredPerSec
        val utilisation = servers?.let { rate * service / it } ?: 0.0
        if (service <= 0.0 || utilisation >= 1.0) return null
        val arrivalScv = MachineQueueing.declaredScv(arrival)
        val wait = servers?.let { ggcWait(it, rate, service, arrivalScv, figures.serviceScv) * NANOS_PER_SECOND } ?: 0.0
        val measured = figures.latencyNs.mean - figures.serviceNs
        return QueueingCheck(
            model = "${kendall(arrival, figures.serviceScv)}/${servers ?: "∞"} (Erlang C, Allen-Cunneen)",
            servers = servers ?: 0,
            utilisation = utilisation,
            predictedWaitNs = wait,
            measuredWaitNs = measured,
            machine = figures.costs?.let {
                MachineQueueing.fit(wait, measured, rate, figures.serviceScv, arrival, it, servers ?: it.cores)
            },
        )
    }

    /** The rate [servers] servers of [serviceNs] each sustain at most (Little's law at full occupancy), a second. */
    fun ceilingPerSec(servers: Int, serviceNs: Double): Double? =
        if (serviceNs > 0) servers * NANOS_PER_SECOND / serviceNs else null

    private fun kendall(arrival: Arrival, serviceScv: Double): String {
        val a = if (arrival == Arrival.POISSON) "M" else "D"
        val s = if (serviceScv == 0.0) "D" else "G"
        return "$a/$s"
    }

    private const val NANOS_PER_SECOND = 1e9
}
