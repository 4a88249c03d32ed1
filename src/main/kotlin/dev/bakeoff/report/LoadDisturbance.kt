package dev.bakeoff.report

import dev.bakeoff.metrics.Disturbance
import dev.bakeoff.result.CapacityResult
import dev.bakeoff.result.LoadResult
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units

/**
 * What the console and the report say of load windows other processes disturbed ([Disturbance]): a capacity
 * search's forks set aside and measured again, one line per strategy, and a counted window that was disturbed
 * all the same (`bakeoff load` re-runs nothing). The cores are the host's, as `costs.otherCores` is read over
 * all of them. Pure.
 */
internal object LoadDisturbance {
    /**
     * "virtual-threads: 2 forks re-run: other processes or the hypervisor (steal) kept 0.110–0.290 cores busy in
     * their windows (over 5% of 2)", then the disturbed forks it counted (its re-runs used up, or none fitting the
     * budget); null when none.
     */
    fun reruns(c: CapacityResult, results: Results): String? {
        val judged = c.judged.orEmpty()
        val rerun = judged.sumOf { it.disturbed ?: 0 }
        val counted = judged.filter { (it.disturbedCounted ?: 0) > 0 }
        if (rerun == 0 && counted.isEmpty()) return null
        val aside = results.load.orEmpty().filter {
            it.setAside && it.strategy == c.strategy && it.workload == c.workload && it.machine == c.machine
        }
        val busy = aside.mapNotNull { it.figures?.costs?.otherCores }
        val why = busy.takeIf { it.isNotEmpty() }?.let {
            val figure = listOf(it.min(), it.max()).distinct().joinToString("–") { v -> Units.sig3(v) }
            val their = if (rerun == 1) "its window" else "their windows"
            ": ${DisturbanceWords.WHO} kept $figure cores busy in $their (${over(aside.first(), results)})"
        }.orEmpty()
        val kept = counted.takeIf { it.isNotEmpty() }?.let { points ->
            "${DisturbanceWords.forks(points.sumOf { it.disturbedCounted ?: 0 })} disturbed counted all the same at " +
                points.joinToString { "${Units.sig3(it.ratePerSec)}/s" } + " (re-runs used up, or none fit the budget)"
        }
        val reran = "${DisturbanceWords.forks(rerun)} re-run$why".takeIf { rerun > 0 }
        return "${c.strategy}: " + listOfNotNull(reran, kept).joinToString("; ")
    }

    /**
     * "other processes or the hypervisor (steal) kept 0.210 cores busy in its window (over 5% of 2): its figures are
     * theirs as much as the strategy's" for a counted fork whose window was disturbed; null otherwise.
     */
    fun warning(l: LoadResult, results: Results): String? {
        val busy = l.figures?.costs?.otherCores?.takeIf { !l.setAside && Disturbance.disturbed(it, cores(l, results)) }
            ?: return null
        val figure = Units.sig3(busy)
        return "${DisturbanceWords.WHO} kept $figure cores busy in its window (${over(l, results)}): " +
            "its figures are theirs as much as the strategy's"
    }

    private fun over(l: LoadResult, results: Results) = DisturbanceWords.over(cores(l, results))

    /** The host's cores of the machine [l] ran on (its own in a merged file). */
    private fun cores(l: LoadResult, results: Results): Int =
        (l.machine?.let { results.machines?.get(it) } ?: results.machine).hostCores
}
