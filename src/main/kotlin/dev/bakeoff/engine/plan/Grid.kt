package dev.bakeoff.engine.plan

import dev.bakeoff.catalog.Scenarios
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.model.CatalogEntry
import dev.bakeoff.model.CatalogException
import dev.bakeoff.model.Resolved
import dev.bakeoff.model.ScenarioEntry
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.WaitForm
import dev.bakeoff.model.WorkloadEntry
import dev.bakeoff.result.SweepPoint

/**
 * Every combination of the values of one or more [Sweep]s (one `--param` each, distinct keys).
 * Each strategy x workload pair is swept over the keys it takes (declared by the strategy or the
 * workload; [SweepPoint.ITEMS] and [SweepPoint.CPUS] apply to all): every combination of those keys' values, so a spec
 * that takes only some of the keys is swept over those; a pair that takes none runs once,
 * unswept, as the baseline. A grid of more than [MAX_CELLS] cells is refused before any is made.
 * Immutable.
 */
internal data class Grid(val sweeps: List<Sweep>) {
    init {
        require(sweeps.isNotEmpty()) { "a grid sweeps at least one parameter" }
        val repeated = sweeps.groupBy { it.key }.filterValues { it.size > 1 }.keys
        if (repeated.isNotEmpty()) {
            throw CatalogException(
                "--param ${repeated.first()} is given twice; give each key once with all its values " +
                    "(e.g. ${repeated.first()}=1,10,100)",
            )
        }
    }

    val keys: List<String> get() = sweeps.map { it.key }

    /**
     * The cells of [strategies] x [workloads] at every combination, workload by workload: the
     * unswept baselines first, then the combinations with the first key varying slowest, each
     * value in its given order (so an item-count series always meets its smaller counts first).
     * Values are checked by the catalogs like any spec.
     */
    fun cells(
        strategies: List<Resolved<StrategyEntry>>,
        workloads: List<Resolved<WorkloadEntry>>,
        items: Int,
        wait: WaitForm,
    ): List<CellSpec> = expand(strategies, workloads, Workloads.catalog::resolve) { s, w, point ->
        CellSpec(s, w, point?.get(SweepPoint.ITEMS)?.let(::itemCount) ?: items, wait, sweep = point, cpus = cpus(point))
    }

    /** The cells of [strategies] on [scenario] at every combination, as [cells] orders them. */
    fun cells(
        strategies: List<Resolved<StrategyEntry>>,
        scenario: Resolved<ScenarioEntry>,
        items: Int,
        wait: WaitForm,
    ): List<CellSpec> = expand(strategies, listOf(scenario), Scenarios.catalog::resolve) { s, sc, point ->
        val n = point?.get(SweepPoint.ITEMS)?.let(::itemCount) ?: items
        CellSpec(s, null, n, wait, sc, sweep = point, cpus = cpus(point))
    }

    /**
     * [strategies] x [subjects] (workloads or a scenario) swept over the keys each pair takes;
     * [make] builds a cell from the resolved specs and the point (null for a baseline).
     */
    private fun <E : CatalogEntry<*>> expand(
        strategies: List<Resolved<StrategyEntry>>,
        subjects: List<Resolved<E>>,
        resolveSubject: (String) -> Resolved<E>,
        make: (Resolved<StrategyEntry>, Resolved<E>, SweepPoint?) -> CellSpec,
    ): List<CellSpec> {
        fun declares(entry: CatalogEntry<*>, key: String) = entry.params.any { it.key == key }
        for (key in keys) {
            val taken = strategies.any { declares(it.entry, key) } || subjects.any { declares(it.entry, key) }
            if (key in Sweep.UNIVERSAL || taken) continue
            val entries = strategies.map { it.entry } + subjects.map { it.entry }
            val declared = (Sweep.UNIVERSAL + entries.flatMap { e -> e.params.map { it.key } }).distinct()
            throw CatalogException(
                "unknown sweep parameter '$key'; the selected strategies and workloads declare: " +
                    declared.joinToString(),
            )
        }
        fun taken(s: Resolved<StrategyEntry>, w: Resolved<E>) =
            keys.filter { it in Sweep.UNIVERSAL || declares(s.entry, it) || declares(w.entry, it) }
        // Counted before any cell is made, and capped as it grows, so the count itself never overflows.
        val count = subjects.fold(0L) { total, w ->
            strategies.fold(total) { n, s -> minOf(n + pointCount(taken(s, w)), MAX_CELLS + 1L) }
        }
        if (count > MAX_CELLS) {
            throw CatalogException(
                "the grid of --param ${keys.joinToString()} makes more than $MAX_CELLS cells, " +
                    "the most one run takes; sweep fewer values, or split the grid over several runs",
            )
        }
        return subjects.flatMap { w ->
            val baselines = strategies.filter { taken(it, w).isEmpty() }.map { make(it, w, null) }
            // Each strategy's points over the keys it takes, never every combination of all keys: those
            // multiply (7 keys of 50 values are 50^7) whatever each strategy takes of them.
            val swept = strategies.withIndex().flatMap { (i, s) ->
                val own = taken(s, w)
                if (own.isEmpty()) emptyList() else points(own).map { Swept(rank(it), i, s, it) }
            }.sortedWith(compareBy(RANKS, Swept::rank).thenBy(Swept::strategyIndex))
            baselines + swept.map { c ->
                make(at(c.strategy, c.point, Strategies.catalog::resolve), at(w, c.point, resolveSubject), c.point)
            }
        }
    }

