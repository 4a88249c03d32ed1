package dev.bakeoff.report

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.GroupResult
import dev.bakeoff.result.Machine
import dev.bakeoff.result.Percentiles
import dev.bakeoff.result.PresetInfo
import dev.bakeoff.result.Results
import dev.bakeoff.result.StopFigures
import dev.bakeoff.result.TimeStats

/**
 * The one check every reader of a results file (report, compare, merge, check, recommend) runs right
 * after decoding ([JsonReportFormat.parse]), field by field: every figure finite and within its range
 * (a time no run can produce, 0 ns, 1e-300 ns or 1e308 ns, a rate of 0 or a negative amount), sizes
 * that agree (the forks' run counts add up to the runs; a percentile from its known set), and at most
 * [MAX_CELLS] cells, load points or footprint rows, so that a reader's memory and time stay bounded.
 * Whatever fails is refused in one line naming the entry and the field, instead of a ratio that is not
 * a number, a crash or an exhausted heap half-way through a report. Every positive figure lies within
 * [MIN_POSITIVE] to [MAX_FIGURE], so no ratio, product or sum the readers form of two of them overflows.
 * Values come from the JSON decoder, which already refuses NaN and infinities. Stateless; safe from any
 * thread.
 */
internal object ResultsCheck {
    /**
     * The most cells (and, apart, load points, capacities and footprint rows) a results file may hold:
     * as many as the largest grid makes. report, compare and merge show that many within a 1 GB heap
     * (compare, the heaviest, in 23 s on 2 cores), where 20,000 took compare 2 GB and 100,000 slim cells
     * ran the default heap out.
     */
    const val MAX_CELLS = 10_000

    /** The shortest time a results file may hold, in ns: no batch, nor the harness's share of an item, is shorter. */
    const val MIN_TIME_NS = 1e-3

    /** The smallest positive figure besides a time (a rate in items per second, bytes per task). */
    const val MIN_POSITIVE = 1e-3

    /**
     * The largest time or amount a results file may hold (ns, bytes, items per second): far above
     * any count a Long holds (a task may declare waits of `Long.MAX_VALUE` ns, whose limit its report
     * still shows), yet small enough that every ratio, product or sum the readers form stays finite.
     */
    const val MAX_FIGURE = 1e22

    /** The percentiles a capacity objective may name. */
    val PERCENTILES = listOf("p50", "p90", "p99", "p99.9", "max")

    /** What in [results] its readers cannot show, as one phrase naming the entry and field; null when it is sound. */
    fun problem(results: Results): String? {
        val sizes = listOf(
            "cells" to results.cells.size,
            "load points" to results.load.orEmpty().size,
            "capacity results" to results.capacity.orEmpty().size,
            "footprint rows" to results.footprint.orEmpty().size,
        )
        sizes.firstOrNull { (_, n) -> n > MAX_CELLS }?.let { (what, n) ->
            return "it holds $n $what; Bakeoff reads at most $MAX_CELLS"
        }
        val machines = listOf("machine" to results.machine) +
            results.machines.orEmpty().map { (id, m) -> "machine $id" to m }
        return presetProblem(results.preset)
            ?: machines.firstNotNullOfOrNull { (name, m) -> machineProblem(m)?.let { "$name: $it" } }
            ?: results.cells.withIndex().firstNotNullOfOrNull { (i, cell) ->
                cellProblem(cell)?.let { "cell ${i + 1} (${cell.strategy} x ${cell.workload}): $it" }
            }
            ?: results.groups.orEmpty().withIndex().firstNotNullOfOrNull { (i, g) ->
                groupProblem(g)?.let { "group ${i + 1} (${g.workload}): $it" }
            }
            ?: LoadResultsCheck.problem(results)
    }

    private fun presetProblem(p: PresetInfo): String? = first(
        count("preset forks", p.forks, min = 1),
        range("preset margin", p.margin, 0.0, 1.0),
        count("preset looks", p.looks, min = 1),
    )

    private fun machineProblem(m: Machine): String? = first(
        count("cores", m.cores, min = 1),
        count("hostCores", m.hostCores, min = 1),
        count("memoryBytes", m.memoryBytes),
        amount("harnessNsPerItem", m.harnessNsPerItem),
    )

