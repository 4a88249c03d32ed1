package dev.bakeoff.engine.probe

import dev.bakeoff.result.StallKind
import dev.bakeoff.result.TailCause
import kotlin.math.ceil

/** One stall of [kind] from [startNs] for [durationNs], on the generator's clock (`System.nanoTime`). Immutable. */
internal data class Stall(val kind: StallKind, val startNs: Long, val durationNs: Long) {
    val endNs: Long get() = startNs + durationNs

    /** How long this stall overlaps [from] to [to]. */
    fun overlapNs(from: Long, to: Long): Long = maxOf(0L, minOf(endNs, to) - maxOf(startNs, from))
}

/**
 * The measured items of a load window, item `i` from its intended [start] to its [end] (its completion,
 * or the drain's end for an unfinished one), submitted [lag] ns after its intended start; the first
 * [count] of each array. Owned by one thread once the window drained.
 */
internal class ItemTimes(val start: LongArray, val end: LongArray, val lag: LongArray, val count: Int) {
    fun latency(i: Int): Long = end[i] - start[i]
}

/**
 * Names what stalled the slowest items of a tail percentile, by the rule docs/RESULTS.md states: the
 * slow items are the `ceil(n x (100 - q) / 100)` items of longest latency; a cause *covers* a slow item
 * when its stall time inside the item's life (the overlap of its stalls with it; for generator lag,
 * the item's own lag) is at least half the item's excess over the window's median latency; the
 * dominant cause is the one covering the most slow items, provided it covers at least half of them.
 * Pure: synthetic windows test it.
 */
internal object TailAttribution {
    /** A cause must cover at least this share of the slow items to explain the percentile. */
    const val MIN_COVERED = 0.5

    /** The share of a slow item's excess over the median a cause's stall time must reach to cover it. */
    const val MIN_EXPLAINED = 0.5

    /** The cause of percentile [q] (e.g. 99.0), named [name], whose histogram value is [valueNs]. */
    fun cause(name: String, q: Double, valueNs: Long, items: ItemTimes, stalls: List<Stall>): TailCause {
        val n = items.count
        if (n == 0) return TailCause(name, valueNs, 0)
        val byLatency = (0 until n).sortedByDescending(items::latency)
        val median = items.latency(byLatency[n / 2])
        val slow = byLatency.take(ceil(n * (100.0 - q) / 100.0).toInt().coerceIn(1, n))
        val kinds = StallKind.entries.map { kind -> covering(kind, slow, median, items, stalls) }
        val best = kinds.maxBy { it.covered.size }
        if (best.covered.size < MIN_COVERED * slow.size) return TailCause(name, valueNs, slow.size.toLong())
        return TailCause(
            percentile = name,
            valueNs = valueNs,
            items = slow.size.toLong(),
            cause = best.kind,
            covered = best.covered.size.toLong(),
            stalls = best.durations.size,
            shortestNs = best.durations.min(),
            longestNs = best.durations.max(),
        )
    }

    /** The slow items [kind] covers, and the durations of the stalls that did (each item's lag for lag). */
    private class Covering(val kind: StallKind, val covered: List<Int>, val durations: List<Long>)

    private fun covering(
        kind: StallKind,
        slow: List<Int>,
        median: Long,
        items: ItemTimes,
        stalls: List<Stall>,
    ): Covering {
        val own = stalls.filter { it.kind == kind }
        val covered = slow.filter { i ->
            val stalled = if (kind == StallKind.GENERATOR_LAG) {
                items.lag[i]
            } else {
                own.sumOf { it.overlapNs(items.start[i], items.end[i]) }
            }
            stalled > 0 && stalled >= MIN_EXPLAINED * (items.latency(i) - median)
        }
        val durations = if (kind == StallKind.GENERATOR_LAG) {
            covered.map { items.lag[it] }
        } else {
            own.filter { s -> covered.any { s.overlapNs(items.start[it], items.end[it]) > 0 } }.map { it.durationNs }
        }
        return Covering(kind, covered, durations)
    }
}
