package dev.bakeoff.report

import dev.bakeoff.result.CapacityResult
import dev.bakeoff.result.LoadKey
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units
import kotlinx.serialization.json.JsonObject

/**
 * The load charts of report.html, from a run's `load` and `capacity` sections, one set per kind of work
 * (workload, items, wait form, machine): the knee ([LoadKneeChart]: p50/p99/p99.9 against the offered
 * rate with the forks' intervals, the objective, each capacity range, the model's mean and knee), what the
 * strategies held beside it ([LoadResourcesChart]), and the dominant cause of every point's tail, fork by
 * fork. Pure functions; safe from any thread.
 */
internal object LoadCharts {
    /**
     * One kind of work's charts: its [title], the capacity sentences shown under it, the knee's ECharts
     * [option], the [resources] panels (null when nothing was measured) and the [tails] sentences.
     */
    class LoadChart(
        val title: String,
        val explanations: List<String>,
        val option: JsonObject,
        val resources: JsonObject?,
        val tails: List<String>,
    )

    /** The charts of [results], in the order the kinds of work first appear; none for a batch run. */
    fun of(results: Results): List<LoadChart> {
        val capacities = results.capacity.orEmpty()
        return results.load.orEmpty()
            // A capacity point's forks set aside (other processes disturbed their windows) are drawn nowhere.
            .filterNot { it.setAside }
            // One chart per group of load cells (LoadKey's: workload, items, wait form, machine).
            .groupBy { LoadKey.of(it).cell.group }
            .mapNotNull { (work, cells) ->
                val own = capacities.filter { it.workload == work.subject && it.machine == work.machine }
                val points = LoadPoint.of(cells).takeIf { it.isNotEmpty() } ?: return@mapNotNull null
                LoadChart(
                    title = "${work.title}: latency against the offered rate",
                    explanations = own.flatMap {
                        listOfNotNull(
                            LoadCapacityRange.explained(it),
                            LoadKneeWords.line(it),
                            LoadDisturbance.reruns(it, results),
                        )
                    },
                    option = LoadKneeChart.option(points, own, confidence(own)),
                    resources = LoadResourcesChart.option(points),
                    tails = tails(points),
                )
            }
    }

    /** The intervals' confidence: the capacity searches' own, else theirs by default. */
    private fun confidence(capacities: List<CapacityResult>) =
        capacities.firstNotNullOfOrNull { it.confidence } ?: DEFAULT_CONFIDENCE

    /** "virtual-threads at 21600/s, fork 2 of 3: p99 23.5 ms: 3 GC pauses of 18–21 ms in the window (...)". */
    private fun tails(points: Map<String, List<LoadPoint>>): List<String> = points.values.flatten().flatMap { p ->
        p.measured.mapIndexedNotNull { k, f ->
            val tail = f.tail?.takeIf { it.tails.isNotEmpty() } ?: return@mapIndexedNotNull null
            val fork = if (p.measured.size == 1) "" else ", fork ${k + 1} of ${p.measured.size}"
            "${p.strategy} at ${Units.sig3(p.ratePerSec)}/s$fork: " + LoadTailCauses.sentences(tail).joinToString("; ")
        }
    }

    /** The capacity search's confidence ([dev.bakeoff.result.CapacityResult.confidence]'s usual value). */
    private const val DEFAULT_CONFIDENCE = 0.95
}