    private fun cellProblem(c: CellResult): String? = first(
        if (c.items < 1) "items is ${c.items}; a batch has at least 1 item" else null,
        c.plan?.let { p ->
            first(
                count("plan forks", p.forks, min = 1),
                count("plan warmupIterations", p.warmupIterations),
                count("plan measurementIterations", p.measurementIterations, min = 1),
                count("plan iterationMillis", p.iterationMillis),
            )
        },
        c.timeNs?.let(::timeProblem),
        listOf(
            "limitNs" to c.limitNs,
            "floorNs" to c.floorNs,
            "tracedNs" to c.tracedNs,
            "efficiency" to c.efficiency,
            "cpuNsPerOp" to c.cpuNsPerOp,
            "allocBytesPerOp" to c.allocBytesPerOp,
            "throughputPerSec" to c.throughputPerSec,
            "firstToLast" to c.firstToLast,
        ).firstNotNullOfOrNull { (name, v) -> amount(name, v) },
        signed("drift", c.drift),
        c.threads?.let { t ->
            first(
                count("threads startLive", t.startLive),
                count("threads peakLive", t.peakLive),
                count("threads created", t.created),
                count("threads aliveAfterClose", t.aliveAfterClose),
                count("threads virtualUsed", t.virtualUsed),
                count("threads endLive", t.endLive),
                count("threads liveAfterClose", t.liveAfterClose),
            )
        },
        c.latencyNs?.let {
            first(percentiles("latencyNs.queueWait", it.queueWait), percentiles("latencyNs.run", it.run))
        },
        c.perThread?.let { p ->
            first(
                count("perThread threadsUsed", p.threadsUsed),
                count("perThread minTasks", p.minTasks),
                amount("perThread avgTasks", p.avgTasks),
                count("perThread maxTasks", p.maxTasks),
            )
        },
        c.tasks?.let { t ->
            first(
                count("tasks completed", t.completed),
                count("tasks minRunNs", t.minRunNs),
                amount("tasks meanRunNs", t.meanRunNs),
                count("tasks maxRunNs", t.maxRunNs),
            )
        },
        c.memory?.let { m ->
            first(
                count("memory heapPeakBytes", m.heapPeakBytes),
                count("memory rssStartBytes", m.rssStartBytes),
                count("memory rssPeakBytes", m.rssPeakBytes),
            )
        },
        c.race?.let { r ->
            first(
                count("race forks", r.forks, min = 1),
                count("race runs", r.runs),
                count("race screeningNs", r.screeningNs),
                count("race furtherForkNs", r.furtherForkNs),
            )
        },
        c.evidence?.let { e ->
            val tallies = listOf(
                "pinned" to e.pinned,
                "parks" to e.parks,
                "monitorEnters" to e.monitorEnters,
                "monitorWaits" to e.monitorWaits,
                "gcPauses" to e.gcPauses,
            )
            first(
                count("evidence batches", e.batches, min = 1),
                time("evidence.wallNs", e.wallNs),
                amount("evidence cpuUtilisation", e.cpuUtilisation),
                amount("evidence voluntarySwitches", e.voluntarySwitches),
                amount("evidence involuntarySwitches", e.involuntarySwitches),
                amount("evidence threadsEnded", e.threadsEnded),
                tallies.firstNotNullOfOrNull { (name, t) ->
                    t?.let {
                        first(amount("evidence $name count", it.count), amount("evidence $name totalNs", it.totalNs))
                    }
                },
            )
        },
        c.limitParts?.let { p ->
            first(
                amount("limitParts waitNs", p.waitNs),
                amount("limitParts cpuBeforeNs", p.cpuBeforeNs),
                amount("limitParts cpuAfterNs", p.cpuAfterNs),
                amount("limitParts serialNs", p.serialNs),
                count("limitParts cores", p.cores, min = 1),
            )
        },
        c.failure?.let { first(stopProblem("failure", it), count("failure toReturnNs", it.toReturnNs)) },
        c.deadline?.let { d ->
            first(
                stopProblem("deadline", d),
                count("deadline deadlineNs", d.deadlineNs, min = 1),
                count("deadline missed", d.missed),
                ordered("deadline", "lateP50Ns" to d.lateP50Ns, "lateP90Ns" to d.lateP90Ns, "lateMaxNs" to d.lateMaxNs),
            )
        },
    )

    /** Runs and their summary; the forks' run counts, where recorded, add up to the runs. */
    private fun timeProblem(t: TimeStats): String? {
        if (t.runs.isEmpty()) return "timeNs has no runs"
        val times = listOf("min" to t.min, "median" to t.median, "max" to t.max, "mean" to t.mean)
            .map { (name, v) -> "timeNs.$name" to v } + t.runs.map { "a run in timeNs.runs" to it }
        times.firstNotNullOfOrNull { (name, v) -> time(name, v) }?.let { return it }
        val forks = t.forks
        return first(
            amount("timeNs.error", t.error),
            amount("timeNs.betweenForks", t.betweenForks),
            amount("timeNs.withinForks", t.withinForks),
            forks?.withIndex()?.firstNotNullOfOrNull { (i, n) -> count("timeNs.forks[$i]", n, min = 1) },
            forks?.takeIf { it.sumOf(Int::toLong) != t.runs.size.toLong() }?.let {
                "timeNs.forks adds up to ${it.sumOf(Int::toLong)} runs, but timeNs.runs holds ${t.runs.size}"
            },
        )
    }

