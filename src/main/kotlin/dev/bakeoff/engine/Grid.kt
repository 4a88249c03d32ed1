package dev.bakeoff.engine

import dev.bakeoff.model.CatalogEntry
import dev.bakeoff.model.CatalogException
import dev.bakeoff.model.Resolved
import dev.bakeoff.model.ScenarioEntry
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.WaitForm
import dev.bakeoff.model.WorkloadEntry
import dev.bakeoff.result.SweepPoint
import dev.bakeoff.scenario.Scenarios
import dev.bakeoff.strategy.Strategies
import dev.bakeoff.workload.Workloads

/**
 * Every combination of the values of one or more [Sweep]s (one `--param` each, distinct keys).
 * Each strategy x workload pair is swept over the keys it takes (declared by the strategy or the
 * workload; [Sweep.ITEMS] applies to all): every combination of those keys' values, so a spec
 * that takes only some of the keys is swept over those; a pair that takes none runs once,
 * unswept, as the baseline. Immutable.
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

    /** The number of combinations, before specs that take fewer keys collapse them. */
    val size: Int get() = sweeps.fold(1) { n, s -> n * s.values.size }

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
        CellSpec(s, w, point?.get(Sweep.ITEMS)?.let(::itemCount) ?: items, wait, sweep = point)
    }

    /** The cells of [strategies] on [scenario] at every combination, as [cells] orders them. */
    fun cells(
        strategies: List<Resolved<StrategyEntry>>,
        scenario: Resolved<ScenarioEntry>,
        items: Int,
        wait: WaitForm,
    ): List<CellSpec> = expand(strategies, listOf(scenario), Scenarios.catalog::resolve) { s, sc, point ->
        CellSpec(s, null, point?.get(Sweep.ITEMS)?.let(::itemCount) ?: items, wait, sc, sweep = point)
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
            if (key == Sweep.ITEMS || taken) continue
            val entries = strategies.map { it.entry } + subjects.map { it.entry }
            val declared = (listOf(Sweep.ITEMS) + entries.flatMap { e -> e.params.map { it.key } }).distinct()
            throw CatalogException(
                "unknown sweep parameter '$key'; the selected strategies and workloads declare: " +
                    declared.joinToString(),
            )
        }
        val combinations = combinations()
        return subjects.flatMap { w ->
            val taken = strategies.associateWith { s ->
                keys.filter { it == Sweep.ITEMS || declares(s.entry, it) || declares(w.entry, it) }
            }
            val baselines = strategies.filter { taken.getValue(it).isEmpty() }.map { make(it, w, null) }
            val swept = combinations.flatMap { point ->
                strategies.mapNotNull { s -> taken.getValue(s).takeIf { it.isNotEmpty() }?.let { s to point.on(it) } }
            }.distinct()
            baselines + swept.map { (s, point) ->
                make(at(s, point, Strategies.catalog::resolve), at(w, point, resolveSubject), point)
            }
        }
    }

    /** Every combination of every key's values, the first key varying slowest. */
    private fun combinations(): List<SweepPoint> =
        sweeps.fold(listOf(emptyMap<String, String>())) { acc, sweep ->
            acc.flatMap { partial -> sweep.values.map { v -> partial + (sweep.key to v) } }
        }.map(::SweepPoint)

    /** This point on [keys] only (the keys a spec takes). */
    private fun SweepPoint.on(keys: List<String>) = SweepPoint(values.filterKeys { it in keys })

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

    override fun toString() = sweeps.joinToString(" x ")

    companion object {
        /** Parses one `--param` each (see [Sweep.parse]); a key given twice is a [CatalogException]. */
        fun parse(texts: List<String>): Grid = Grid(texts.map(Sweep::parse))

        fun parse(text: String): Grid = parse(listOf(text))
    }
}
