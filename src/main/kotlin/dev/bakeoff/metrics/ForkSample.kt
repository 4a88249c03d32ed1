package dev.bakeoff.metrics

import dev.bakeoff.result.TimeStats
import kotlin.math.exp
import kotlin.math.ln
import kotlin.math.sqrt

/**
 * One cell's runs as the forks (JVMs) that gave them: the unit every test, interval and
 * equivalence decision counts, because a JVM's JIT, heap layout and placement differ from the next
 * one's far more than its runs differ from each other, and runs of one JVM are not independent.
 *
 * Each fork is first cut to its steady tail ([steadyTail]): leading runs are dropped while the rest
 * still trend beyond chance ([Trend.significant]). A fork's
 * figure ([centers]) is the log of its steady runs' median, so a ratio of cells is a difference of
 * logs and the fork effects, multiplicative on these machines, become additive. A fork of one run
 * beside forks of more ([counted]) does not count: that is a race's screening fork of a long batch,
 * one run after one warm-up batch, which nothing can show steady (measured: 4-16% above the same
 * cell's later forks on network and mixed, and the widest of their forks). The cell's figure is the
 * trimmed mean of its forks' [centers] ([location]): from six forks on, one fork in five beyond the
 * first drops from each end ([kept]), so one fork that a hiccup of a 2-core machine made twice as slow
 * as the others neither moves the location nor, through its variance, holds every interval open
 * (Yuen's trimmed test, [ForkRatio]); with five or fewer nothing is trimmed: the plain geometric mean
 * of fork medians and Welch's test. Immutable; pure.
 */
internal class ForkSample private constructor(
    /** ln(median of its steady runs) for every fork, in fork order. */
    val centers: DoubleArray,
) {
    /** The forks that count. */
    val size: Int get() = centers.size

    /** The forks dropped from each end before [location] ([kept]). */
    val trimmed: Int get() = (size - kept) / 2

    /** The forks [location] rests on: [size] less [trimmed] from each end ([kept]). */
    val kept: Int get() = kept(size)

    private val sorted: List<Double> by lazy { centers.sorted() }

    /**
     * The mean of [centers] without the [trimmed] lowest and highest: the log of the cell's trimmed
     * geometric-mean fork median, the figure every test, ratio and ranking reads.
     */
    val location: Double by lazy {
        // Untrimmed, in fork order: the same sum, to the last bit, as before trimming existed.
        if (trimmed == 0) centers.average() else sorted.subList(trimmed, size - trimmed).average()
    }

    /**
     * The squared standard error of [location] (Yuen 1974): the winsorized variance of [centers] (each
     * trimmed fork replaced by the nearest kept one) × (n − 1) / (h (h − 1)), h = [kept]; with nothing
     * trimmed, the sample variance / n. NaN with fewer than two forks.
     */
    val locationVariance: Double by lazy {
        if (kept < 2) {
            Double.NaN
        } else {
            val winsorized = variance(centers.map { it.coerceIn(sorted[trimmed], sorted[size - trimmed - 1]) })
            // Untrimmed, the plain s² / n, to the last bit.
            if (trimmed == 0) winsorized / size else winsorized * (size - 1) / (kept * (kept - 1.0))
        }
    }

    /**
     * The variance of one fork's log median that [locationVariance] implies (its × [size]): what a projection
     * scales.
     */
    val forkVariance: Double get() = locationVariance * size

    /** The fastest and slowest fork's median (ns). */
    val fastest: Double get() = exp(centers.min())
    val slowest: Double get() = exp(centers.max())

    companion object {
        /** The forks of [time]: its [TimeStats.forks], or one fork per run in files written before forks were kept. */
        fun of(time: TimeStats): ForkSample =
            ForkSample(counted(split(time.runs, time.forks)).map { ln(median(steadyTail(it))) }.toDoubleArray())

        /**
         * The forks that count of [forks]: those of two runs or more, or every fork when none has two
         * (a fixed plan of single-shot forks, or a file written before forks were kept).
         */
        fun counted(forks: List<List<Double>>): List<List<Double>> =
            forks.filter { it.size >= 2 }.ifEmpty { forks }

        /** [runs] cut into consecutive forks of [sizes] runs; one fork per run when [sizes] is null. */
        fun split(runs: List<Double>, sizes: List<Int>?): List<List<Double>> {
            if (sizes == null) return runs.map(::listOf)
            require(sizes.sum() == runs.size) { "fork sizes $sizes do not add up to ${runs.size} runs" }
            var from = 0
            return sizes.map { n -> runs.subList(from, from + n).also { from += n } }
        }

        /**
         * [runs] without their leading unsteady runs: the first run is dropped while the rest trend
         * beyond chance ([Trend.significant]); a handful of runs can never show that and is kept.
         */
        fun steadyTail(runs: List<Double>): List<Double> {
            var tail = runs
            while (Trend.significant(tail)) tail = tail.drop(1)
            return tail
        }

        /**
         * The between-fork and within-fork variation of [runs] cut as [sizes]: the standard deviation
         * of the forks' log medians, and the pooled standard deviation of log runs around their own
         * fork's mean (0.1 is about 10%), over the [counted] forks. Each null where it cannot be
         * estimated (one fork; one run a fork).
         */
        fun variation(runs: List<Double>, sizes: List<Int>): Pair<Double?, Double?> {
            val forks = counted(split(runs, sizes)).map { f -> f.map(::ln) }
            val medians = forks.map(::median)
            val between = if (medians.size < 2) null else sqrt(variance(medians))
            val df = forks.sumOf { it.size - 1 }
            val within = if (df == 0) {
                null
            } else {
                sqrt(forks.sumOf { f -> f.average().let { m -> f.sumOf { (it - m) * (it - m) } } } / df)
            }
            return between to within
        }

        /** The sample variance of [xs] (n − 1 in the denominator); at least two values. */
        fun variance(xs: List<Double>): Double {
            val m = xs.average()
            return xs.sumOf { (it - m) * (it - m) } / (xs.size - 1)
        }

        /**
         * The forks a [location] of [forks] forks rests on: one in [TRIM_EVERY] beyond the first dropped from
         * each end, rounded down (none of five, one of six to ten, two of eleven, a race's most): about the
         * usual 20% of Yuen's test, yet never leaving fewer than four, as a trimmed test on three forks a
         * side (two degrees of freedom) could hardly tell anything apart.
         */
        fun kept(forks: Int): Int = forks - 2 * ((forks - 1).coerceAtLeast(0) / TRIM_EVERY)

        /** One fork in this many beyond the first is trimmed from each end ([kept]). */
        const val TRIM_EVERY = 5

        /** The median of [xs], the mean of the middle two of an even count; not empty. */
        fun median(xs: List<Double>): Double = xs.sorted().let { (it[(it.size - 1) / 2] + it[it.size / 2]) / 2 }
    }
}
