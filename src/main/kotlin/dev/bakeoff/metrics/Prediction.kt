package dev.bakeoff.metrics

import kotlin.math.ceil

/**
 * The `recommend` model: a predicted batch time from how many items a strategy keeps in progress
 * at once and how many of them can compute at once. Deliberately simple, so that its reasons read
 * plainly; `recommend` confirms its top picks by measuring them.
 *
 * For `items` items of `cpuNs` CPU and `waitNs` wait each, on `cores` cores, a strategy that keeps
 * `inFlight` items in progress (their waits overlap) of which `computing` run CPU at once pays
 *
 * `max(ceil(items / inFlight) * (cpuNs + waitNs), items * cpuNs / min(computing, cores, inFlight))`
 * `+ items * overheadNs`
 *
 * i.e. the items go in waves of `inFlight`, unless the CPU work spread over the computing threads
 * takes longer; plus its per-item dispatch overhead. Pure; thread-safe.
 */
internal object Prediction {
    fun batchNanos(
        items: Int,
        cpuNs: Double,
        waitNs: Double,
        cores: Int,
        inFlight: Int,
        computing: Int,
        overheadNs: Double,
    ): Double {
        require(items >= 1 && cores >= 1 && inFlight >= 1 && computing >= 1) {
            "items, cores, inFlight and computing must be >= 1"
        }
        val p = minOf(inFlight, items)
        val waves = ceil(items.toDouble() / p) * (cpuNs + waitNs)
        val cpu = items * cpuNs / minOf(computing, cores, p)
        return maxOf(waves, cpu) + items * overheadNs
    }
}
