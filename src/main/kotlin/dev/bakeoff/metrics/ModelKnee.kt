package dev.bakeoff.metrics

import kotlin.math.ln

/**
 * The queueing model's knee: the arrival rate at which its predicted latency percentile reaches an objective.
 * The prediction at rate λ is the percentile measured at a low, uncongested rate (the anchor: the service time
 * and the hand-off, with the model's own wait there taken out) plus the wait's percentile of each [Queue] at λ,
 * the servers' and the cores' as [MachineQueueing] has them. A queue's wait has the tail the mean already assumes,
 * M/M/c's: `P(W > t) = C·exp(−C·t / E[W])`, C the probability of waiting (Erlang C), so its q-quantile is
 * `E[W]/C · ln(C / (1 − q))` when `C > 1 − q`, else 0; exact for M/M/c, and for G/G/c the same C with
 * the mean wait the points' model has ([Queueing.ggcWait]), given as a factor over M/M/c's.
 *
 * Summing percentiles is an approximation. For light tails such as these (an exponential wait, a service time
 * near its mean) the sum of the terms' percentiles is typically at or above the sum's percentile, an upper
 * bound; and since the sum's percentile is at least its largest term's, it is off by at most the smaller terms.
 * It is acceptable here because near a knee the wait's term dominates: the rest (the anchor, a few
 * milliseconds against an objective of tens) bounds the error, a small share of the objective, which moves the
 * knee's rate less still, the wait rising steeply there. One way it runs low instead: a queue whose probability
 * of waiting is just under `1 − q` counts 0 while it still adds a little to the sum's tail. Pure.
 */
internal object ModelKnee {
    /**
     * A queue of the model: [servers] serving [serviceNs] each, its mean wait scaled by [factor] (M/G/c's over
     * M/M/c's; 1 for M/M/c) and [busyErlangs] of load offered beside the arrivals' (other processes'
     * busy cores, as [MachineQueueing] counts them). Immutable.
     */
    class Queue(val servers: Int, val serviceNs: Double, val factor: Double, val busyErlangs: Double = 0.0) {
        init {
            require(servers > 0 && serviceNs > 0 && factor >= 0 && busyErlangs >= 0) {
                "servers > 0, a service time > 0, a factor >= 0 and busy erlangs >= 0"
            }
        }

        /** The arrival rate (a second) at which the queue saturates; 0 or less when the busy erlangs fill it. */
        val saturationPerSec: Double get() = (servers - busyErlangs) * NANOS_PER_SECOND / serviceNs

        /** The wait's [q] quantile (ns) at [ratePerSec]; infinite at or past saturation. */
        fun waitQuantileNs(ratePerSec: Double, q: Double): Double {
            val erlangs = ratePerSec * serviceNs / NANOS_PER_SECOND + busyErlangs
            if (erlangs >= servers) return Double.POSITIVE_INFINITY
            // E[W] / C: Erlang C's mean wait factor·C·service / (servers − erlangs) over C, which cancels.
            return quantile(Queueing.erlangC(servers, erlangs), factor * serviceNs / (servers - erlangs), q)
        }
    }

    /**
     * The [q] quantile of a wait with `P(W > t) = C·exp(−t / meanOverC)`, C = [waitProbability] and `meanOverC`
     * its mean over C: 0 when no more than `1 − q` of the arrivals wait.
     */
    fun quantile(waitProbability: Double, meanOverC: Double, q: Double): Double =
        if (waitProbability <= 1 - q) 0.0 else meanOverC * ln(waitProbability / (1 - q))

    /** The sum of [queues]' wait quantiles (ns) at [ratePerSec]. */
    fun waitQuantileNs(queues: List<Queue>, ratePerSec: Double, q: Double): Double =
        queues.sumOf { it.waitQuantileNs(ratePerSec, q) }

    /**
     * The knee: [perSec] the rate at which the predicted percentile reaches the objective, null when the anchor's
     * service part alone breaks it; [saturationPerSec] where the first queue saturates; [atSaturation] when the
     * waits never reach the objective below it (a wait scaled to nothing: even arrivals of a fixed service time).
     */
    class Knee(val perSec: Double?, val saturationPerSec: Double, val atSaturation: Boolean)

    /**
     * The rate at which [anchorNs] (the [q] percentile measured at [anchorPerSec]) with the model's wait there
     * taken out, plus [queues]' wait quantiles, reaches [limitNs]: by bisection between the anchor's rate (0 when
     * the anchor itself is over the limit) and the first queue's saturation, where the waits grow without bound.
     * Null when there is no queue or the anchor's rate is at or past saturation (no steady state to predict).
     */
    fun knee(anchorNs: Double, anchorPerSec: Double, limitNs: Double, q: Double, queues: List<Queue>): Knee? {
        require(q > 0 && q < 1) { "a quantile in (0, 1)" }
        val saturation = queues.minOfOrNull { it.saturationPerSec } ?: return null
        if (saturation <= anchorPerSec) return null
        val service = (anchorNs - waitQuantileNs(queues, anchorPerSec, q)).coerceAtLeast(0.0)
        if (service > limitNs) return Knee(null, saturation, atSaturation = false)
        fun meets(rate: Double) = service + waitQuantileNs(queues, rate, q) <= limitNs
        var high = saturation * (1 - CLOSE_TO_SATURATION)
        if (meets(high)) return Knee(saturation, saturation, atSaturation = true)
        var low = if (meets(anchorPerSec)) anchorPerSec else 0.0
        // Each queue's quantile grows with the rate (E[W]/C and C both do), so the prediction crosses once.
        while (high - low > high * RESOLUTION) {
            val middle = (low + high) / 2
            if (meets(middle)) low = middle else high = middle
        }
        return Knee(low, saturation, atSaturation = false)
    }

    /** How close to saturation the prediction is read to say the waits never reach the objective. */
    private const val CLOSE_TO_SATURATION = 1e-9

    /** The bisection stops when its bracket is within this share of the rate. */
    private const val RESOLUTION = 1e-9

    private const val NANOS_PER_SECOND = 1e9
}
