package dev.bakeoff.report

import dev.bakeoff.metrics.ForkComparison
import dev.bakeoff.metrics.ForkRatio
import dev.bakeoff.metrics.ForkSample
import dev.bakeoff.metrics.ForkVerdict
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.metrics.RankedCell
import dev.bakeoff.result.CellKey
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.Results
import dev.bakeoff.result.fingerprint
import dev.bakeoff.wording.Units

/**
 * What `bakeoff compare` reports: per matching cell, the [new] side against the [base] side counted
 * by forks (JVMs), as the race decides ([ComparedCell]: [ForkComparison], [ForkSample], [ForkRatio], [ForkVerdict]).
 * Every interval is at [confidence], the error rate [GroupDecision.ALPHA] divided over the [tests]
 * made (Bonferroni, as `check` divides it), so the comparison as a whole calls a change where there is
 * none at most that often; the equivalence intervals at [eqConfidence] under [margin]. Either two runs
 * of the same cells ([ofRuns]) or two strategies within one run ([ofStrategies]). Cells that exist on
 * one side only or have no measured runs on a side are listed in [notCompared] with their reasons, and
 * summarised one line per reason in [notComparedSummary]. Two runs with load results also compare
 * those ([load]). Immutable.
 */
internal data class Comparison(
    val baseLabel: String,
    val newLabel: String,
    val base: Results,
    val new: Results,
    val margin: Double,
    val rows: List<ComparedCell>,
    val notCompared: List<NotCompared>,
    val load: LoadComparison? = null,
) {
    /** How many rows were tested (two forks a side or more, not separated): the count the level is divided over. */
    val tests: Int get() = rows.count { it.pair.tested }

    val confidence: Double get() = levels(tests).first
    val eqConfidence: Double get() = levels(tests).second

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
    val counts: Map<ForkVerdict, Int> get() = ForkVerdict.entries.associateWith { v -> rows.count { it.verdict == v } }

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

        /**
         * Cells of [base] and [new] matched by [CellKey] (strategy and [GroupKey]: workload, items, wait
         * form and a `cpus=` sweep's cores), the same within [margin]. Not by sweep point: that only labels
         * what the strategy spec and the group key already say, so a sweep's cell meets the same cell run alone.
         * Not by machine where each side ran on one (a merged file names it, a plain run does not, and
         * [machinesDiffer] says when they differ); by machine where a side holds several, a plain run's cells
         * then on their run's own.
         */
        fun ofRuns(
            base: Results,
            new: Results,
            margin: Double = GroupDecision.DEFAULT_MARGIN,
            baseLabel: String = "base",
            newLabel: String = "new",
        ): Comparison {
            val several = identity(base).second.size > 1 || identity(new).second.size > 1
            fun cells(r: Results) = r.cells.associateBy { c ->
                val key = CellKey.of(c)
                val machine = if (several) c.machine ?: r.machine.fingerprint else null
                key.copy(group = key.group.copy(machine = machine), sweep = null)
            }
            return of(Side(baseLabel, base, cells(base)), Side(newLabel, new, cells(new)), margin, CellKey::title)
                .copy(load = LoadComparison.of(base, new, baseLabel, newLabel))
        }

        /** Within one run: strategy [b]'s cells against strategy [a]'s, matched by [GroupKey]. */
        fun ofStrategies(
            results: Results,
            a: String,
            b: String,
            margin: Double = GroupDecision.DEFAULT_MARGIN,
        ): Comparison {
            fun cells(strategy: String) = results.cells.filter { it.strategy == strategy }.associateBy(GroupKey::of)
            return of(Side(a, results, cells(a)), Side(b, results, cells(b)), margin, GroupKey::title)
        }

        /**
         * Within a several-JDK run ([Results.jdks]): every other JDK's cells against the first JDK's,
         * matched by [CellKey] without the JDK, under the margin the run decided with;
         * empty for a run on one JDK.
         */
        fun ofJdks(results: Results): List<Comparison> = across(
            results,
            results.jdks.orEmpty().map { it.version },
            { "JDK $it" },
            { cell, jdk -> cell.jdk == jdk },
        ) { it.copy(jdk = null) }

        /**
         * Within a several-version run ([Results.libs]): for each library, every other version's cells against its
         * first version's, matched by [CellKey] without that library's version (the other libraries' stay in
         * the key, so a grid compares like with like), under the margin the run decided with; empty without `--lib`.
         */
        fun ofLibs(results: Results): List<Comparison> =
            results.libs.orEmpty().groupBy({ it.name }, { it.version }).flatMap { (name, versions) ->
                across(results, versions, { "$name $it" }, { cell, v -> cell.lib?.get(name) == v }) { key ->
                    key.copy(lib = key.lib?.minus(name)?.ifEmpty { null })
                }
            }

        /** What a run says across one of its dimensions: [ofJdks] and [ofLibs], in that order. */
        fun acrossRun(results: Results): List<Comparison> = ofJdks(results) + ofLibs(results)

        /**
         * Every other of [values] against the first: the cells [on] each, matched by [CellKey] with the group
         * [without] that value, [label] naming a side.
         */
        private fun across(
            results: Results,
            values: List<String>,
            label: (String) -> String,
            on: (CellResult, String) -> Boolean,
            without: (GroupKey) -> GroupKey,
        ): List<Comparison> {
            fun cells(value: String) = results.cells.filter { on(it, value) }
                .associateBy { CellKey.of(it).let { k -> k.copy(group = without(k.group)) } }
            val base = values.firstOrNull() ?: return emptyList()
            val margin = results.preset.margin ?: GroupDecision.DEFAULT_MARGIN
            return values.drop(1).map { v ->
                // Within one run, a pair on one fork a side is separated as its groups' decisions are (ten times
                // apart), so a cell decided on one fork never reads "not tested" beside its group.
                of(
                    Side(label(base), results, cells(base)),
                    Side(label(v), results, cells(v)),
                    margin,
                    CellKey::title,
                    true,
                )
            }
        }

        /**
         * Matches the cells of [base] and [new] by key (in run order, base first); [title] names a key.
         * Two passes: the level of every interval depends on how many rows are tested. [oneFork]: whether a
         * pair with one fork on a side may be separated ([ForkComparison]).
         */
        private fun <K> of(
            base: Side<K>,
            new: Side<K>,
            margin: Double,
            title: (K) -> String,
            oneFork: Boolean = false,
        ): Comparison {
            val (baseLabel, baseCells) = base.label to base.cells
            val (newLabel, newCells) = new.label to new.cells
            val pairs = mutableListOf<Pair<String, ForkComparison>>()
            val notCompared = mutableListOf<NotCompared>()
            for (key in (baseCells.keys + newCells.keys)) {
                val b = baseCells[key]
                val n = newCells[key]
                val rankedBase = b?.let(RankedCell::of)
                val rankedNew = n?.let(RankedCell::of)
                if (rankedBase != null && rankedNew != null) {
                    pairs += title(key) to ForkComparison(rankedBase, rankedNew, oneFork)
                    continue
                }
                val why = when {
                    b == null -> listOf(Reason(Reason.Problem.ONLY_IN, newLabel))
                    n == null -> listOf(Reason(Reason.Problem.ONLY_IN, baseLabel))
                    else -> listOfNotNull(problem(baseLabel, b), problem(newLabel, n))
                }
                notCompared += NotCompared(title(key), why)
            }
            val levels = levels(pairs.count { it.second.tested })
            val rows = pairs.map { (name, pair) -> ComparedCell.of(name, pair, margin, levels) }
            return Comparison(baseLabel, newLabel, base.results, new.results, margin, rows, notCompared)
        }

        private fun problem(label: String, c: CellResult) = when {
            c.status != CellStatus.OK -> Reason(Reason.Problem.NOT_OK, label, c.status)
            c.timeNs == null || c.timeNs.runs.isEmpty() -> Reason(Reason.Problem.NO_RUNS, label)
            else -> null
        }

        /** The test's and the equivalence test's two-sided confidence over [tests] tests. */
        private fun levels(tests: Int) =
            ForkVerdict.confidence(tests) to ForkVerdict.confidence(tests, 2 * GroupDecision.ALPHA)

        /** One side of a comparison: its [label], its run and the cells to compare, by key. */
        private class Side<K>(val label: String, val results: Results, val cells: Map<K, CellResult>)

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
    enum class Problem { ONLY_IN, NOT_OK, NO_RUNS }

    override fun toString(): String = when (problem) {
        Problem.ONLY_IN -> "only in $side"
        Problem.NOT_OK -> "$side $status"
        Problem.NO_RUNS -> "$side has no measured runs"
    }
}

