package dev.bakeoff.metrics

/**
 * One figure a fork (a load point's tail percentile, each fork's own JVM), as a geometric mean with its
 * t interval on the log: the race's fork statistics ([ForkRatio]) against a constant of 1, so the same
 * interval a point's verdict reads and a chart draws, never a second set of statistics. Pure.
 */
internal object ForkInterval {
    /** The forks' geometric [mean] and its interval at the asked confidence, [low] to [high]. Immutable. */
    class Interval(val mean: Double, val low: Double, val high: Double)

    /** [values] (one a fork, all positive) at two-sided [confidence]; null under [ForkRatio.MIN_FORKS] forks. */
    fun of(values: List<Double>, confidence: Double): Interval? {
        val ratio = ForkRatio.of(sample(listOf(1.0, 1.0)), sample(values)) ?: return null
        val (low, high) = ratio.interval(confidence)
        return Interval(ratio.ratio, low, high)
    }

    /** One figure a fork: a fork of one "run" each, as [ForkSample] counts forks of single runs. */
    private fun sample(values: List<Double>) = ForkSample.of(TimeSummary.of(values, 0.0, List(values.size) { 1 }))
}
