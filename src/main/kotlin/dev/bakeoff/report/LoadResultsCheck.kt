package dev.bakeoff.report

import dev.bakeoff.report.ResultsCheck.amount
import dev.bakeoff.report.ResultsCheck.count
import dev.bakeoff.report.ResultsCheck.first
import dev.bakeoff.report.ResultsCheck.ordered
import dev.bakeoff.report.ResultsCheck.positive
import dev.bakeoff.report.ResultsCheck.signed
import dev.bakeoff.result.CapacityResult
import dev.bakeoff.result.FootprintResult
import dev.bakeoff.result.LoadFigures
import dev.bakeoff.result.LoadResult
import dev.bakeoff.result.Results
import dev.bakeoff.result.Slope

/**
 * [ResultsCheck]'s rules for the sections of `bakeoff load`, `capacity` and `footprint`: rates, windows
 * and bytes a task keeps above 0 (they are drawn on log axes and divided by), counts that agree, a
 * capacity's percentile from its known set, a slope's interval whole and around its value. Stateless;
 * safe from any thread.
 */
internal object LoadResultsCheck {
    /** The first problem of [results]' load points, capacities and footprint rows, naming the entry; else null. */
    fun problem(results: Results): String? =
        results.load.orEmpty().withIndex().firstNotNullOfOrNull { (i, l) ->
            loadProblem(l)?.let { "load point ${i + 1} (${l.strategy} x ${l.workload}): $it" }
        } ?: results.capacity.orEmpty().withIndex().firstNotNullOfOrNull { (i, c) ->
            capacityProblem(c)?.let { "capacity ${i + 1} (${c.strategy} x ${c.workload}): $it" }
        } ?: results.footprint.orEmpty().withIndex().firstNotNullOfOrNull { (i, f) ->
            footprintProblem(f)?.let { "footprint row ${i + 1} (${f.strategy}, depth ${f.depth}): $it" }
        }

    private fun loadProblem(l: LoadResult): String? = first(
        count("items", l.items, min = 1),
        positive("ratePerSec", l.ratePerSec),
        positive("durationSeconds", l.durationSeconds),
        l.figures?.let(::figuresProblem),
        l.little?.let {
            first(
                amount("little meanInFlight", it.meanInFlight),
                amount("little predicted", it.predicted),
                signed("little deviation", it.deviation),
            )
        },
        l.queueing?.let {
            first(
                count("queueing servers", it.servers),
                amount("queueing utilisation", it.utilisation),
                amount("queueing predictedWaitNs", it.predictedWaitNs),
                signed("queueing measuredWaitNs", it.measuredWaitNs),
            )
        },
    )

    private fun figuresProblem(f: LoadFigures): String? {
        val l = f.latencyNs
        return first(
            count("arrived", f.arrived),
            count("completed", f.completed),
            count("failed", f.failed),
            count("unfinished", f.unfinished),
            if (f.completed > f.arrived) "completed (${f.completed}) is above arrived (${f.arrived})" else null,
            if (f.failed > f.completed) "failed (${f.failed}) is above completed (${f.completed})" else null,
            if (f.unfinished > f.arrived) "unfinished (${f.unfinished}) is above arrived (${f.arrived})" else null,
            amount("offeredPerSec", f.offeredPerSec),
            amount("achievedPerSec", f.achievedPerSec),
            ordered("latencyNs", "p50" to l.p50, "p90" to l.p90, "p99" to l.p99, "p999" to l.p999, "max" to l.max),
            amount("latencyNs.mean", l.mean),
            count("lag late", f.lag.late),
            ordered("lag", "p99Ns" to f.lag.p99Ns, "maxNs" to f.lag.maxNs),
            amount("meanInFlight", f.meanInFlight),
            amount("serviceNs", f.serviceNs),
            amount("serviceScv", f.serviceScv),
            amount("nominalServiceNs", f.nominalServiceNs),
            count("peakThreads", f.peakThreads),
            count("threadsCreated", f.threadsCreated),
            amount("allocBytesPerItem", f.allocBytesPerItem),
        )
    }

    private fun capacityProblem(c: CapacityResult): String? = first(
        positive("capacityPerSec", c.capacityPerSec),
        positive("ceilingPerSec", c.ceilingPerSec),
        c.points.firstNotNullOfOrNull { positive("a rate in points", it) },
        c.percentile?.takeIf { it !in ResultsCheck.PERCENTILES }?.let {
            "percentile is '$it'; valid: ${ResultsCheck.PERCENTILES.joinToString()}"
        },
        count("limitNs", c.limitNs, min = 1),
        positive("lowPerSec", c.lowPerSec),
        positive("highPerSec", c.highPerSec),
        c.judged?.firstNotNullOfOrNull { p ->
            first(
                positive("a judged rate", p.ratePerSec),
                // Absent when none: a count of 0 is never written.
                count("a judged point's disturbed", p.disturbed, min = 1),
                count("a judged point's disturbedCounted", p.disturbedCounted, min = 1),
                p.disturbedCounted?.takeIf { it > p.forks }
                    ?.let { "a judged point's disturbedCounted ($it) is above its forks (${p.forks})" },
            )
        },
        c.modelKnee?.let { m ->
            // Rates are divided by and drawn on a log axis; the rest are amounts.
            listOf("perSec" to m.perSec, "saturationPerSec" to m.saturationPerSec)
                .firstNotNullOfOrNull { (name, v) -> positive("modelKnee $name", v) }
                ?: listOf("utilisation" to m.utilisation, "anchorNs" to m.anchorNs, "agreement" to m.agreement)
                    .firstNotNullOfOrNull { (name, v) -> amount("modelKnee $name", v) }
                ?: count("modelKnee forks", m.forks, min = 1)
        },
        LoadCapacityRange.problem(c),
    )

    private fun footprintProblem(f: FootprintResult): String? = first(
        count("depth", f.depth, min = 1),
        f.points.withIndex().firstNotNullOfOrNull { (i, p) ->
            first(
                count("tasks", p.tasks, min = 1),
                count("heapBytes", p.heapBytes, min = 1),
                count("threadReservedBytes", p.threadReservedBytes),
                count("threadCommittedBytes", p.threadCommittedBytes),
                count("platformThreads", p.platformThreads),
            )?.let { "point ${i + 1}: $it" }
        },
        slopeProblem("heapBytesPerTask", f.heapBytesPerTask, positive = true),
        slopeProblem("threadReservedPerTask", f.threadReservedPerTask, positive = false),
        slopeProblem("threadCommittedPerTask", f.threadCommittedPerTask, positive = false),
    )

    /**
     * A slope's [Slope.value] (above 0 where [positive]: the heap a task keeps, which the report draws as
     * a bar), and its interval whole (both bounds or neither) and around the value.
     */
    private fun slopeProblem(name: String, s: Slope?, positive: Boolean): String? {
        s ?: return null
        return first(
            if (positive) positive("$name.value", s.value) else signed("$name.value", s.value),
            signed("$name.low", s.low),
            signed("$name.high", s.high),
            "$name has one bound of its interval; valid: both or none".takeIf { (s.low == null) != (s.high == null) },
            s.low?.takeIf { it > s.value }?.let { "$name.low ($it) is above its value (${s.value})" },
            s.high?.takeIf { it < s.value }?.let { "$name.high ($it) is below its value (${s.value})" },
        )
    }
}
