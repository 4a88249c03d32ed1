package dev.bakeoff.metrics

import dev.bakeoff.result.Slope
import org.apache.commons.statistics.distribution.TDistribution
import kotlin.math.sqrt

/**
 * Ordinary least squares of y on x: the slope, with its two-sided interval at [CONFIDENCE] from
 * Student's t on n - 2 degrees of freedom (the textbook interval: residuals independent, of one
 * variance). `bakeoff footprint` fits the heap and native memory held against the count of parked
 * tasks, so the slope is what one more task keeps and the JVM's own baseline falls into the
 * intercept. Pure; thread-safe.
 */
internal object LinearFit {
    const val CONFIDENCE = 0.95

    /**
     * The slope of [points] (x, y), or null with fewer than two distinct x; its interval is null with
     * only two points (no residual degree of freedom left to estimate the spread).
     */
    fun slope(points: List<Pair<Double, Double>>): Slope? {
        val n = points.size
        if (points.map { it.first }.distinct().size < 2) return null
        val mx = points.sumOf { it.first } / n
        val my = points.sumOf { it.second } / n
        val sxx = points.sumOf { (x, _) -> (x - mx) * (x - mx) }
        val sxy = points.sumOf { (x, y) -> (x - mx) * (y - my) }
        val b = sxy / sxx
        if (n < 3) return Slope(b)
        val a = intercept(points, b)
        val sse = points.sumOf { (x, y) -> (y - a - b * x).let { it * it } }
        val se = sqrt(sse / (n - 2) / sxx)
        val t = TDistribution.of((n - 2).toDouble()).inverseSurvivalProbability((1 - CONFIDENCE) / 2)
        return Slope(b, b - t * se, b + t * se)
    }

    /** The least-squares line's intercept for [points] at [slope]: it runs through their means. */
    fun intercept(points: List<Pair<Double, Double>>, slope: Double): Double =
        points.sumOf { it.second } / points.size - slope * points.sumOf { it.first } / points.size
}
