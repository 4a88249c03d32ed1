package dev.bakeoff.report

import dev.bakeoff.metrics.MedianRatio
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.Results
import dev.bakeoff.result.fingerprint

/**
 * What `bakeoff compare` reports: per matching cell, the [new] side's median time relative to the
 * [base] side's, with a bootstrap confidence interval and a Mann–Whitney U test ([MedianRatio]),
 * and a verdict that only calls a difference a change when both agree. Either two runs of the same
 * cells ([ofRuns]) or two strategies within one run ([ofStrategies]). Cells that exist on one side
 * only, did not complete, or have one run on a side without [separated][MedianRatio.separation] runs are listed in [notCompared] with their reasons, and summarised one line
 * per reason in [notComparedSummary]. Two runs with load results also compare those ([load]). Immutable.
 */
internal data class Comparison(
    val baseLabel: String,
    val newLabel: String,
    val base: Results,
    val new: Results,
    val rows: List<ComparedCell>,
    val notCompared: List<NotCompared>,
    val load: LoadComparison? = null,
) {
    /**
     * One line per distinct reason, however many cells share it: `63 cells only in base: a, b and 61
     * more` (two runs of different sizes would otherwise print a line per cell).
     */
    val notComparedSummary: List<String> get() = notCompared.groupBy { it.reasons }.map { (reasons, cells) ->
        val shown = cells.take(NAMED).joinToString { it.title }
        val more = if (cells.size > NAMED) " and ${cells.size - NAMED} more" else ""
        "${cells.size} cell${if (cells.size == 1) "" else "s"} ${reasons.joinToString("; ")}: $shown$more"
    }

    /** How many rows got each verdict. */
    val counts: Map<MedianRatio.Verdict, Int> get() = MedianRatio.Verdict.entries.associateWith { v ->
        rows.count {
            it.verdict ==
                v
        }
    }

    /**
     * True when the two sides ran on different machines or JDKs, so ratios mix machine and code:
     * their cells' machine fingerprints (a merged file's cells name their own) or the processors
     * the measured JVMs saw (`--cpus`) differ. Never a measured figure such as the harness cost,
     * which differs between any two runs of one machine.
     */
    val machinesDiffer: Boolean get() = identity(base) != identity(new)

    companion object {
        private fun identity(r: Results): Pair<Int, Set<String>> {
            val own = r.machine.fingerprint
            return r.machine.cores to r.cells.map { it.machine ?: own }.toSet().ifEmpty { setOf(own) }
        }

        /** Cells of [base] and [new] matched by strategy and [GroupKey] (workload, items and wait form). */
        fun ofRuns(base: Results, new: Results, baseLabel: String = "base", newLabel: String = "new"): Comparison {
            fun cells(r: Results) = r.cells.associateBy { GroupKey.of(it) to it.strategy }
            fun title(key: Pair<GroupKey, String>) = "${key.second} × ${key.first.title}"
            return of(Side(baseLabel, base, cells(base)), Side(newLabel, new, cells(new)), ::title)
                .copy(load = LoadComparison.of(base, new, baseLabel, newLabel))
        }

        /** Within one run: strategy [b]'s cells against strategy [a]'s, matched by [GroupKey]. */
        fun ofStrategies(results: Results, a: String, b: String): Comparison {
            fun cells(strategy: String) = results.cells.filter { it.strategy == strategy }.associateBy(GroupKey::of)
            return of(Side(a, results, cells(a)), Side(b, results, cells(b)), GroupKey::title)
        }

        /**
         * Within a several-JDK run ([Results.jdks]): every other JDK's cells against the first JDK's,
         * matched by strategy and [GroupKey] without the JDK; empty for a run on one JDK.
         */
        fun ofJdks(results: Results): List<Comparison> {
            val jdks = results.jdks.orEmpty().map { it.version }
            fun cells(jdk: String) = results.cells.filter { it.jdk == jdk }
                .associateBy { GroupKey.of(it).copy(jdk = null) to it.strategy }
            fun title(key: Pair<GroupKey, String>) = "${key.second} × ${key.first.title}"
            val base = jdks.firstOrNull() ?: return emptyList()
            return jdks.drop(1).map { jdk ->
                of(Side("JDK $base", results, cells(base)), Side("JDK $jdk", results, cells(jdk)), ::title)
            }
        }

        /** Matches the cells of [base] and [new] by key (in run order, base first); [title] names a key. */
        private fun <K> of(base: Side<K>, new: Side<K>, title: (K) -> String): Comparison {
            val (baseLabel, baseCells) = base.label to base.cells
            val (newLabel, newCells) = new.label to new.cells
            val rows = mutableListOf<ComparedCell>()
            val notCompared = mutableListOf<NotCompared>()
            for (key in (baseCells.keys + newCells.keys)) {
                val b = baseCells[key]
                val n = newCells[key]
                val why = when {
                    b == null -> listOf(Reason(Reason.Problem.ONLY_IN, newLabel))
                    n == null -> listOf(Reason(Reason.Problem.ONLY_IN, baseLabel))
                    else -> listOfNotNull(problem(baseLabel, b), problem(newLabel, n))
                }
                val name = title(key)
                // One run a side is too few for the tests, not for a gap no noise explains (a race stops
                // a cell that cannot win after one run, so this is the common case of a clear loser).
                val separated = why.all { it.problem == Reason.Problem.ONE_RUN } &&
                    MedianRatio.separation(b!!.timeNs!!.runs, n!!.timeNs!!.runs) != null
                if (why.isNotEmpty() && !separated) {
                    notCompared += NotCompared(name, why)
                } else {
                    // Seeded per cell from its title (String.hashCode is specified), so a cell's interval
                    // does not depend on the other cells.
                    val stats = MedianRatio.of(b!!.timeNs!!.runs, n!!.timeNs!!.runs, SEED xor name.hashCode().toLong())
                    rows += ComparedCell(name, b, n, stats)
                }
            }
            return Comparison(baseLabel, newLabel, base.results, new.results, rows, notCompared)
        }

        private fun problem(label: String, c: CellResult) = when {
            c.status != CellStatus.OK -> Reason(Reason.Problem.NOT_OK, label, c.status)
            c.timeNs == null || c.timeNs.runs.isEmpty() -> Reason(Reason.Problem.NO_RUNS, label)
            c.timeNs.runs.size < 2 -> Reason(Reason.Problem.ONE_RUN, label)
            else -> null
        }

        /** One side of a comparison: its [label], its run and the cells to compare, by key. */
        private class Side<K>(val label: String, val results: Results, val cells: Map<K, CellResult>)

        private const val SEED = 0x5EED_BA4EL

        /** Cells named per line of [notComparedSummary]. */
        private const val NAMED = 2
    }
}

