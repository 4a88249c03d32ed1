package dev.bakeoff.metrics

import dev.bakeoff.result.LimitBound
import dev.bakeoff.result.LimitParts

/**
 * How a cell's physical limit is computed, for workload and scenario cells alike: a lower bound on
 * a batch's time that no strategy can beat on this machine, from each item's measured CPU cost and
 * its wait.
 *
 * `limit = max(longest single item, total CPU / usable cores, serial part, after the wait)`, where
 * - the longest single item is `max(cpu_i + wait_i)`: an item cannot finish before its own CPU
 *   work and its own wait are done, whatever runs around it;
 * - total CPU over the usable cores is `sum(cpu_i) / cores`: every item's CPU work has to run
 *   somewhere, and at most `cores` of it at once;
 * - the serial part is what items force through one bottleneck in a row (every item's CPU and wait
 *   under one shared lock); 0 when nothing does;
 * - after the wait, where an item's CPU is measured in two parts ([split]: a scenario's components
 *   before and after its call), is `min(wait_i) + sum(cpuAfter_i) / cores`: no item's work after
 *   its wait can start before the shortest wait has passed, and then it needs the cores; 0 when
 *   the CPU is not split.
 *
 * Assumptions (documented in docs/RESULTS.md): CPU costs are measured with the JIT warm and without
 * contention, so contention, cache misses and SMT sharing under parallel load only make the real
 * time longer; a wait costs no CPU; a strategy costs nothing. Pure functions; thread-safe.
 */
internal object LimitFormula {
    /**
     * The limit and the bounds it is the largest of (ns per batch), from the longest wait [waitNs], the
     * batch's CPU before the waits [cpuBeforeNs] (all of it when not split) and after them [cpuAfterNs].
     */
    data class Bound(
        val longestItemNs: Double,
        val cpuOverCoresNs: Double,
        val serialNs: Double,
        val afterWaitNs: Double,
        val waitNs: Double,
        val cpuBeforeNs: Double,
        val cpuAfterNs: Double?,
        val cores: Int,
    ) {
        val limitNs: Double get() = maxOf(longestItemNs, cpuOverCoresNs, serialNs, afterWaitNs)

        /** The parts as the results file records them. */
        val parts: LimitParts get() = LimitParts(waitNs, cpuBeforeNs, cpuAfterNs, serialNs, cores, binding)

        /** Which bound sets the limit (the first of equal ones in the order of [LimitBound]). */
        val binding: LimitBound get() = when (limitNs) {
            longestItemNs -> LimitBound.LONGEST_ITEM
            cpuOverCoresNs -> LimitBound.CPU_OVER_CORES
            afterWaitNs -> LimitBound.CPU_AFTER_WAIT
            else -> LimitBound.SERIAL
        }
    }

    /** The bound of a batch whose item `i` costs [cpuNs]`[i]` of CPU and waits [waitNs]`[i]`. */
    fun of(cpuNs: DoubleArray, waitNs: LongArray, cores: Int, serialNs: Double = 0.0): Bound =
        bound(cpuNs, null, waitNs, cores, serialNs)

    /**
     * The bound of a batch whose item `i` costs [cpuBeforeNs]`[i]` of CPU before its wait of
     * [waitNs]`[i]` and [cpuAfterNs]`[i]` after it.
     */
    fun split(
        cpuBeforeNs: DoubleArray,
        cpuAfterNs: DoubleArray,
        waitNs: LongArray,
        cores: Int,
        serialNs: Double = 0.0,
    ): Bound {
        require(cpuAfterNs.size == cpuBeforeNs.size) { "${cpuBeforeNs.size} costs before, ${cpuAfterNs.size} after" }
        return bound(cpuBeforeNs, cpuAfterNs, waitNs, cores, serialNs)
    }

    private fun bound(
        before: DoubleArray,
        after: DoubleArray?,
        waitNs: LongArray,
        cores: Int,
        serialNs: Double,
    ): Bound {
        require(before.size == waitNs.size) { "${before.size} CPU costs for ${waitNs.size} waits" }
        require(before.isNotEmpty()) { "no items" }
        require(cores >= 1) { "cores must be >= 1, was $cores" }
        val cpu = before.indices.map { before[it] + (after?.get(it) ?: 0.0) }
        val longest = cpu.indices.maxOf { cpu[it] + waitNs[it] }
        val afterWait = after?.let { waitNs.min() + it.sum() / cores } ?: 0.0
        return Bound(
            longestItemNs = longest,
            cpuOverCoresNs = cpu.sum() / cores,
            serialNs = serialNs,
            afterWaitNs = afterWait,
            waitNs = waitNs.max().toDouble(),
            cpuBeforeNs = before.sum(),
            cpuAfterNs = after?.sum(),
            cores = cores,
        )
    }

    /** limit / median: 1.0 means the strategy ran the batch as fast as the machine allows. */
    fun efficiency(limitNs: Double, medianNs: Double): Double = limitNs / medianNs
}
