package dev.bakeoff.report

import dev.bakeoff.metrics.MachineQueueing
import dev.bakeoff.result.LoadResult
import dev.bakeoff.result.ModelAssumption
import dev.bakeoff.result.QueueingCheck
import dev.bakeoff.wording.Units

/**
 * The queueing model that knows the machine in words, for the console: the prediction with its agreement
 * beside the measured wait ("M/G/4 1.18 ms; +hand-off 110 µs +cores 2.90 ms x0.920"), and, where the
 * agreement is off by more than 20%, which assumption broke, each with its measurement, or that none
 * measured explains it. Pure.
 */
internal object LoadModelWords {
    /** The table's queueing cell: measured wait, then the servers' model and, where measured, the machine's. */
    fun cell(q: QueueingCheck): String {
        val servers = "${q.model.substringBefore(' ')} ${wait(q.predictedWaitNs)}"
        val machine = q.machine?.let { m ->
            val handoff = m.handoffNs?.let { "+hand-off ${wait(it)} " }.orEmpty()
            "; $handoff+cores ${wait(m.predictedWaitNs)}" + (m.agreement?.let { " x${Units.sig3(it)}" } ?: "")
        } ?: ""
        return "${wait(q.measuredWaitNs)} ($servers$machine)"
    }

    /** Why [c]'s model disagrees with its measured wait by more than 20%, or null when it agrees or has no fit. */
    fun disagreement(c: LoadResult): String? {
        val m = c.queueing?.machine ?: return null
        val agreement = m.agreement?.takeIf { kotlin.math.abs(it - 1) > MachineQueueing.TOLERANCE } ?: return null
        val f = checkNotNull(c.figures)
        val costs = f.costs
        val why = m.broken.map { a ->
            when (a) {
                ModelAssumption.ARRIVALS -> a.sentence + " (inter-arrival SCV ${Units.sig3(
                    costs?.arrivalScv ?: 0.0,
                )}, " +
                    "declared ${Units.sig3(MachineQueueing.declaredScv(c.arrival))})"

                ModelAssumption.SERVICE_TIME -> a.sentence + " (SCV ${Units.sig3(f.serviceScv)})"

                ModelAssumption.BUSY_CORES ->
                    a.sentence + " (the generator ${Units.sig3(m.generatorShare * 100)}% of them" +
                        m.otherShare?.let { ", other processes ${Units.sig3(it * 100)}%" }.orEmpty() + ")"

                ModelAssumption.SERVICE_ORDER ->
                    a.sentence + " (lag-1 autocorrelation ${Units.sig3(costs?.serviceCorrelation ?: 0.0)})"
            }
        }.ifEmpty {
            listOf(
                "none of the arrivals, the service time's distribution, its order or the cores' share busy with " +
                    "the generator and other processes explains it",
            )
        }
        return "the model's wait is x${Units.sig3(agreement)} the measured one: ${why.joinToString("; ")}"
    }

    /**
     * A queueing wait: Erlang C far below saturation predicts waits such as 1e-56 ns, which in plain digits would
     * fill the column, and M/G/∞ none at all. Under a nanosecond is no wait a clock can see, and "< 1 ns" read as
     * a figure beside the measured milliseconds: it says "no wait".
     */
    fun wait(ns: Double): String = if (ns < 1.0) "no wait" else Units.nanos(ns)
}