    /**
     * A strategy's [point] and where it comes in the run: [rank], the value indices of the first
     * combination of every key (the first key varying slowest) that meets it, then [strategyIndex].
     */
    private class Swept(
        val rank: List<Int>,
        val strategyIndex: Int,
        val strategy: Resolved<StrategyEntry>,
        val point: SweepPoint,
    )

    /** Every combination of the values of [taken] keys, the first key varying slowest. */
    private fun points(taken: List<String>): List<SweepPoint> =
        sweeps.filter { it.key in taken }.fold(listOf(emptyMap<String, String>())) { acc, sweep ->
            acc.flatMap { partial -> sweep.values.map { v -> partial + (sweep.key to v) } }
        }.map(::SweepPoint)

    /** How many [points] the [taken] keys make, capped at [MAX_CELLS] + 1 as it grows, so it never overflows. */
    private fun pointCount(taken: List<String>): Long = sweeps.filter { it.key in taken }
        .fold(1L) { n, sweep -> minOf(n * sweep.values.size, MAX_CELLS + 1L) }

    /** The value index of [point] on every key, 0 on a key it does not take: its first combination of all keys. */
    private fun rank(point: SweepPoint): List<Int> = sweeps.map { s -> point[s.key]?.let(s.values::indexOf) ?: 0 }

    /** [r] with every swept parameter it declares set to this point's value. */
    private fun <E : CatalogEntry<*>> at(
        r: Resolved<E>,
        point: SweepPoint,
        resolve: (String) -> Resolved<E>,
    ): Resolved<E> {
        val own = point.values.filterKeys { k -> r.entry.params.any { it.key == k } }
        return if (own.isEmpty()) r else resolve(r.spec + own.entries.joinToString("") { ":${it.key}=${it.value}" })
    }

    private fun itemCount(v: String) = v.toIntOrNull()?.takeIf { it >= 1 }
        ?: throw CatalogException("invalid items '$v' in --param; valid: a whole number >= 1")

    private fun cpus(point: SweepPoint?) = point?.get(SweepPoint.CPUS)?.let { v ->
        v.toIntOrNull()?.takeIf { it >= 1 }
            ?: throw CatalogException("invalid cpus '$v' in --param; valid: a whole number >= 1")
    }

    override fun toString() = sweeps.joinToString(" x ")

    companion object {
        /**
         * The most cells one grid makes, `--yes` and `--dry-run` included: a run that size takes days,
         * and a grid far beyond it would exhaust memory before any check of its size.
         */
        const val MAX_CELLS = 10_000

        /** Orders [Swept.rank]s: by the first key's value index, then the second's... */
        private val RANKS = Comparator<List<Int>> { a, b ->
            a.zip(b).firstNotNullOfOrNull { (x, y) -> x.compareTo(y).takeIf { it != 0 } } ?: 0
        }

        /** Parses one `--param` each (see [Sweep.parse]); a key given twice is a [CatalogException]. */
        fun parse(texts: List<String>): Grid = Grid(texts.map(Sweep::parse))

        fun parse(text: String): Grid = parse(listOf(text))
    }
}
