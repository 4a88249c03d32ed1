package dev.bakeoff.metrics

/**
 * How a workload cell's physical limit is computed: a lower bound on a batch's time that no
 * strategy can beat on this machine, from each item's measured CPU cost and its wait. (A
 * scenario states its limit from its definition instead; both end up as a
 * [dev.bakeoff.model.PhysicalLimit].)
 *
 * `limit = max(longest single item, total CPU / usable cores, serial part)`, where
 * - the longest single item is `max(cpu_i + wait_i)`: an item cannot finish before its own CPU
 *   work and its own wait are done, whatever runs around it;
 * - total CPU over the usable cores is `sum(cpu_i) / cores`: every item's CPU work has to run
 *   somewhere, and at most `cores` of it at once;
 * - the serial part is what a scenario forces through a bottleneck (e.g. the database time of
 *   every item divided by a connection pool of size P); 0 when nothing is declared.
 *
 * Assumptions (documented in docs/RESULTS.md): CPU costs are single-threaded and measured with
 * the JIT warm, so contention, cache misses and SMT sharing under parallel load only make the
 * real time longer; a wait costs no CPU; a strategy costs nothing. Pure functions; thread-safe.
 */
internal object LimitFormula {
    /** The limit and the three bounds it is the largest of, all in nanoseconds per batch. */
    data class Bound(val longestItemNs: Double, val cpuOverCoresNs: Double, val serialNs: Double) {
        val limitNs: Double get() = maxOf(longestItemNs, cpuOverCoresNs, serialNs)

        /** Which bound sets the limit: `longest item`, `CPU / cores` or `serial part`. */
        val binding: String get() = when (limitNs) {
            longestItemNs -> "longest item"
            cpuOverCoresNs -> "CPU / cores"
            else -> "serial part"
        }
    }

    /** The bound of a batch whose item `i` costs [cpuNs]`[i]` of CPU and waits [waitNs]`[i]`. */
    fun of(cpuNs: DoubleArray, waitNs: LongArray, cores: Int, serialNs: Double = 0.0): Bound {
        require(cpuNs.size == waitNs.size) { "${cpuNs.size} CPU costs for ${waitNs.size} waits" }
        require(cpuNs.isNotEmpty()) { "no items" }
        require(cores >= 1) { "cores must be >= 1, was $cores" }
        val longest = cpuNs.indices.maxOf { cpuNs[it] + waitNs[it] }
        return Bound(longest, cpuNs.sum() / cores, serialNs)
    }

    /** limit / median: 1.0 means the strategy ran the batch as fast as the machine allows. */
    fun efficiency(limitNs: Double, medianNs: Double): Double = limitNs / medianNs
}