    private fun stopProblem(name: String, s: StopFigures): String? = first(
        count("$name batches", s.batches, min = 1),
        count("$name startedAfter", s.startedAfter),
        count("$name runningAtReturn", s.runningAtReturn),
        count("$name ranOnNs", s.ranOnNs),
        count("$name completed", s.completed),
        count("$name cancelled", s.cancelled),
        count("$name notStarted", s.notStarted),
        count("$name threadsLeft", s.threadsLeft),
    )

    private fun groupProblem(g: GroupResult): String? = first(
        count("items", g.items, min = 1),
        // Not at most 1: a group's margin widens to the harness's own cost relative to its winner (×1.27 for a
        // user's task of a few nanoseconds an item), which a run records as it decided.
        amount("margin", g.margin),
        count("winnerRuns", g.winnerRuns),
        count("winnerForks", g.winnerForks),
        g.tests.firstNotNullOfOrNull { t ->
            first(
                ratio("ratio", t.ratio),
                ratio("ciLow", t.ciLow),
                ratio("ciHigh", t.ciHigh),
                ratio("eqLow", t.eqLow),
                ratio("eqHigh", t.eqHigh),
                range("pValue", t.pValue, 0.0, 1.0),
                range("confidence", t.confidence, 0.0, 1.0),
                range("eqConfidence", t.eqConfidence, 0.0, 1.0),
                count("runs", t.runs),
                count("forks", t.forks),
            )?.let { "the test of ${t.strategy}: $it" }
        },
    )

    private fun percentiles(name: String, p: Percentiles): String? =
        ordered(name, "p50" to p.p50, "p90" to p.p90, "p99" to p.p99, "max" to p.max)

    /** The first of [problems] found, or null: every argument is evaluated, each cheap and null when sound. */
    fun first(vararg problems: String?): String? = problems.firstOrNull { it != null }

    /** A count: a whole number of at least [min]. */
    fun count(name: String, v: Long?, min: Long = 0): String? =
        if (v == null || v >= min) null else "$name is $v; valid: $min or more"

    fun count(name: String, v: Int?, min: Int = 0): String? = count(name, v?.toLong(), min.toLong())

    /** Counts that never decrease from the first to the last (percentiles, the latest last), each 0 or more. */
    fun ordered(name: String, vararg values: Pair<String, Long>): String? =
        values.firstNotNullOfOrNull { (key, v) -> count("$name.$key", v) }
            ?: values.toList().zipWithNext().firstOrNull { (a, b) -> a.second > b.second }?.let { (a, b) ->
                "$name.${a.first} (${a.second}) is above $name.${b.first} (${b.second})"
            }

    /** A time in ns: [MIN_TIME_NS] to [MAX_FIGURE]. */
    fun time(name: String, v: Double?): String? =
        if (v == null || v in MIN_TIME_NS..MAX_FIGURE) null else "$name is $v ns; valid: $MIN_TIME_NS to $MAX_FIGURE ns"

    /** A figure that may be 0 (a limit of no waits, no allocation) but never negative or beyond [MAX_FIGURE]. */
    fun amount(name: String, v: Double?): String? = range(name, v, 0.0, MAX_FIGURE)

    /** A figure above 0 (a rate, bytes a task keeps): [MIN_POSITIVE] to [MAX_FIGURE]. */
    fun positive(name: String, v: Double?): String? = range(name, v, MIN_POSITIVE, MAX_FIGURE)

    /** A figure of either sign (a drift, a deviation), at most [MAX_FIGURE] either way. */
    fun signed(name: String, v: Double?): String? = range(name, v, -MAX_FIGURE, MAX_FIGURE)

    /** A ratio of two figures that are each [MIN_POSITIVE] to [MAX_FIGURE]: positive, and its inverse finite. */
    private fun ratio(name: String, v: Double?): String? =
        range(name, v, MIN_POSITIVE / MAX_FIGURE, MAX_FIGURE / MIN_POSITIVE)

    fun range(name: String, v: Double?, min: Double, max: Double): String? =
        if (v == null || v in min..max) null else "$name is $v; valid: ${shown(min)} to ${shown(max)}"

    /** `0`, `1`, `-1.0E22`: whole numbers of a few digits without their `.0`. */
    private fun shown(v: Double) = if (v == Math.rint(v) && Math.abs(v) < 1e6) "${v.toLong()}" else "$v"
}
