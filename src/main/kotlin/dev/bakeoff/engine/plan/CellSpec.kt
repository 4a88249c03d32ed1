package dev.bakeoff.engine.plan

import dev.bakeoff.catalog.Scenarios
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.jdk.Jdk
import dev.bakeoff.engine.lib.LibVersion
import dev.bakeoff.model.CatalogException
import dev.bakeoff.model.Resolved
import dev.bakeoff.model.RunContext
import dev.bakeoff.model.Scenario
import dev.bakeoff.model.ScenarioEntry
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.WaitForm
import dev.bakeoff.model.WorkloadEntry
import dev.bakeoff.result.CellKey
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.SweepPoint

/**
 * One cell of the matrix: which strategy runs how many items of which workload, waiting how. A
 * scenario cell names a [scenario] instead of a [workload] (exactly one of the two is set): its
 * items are the scenario's files, requests or orders. [sweep] is set when the cell is one point
 * of a sweep (it only labels the result). [jdk] is set when the run compares several JDKs: the
 * cell's measured JVMs run on it (otherwise on the run's one JDK). [cpus] is set when a sweep varies
 * the cores (`cpus=1,2`): the cell's measured JVM runs on that many (otherwise on the run's `--cpus`).
 * [libs] are set when the run compares library versions (`--lib`): the cell's forks load those versions
 * (otherwise Bakeoff's own).
 */
internal data class CellSpec(
    val strategy: Resolved<StrategyEntry>,
    val workload: Resolved<WorkloadEntry>?,
    val items: Int,
    val wait: WaitForm,
    val scenario: Resolved<ScenarioEntry>? = null,
    val sweep: SweepPoint? = null,
    val jdk: Jdk? = null,
    val cpus: Int? = null,
    val libs: List<LibVersion> = emptyList(),
) {
    init {
        if (items < 1) throw CatalogException("invalid items '$items'; valid: a whole number >= 1")
        require((workload == null) != (scenario == null)) {
            "a cell runs a workload or a scenario, not both or neither"
        }
    }

    /** The cell's result before anything ran: what it is, [status] and [plan]; the runners add their figures. */
    fun result(status: CellStatus = CellStatus.OK, plan: MeasurementPlan? = null) = CellResult(
        strategy.spec,
        strategy.entry.family.family,
        subject,
        items,
        wait,
        status,
        plan = plan,
        sweep = sweep,
        jdk = jdk?.version,
        lib = lib,
    )

    /** The spec of what the items run: the workload's, or the scenario's. */
    val subject: String get() = scenario?.spec ?: checkNotNull(workload).spec

    /** The group this cell is ranked in: the same key as its result's ([GroupKey.of]), on this machine. */
    val group: GroupKey get() = GroupKey(subject, items, wait, jdk?.version, cpus = cpus, lib = lib)

    /** [libs] by name, as results record them; null without `--lib`. */
    private val lib: Map<String, String>? get() = libs.takeIf { it.isNotEmpty() }?.associate { it.name to it.version }

    /** What this cell is: the same key as its result's ([CellKey.of]), on this machine. */
    val key: CellKey get() = CellKey(strategy.spec, group, sweep)

    /** Builds this cell's scenario (nothing opened yet), or null for a workload cell. */
    fun createScenario(context: RunContext): Scenario? = scenario?.let { it.entry.create(it.params(context))(items) }

    /**
     * Why this cell cannot run or finish, known before it runs, or null: its strategy is unavailable
     * on its measured JVM's JDK (the cell's, else [runJdk], the run's one `--jdk`: before the strategy's
     * [dev.bakeoff.model.StrategyEntry.minJdk]; with neither, this JVM's, which then runs the cells:
     * [dev.bakeoff.model.StrategyEntry.unavailable]), or a library version of [libs] before the one it needs
     * ([dev.bakeoff.model.StrategyEntry.minVersions]), or, in the suspending form a strategy
     * that runs items on a shared scheduler blocks its workers (`runBlocking`) until each item's call
     * completes, and if the scenario's calls complete on that same scheduler, none ever does.
     */
    fun deadlock(context: RunContext, runJdk: Jdk? = null): String? {
        val minJdk = strategy.entry.minJdk
        val on = jdk ?: runJdk
        if (minJdk != null && on != null && on.major in 1 until minJdk) {
            return "not run: ${strategy.entry.id} needs JDK $minJdk or later, and this cell runs on JDK ${on.version}"
        }
        strategy.entry.unavailable?.takeIf { on == null || minJdk == null }?.let { return "not run: $it" }
        libs.firstOrNull { v -> strategy.entry.minVersions[v.name]?.let { !LibVersion.atLeast(v.version, it) } == true }
            ?.let { v ->
                val min = strategy.entry.minVersions.getValue(v.name)
                return "not run: ${strategy.entry.id} needs ${v.name} $min or later, and this cell runs ${v.label}"
            }
        if (wait != WaitForm.SUSPENDING || scenario == null) return null
        val pool = createScenario(context)?.completesOn?.firstOrNull { it in strategy.entry.shared } ?: return null
        return "not run: it would deadlock: ${strategy.spec} blocks every ${pool.id} worker in runBlocking " +
            "until its item's call completes, and ${scenario.spec}'s suspending calls complete on that same pool"
    }

    override fun toString() = key.toString()

    companion object {
        /** Parses the four JMH parameter strings of a workload cell. */
        fun parse(strategy: String, workload: String, items: Int, wait: String) = CellSpec(
            Strategies.catalog.resolve(strategy),
            Workloads.catalog.resolve(workload),
            items,
            WaitForm.parse(wait),
        )

        /** Parses the four JMH parameter strings of a scenario cell. */
        fun parseScenario(strategy: String, scenario: String, items: Int, wait: String) = CellSpec(
            Strategies.catalog.resolve(strategy),
            null,
            items,
            WaitForm.parse(wait),
            Scenarios.catalog.resolve(scenario),
        )

        /**
         * Every strategy on every workload, workload-major (a workload's table fills first), or the
         * cells of the [sweep] grid when given.
         */
        fun matrix(
            strategies: List<Resolved<StrategyEntry>>,
            workloads: List<Resolved<WorkloadEntry>>,
            items: Int,
            wait: WaitForm,
            sweep: Grid? = null,
        ): List<CellSpec> = sweep?.cells(strategies, workloads, items, wait)
            ?: workloads.flatMap { w -> strategies.map { s -> CellSpec(s, w, items, wait) } }
    }
}