/** A cell that could not be compared: its [title] and why (one [Reason] per side with a problem). */
internal data class NotCompared(val title: String, val reasons: List<Reason>) {
    override fun toString(): String = "$title: ${reasons.joinToString("; ")}"
}

/** Why one [side] of a cell could not be compared; equal reasons are summarised together. Immutable. */
internal data class Reason(val problem: Problem, val side: String, val status: CellStatus? = null) {
    enum class Problem { ONLY_IN, NOT_OK, NO_RUNS, ONE_RUN }

    override fun toString(): String = when (problem) {
        Problem.ONLY_IN -> "only in $side"
        Problem.NOT_OK -> "$side $status"
        Problem.NO_RUNS -> "$side has no measured runs"
        Problem.ONE_RUN -> "$side has one measured run (a comparison needs 2 or more)"
    }
}

/**
 * One matched cell: [base] and [new] (completed, with runs) and their [stats]. Its [verdict] is the
 * tests' ([MedianRatio.verdict]) unless the two sides' runs are [separated][MedianRatio.separation],
 * which decides with any number of runs.
 */
internal data class ComparedCell(val title: String, val base: CellResult, val new: CellResult, val stats: MedianRatio) {
    /** Faster or slower by the separation rule, or null when the tests decide. */
    val separation: MedianRatio.Verdict? get() = MedianRatio.separation(base.timeNs!!.runs, new.timeNs!!.runs)
    val verdict: MedianRatio.Verdict get() = separation ?: stats.verdict()

    /** The verdict's label, saying when the separation rule reached it. */
    val verdictLabel: String get() = if (separation != null) "${verdict.label} (separated)" else verdict.label
    val baseMedian: Double get() = base.timeNs!!.median
    val newMedian: Double get() = new.timeNs!!.median
}