/**
 * One matched cell: its [title], its two sides compared by forks ([pair]: base the baseline, new the
 * candidate) and the [verdict] under [margin], reading the comparison's levels (the test's, the
 * equivalence test's). Immutable.
 */
internal class ComparedCell private constructor(
    val title: String,
    val pair: ForkComparison,
    val margin: Double,
    val verdict: ForkVerdict,
    /** Two-sided confidence of [interval]: the equivalence test's for [ForkVerdict.SAME], else the test's. */
    val confidence: Double?,
) {
    /** The base side: completed, with runs. */
    val base: RankedCell get() = pair.baseline

    /** The new side: completed, with runs. */
    val new: RankedCell get() = pair.candidate

    /** new / base of the geometric-mean fork medians (< 1: new is faster), tested or not. */
    val ratio: Double get() = pair.ratio

    /** The interval the verdict read, (low, high); null when no test was made (too few forks, or separated). */
    val interval: Pair<Double, Double>? get() = confidence?.let { checkNotNull(pair.test).interval(it) }

    /** Welch's two-sided p of "no difference"; null when no test was made. */
    val pValue: Double? get() = pair.test?.pValue?.takeIf { pair.tested }

    val baseMedian: Double get() = base.time.median
    val newMedian: Double get() = new.time.median

    /** `slower`, `same within 5%`, `faster (separated)`, `not tested (1 fork a side: a test takes at least 2)`. */
    val verdictLabel: String get() = when {
        pair.separation != null -> "${verdict.label(margin)} (separated)"

        verdict == ForkVerdict.NOT_TESTED -> {
            val aSide = if (base.forks.size == new.forks.size) "" else " a side"
            "${verdict.label(margin)} (${pair.sides}: a test takes at least ${ForkRatio.MIN_FORKS}$aSide)"
        }

        else -> verdict.label(margin)
    }

    /**
     * `×1.50 (95% CI 1.43–1.57, p < 0.001; 3 and 3 forks)` as every decision reads
     * ([ForkComparison.figures]), the gap that made a test unnecessary, or the bare ratio untested.
     */
    val figures: String get() = confidence?.let(pair::figures) ?: when (pair.separation) {
        null -> "×${Units.ratio(ratio)}"

        else -> "×${Units.ratio(ratio)} (one side's fastest fork over ${Units.sig3(pair.separationFactor)}× " +
            "the other's slowest; ${base.forks.size} and ${new.forks.size} forks)"
    }

    companion object {
        /** [pair] under [margin] at [levels] (the test's, the equivalence test's). */
        fun of(title: String, pair: ForkComparison, margin: Double, levels: Pair<Double, Double>): ComparedCell {
            val verdict = pair.verdict(margin, levels.first, levels.second)
            val confidence = when {
                !pair.tested -> null
                verdict == ForkVerdict.SAME -> levels.second
                else -> levels.first
            }
            return ComparedCell(title, pair, margin, verdict, confidence)
        }
    }
}
