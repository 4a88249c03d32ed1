package dev.bakeoff.engine.plan

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.jdk.Jdk
import dev.bakeoff.engine.lib.LibAxis
import dev.bakeoff.engine.lib.LibVersion
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.model.Resolved
import dev.bakeoff.model.RunContext
import dev.bakeoff.model.ScenarioEntry
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.WaitForm
import dev.bakeoff.model.WorkloadEntry
import java.nio.file.Path

/**
 * Everything one run needs; the CLI parses its flags into this object and the library API builds
 * it directly (as JMH's command line and `OptionsBuilder` build the same `Options`).
 *
 * @property cpus when set, every measured JVM runs on that many cores (`taskset`, [CpuAffinity]) with
 *   `-XX:ActiveProcessorCount=cpus`.
 * @property jdk the JDK home the measured JVMs run on (default: the one running Bakeoff); with
 *   several [jdks], the first one's (Bakeoff's own path, [HarnessCost], is measured on it).
 * @property jdks when more than one, every cell runs on each of them, in this order ([CellSpec.jdk]).
 * @property cellTimeoutSeconds a cell still running after this long is killed and recorded as
 *   `timeout`; null derives a generous limit from the cell's plan.
 * @property bothWaits every cell also runs in the other wait form, after [wait] (`--wait both`).
 * @property scenario when set, the cells run this scenario (one per strategy) instead of [workloads].
 * @property settings [dev.bakeoff.model.RunContext.settings] for the measured JVMs (e.g. a JDBC URL).
 * @property sweep when set, every combination of the swept parameters (see [Grid.cells]).
 * @property cellList when set, exactly these cells in this order (a [Suite], or a [Shard]'s part), instead of the
 *   matrix.
 * @property jvmArgs extra options for every measured JVM (e.g. `-Xmx2g`).
 * @property maxThreads the thread budget of every measured JVM (see [ThreadBudget]); null: 3/4 of
 *   the process ids free on the machine.
 * @property classpath extra classpath entries (jars, class directories) the measured JVMs load a
 *   user's own `task:class=...` from.
 * @property inProcess run every cell inside this JVM (JMH `forks(0)`), for functions that cannot
 *   travel to another process: lower isolation (this JVM's JIT profile, heap and threads are
 *   shared by every cell, `cpus` and `jdk` do not apply, a hung cell cannot be killed).
 * @property race when set, the run races ([RaceRunner]) instead of following [preset]'s fixed plan.
 * @property profile when set, async-profiler samples each cell's measured iterations ([CellProfiler]).
 * @property margin the practical margin (`--margin`): a difference below this share of a group's
 *   winner is a tie ([GroupDecision]).
 * @property libs library versions (`--lib`): every cell runs once per combination of them ([CellSpec.libs]).
 * @property deadlineNanos when set, every batch has this deadline (`--deadline`), honoured each strategy's way
 *   ([dev.bakeoff.model.Strategy.runWithin]).
 */
internal data class RunOptions(
    val strategies: List<Resolved<StrategyEntry>>,
    val workloads: List<Resolved<WorkloadEntry>>,
    val items: Int = 100,
    val wait: WaitForm = WaitForm.BLOCKING,
    val preset: Preset = Preset.QUICK,
    val out: Path,
    val cpus: Int? = null,
    val jdk: Path? = null,
    val jdks: List<Jdk> = emptyList(),
    val cellTimeoutSeconds: Long? = null,
    val bothWaits: Boolean = false,
    val scenario: Resolved<ScenarioEntry>? = null,
    val settings: Map<String, String> = emptyMap(),
    val sweep: Grid? = null,
    val cellList: List<CellSpec>? = null,
    val jvmArgs: List<String> = emptyList(),
    val maxThreads: Int? = null,
    val classpath: List<Path> = emptyList(),
    val inProcess: Boolean = false,
    val race: RaceOptions? = null,
    val profile: Profile? = null,
    val margin: Double = GroupDecision.DEFAULT_MARGIN,
    val deadlineNanos: Long? = null,
    val libs: List<LibAxis> = emptyList(),
) {
    /** The context strategies and workloads are built in on this side (the measured JVMs build their own). */
    fun context(waitScale: Double = 1.0) =
        RunContext(waitScale = waitScale, settings = settings, classpath = classpath.map { it.toString() })

    /** The wait forms every cell runs in, [wait] first. */
    val waits: List<WaitForm> get() = if (bothWaits) {
        listOf(wait) + WaitForm.entries.filter {
            it != wait
        }
    } else {
        listOf(wait)
    }

    /**
     * [cellList] if set; else the scenario's cells (one per strategy and wait form); else the
     * matrix, workload-major so that a workload's table fills first, or the sweep's cells. With
     * several [jdks], each cell once per JDK, one after the other, so that the JDKs of a cell are
     * measured close in time, on the same machine state; a cell that already names its JDK (a
     * shard's [cellList], dealt from these cells) stays as it is. With [libs], each of those once per
     * combination of the versions ([libGrid]), likewise one after the other.
     */
    fun cells(): List<CellSpec> {
        val cells = oneJdkCells()
        val jdkCells = if (jdks.size < 2) {
            cells
        } else {
            cells.flatMap { c -> if (c.jdk != null) listOf(c) else jdks.map { c.copy(jdk = it) } }
        }
        val grid = libGrid
        if (grid.isEmpty()) return jdkCells
        return jdkCells.flatMap { c -> if (c.libs.isNotEmpty()) listOf(c) else grid.map { c.copy(libs = it) } }
    }

    /** Every combination of [libs]' versions, the first library's slowest-changing; empty without [libs]. */
    val libGrid: List<List<LibVersion>>
        get() = if (libs.isEmpty()) {
            emptyList()
        } else {
            libs.fold(listOf(emptyList())) { acc, axis -> acc.flatMap { c -> axis.versions.map { c + it } } }
        }

    private fun oneJdkCells(): List<CellSpec> = cellList ?: when {
        scenario != null -> waits.flatMap { wf -> strategies.map { s -> CellSpec(s, null, items, wf, scenario) } }
        sweep != null -> waits.flatMap { wf -> CellSpec.matrix(strategies, workloads, items, wf, sweep) }
        else -> workloads.flatMap { w -> waits.flatMap { wf -> strategies.map { s -> CellSpec(s, w, items, wf) } } }
    }

    companion object {
        /** The default suite's workloads (E1's five), as their entries declare ([WorkloadEntry.defaultSuite]). */
        val E1_WORKLOADS: List<String> get() = Workloads.catalog.entries.filter { it.defaultSuite }.map { it.id }

        /**
         * The default suite, 100 items (the CLI races it): the strategies and workloads whose entries
         * declare `defaultSuite` (one or two approaches of each family, on E1's five workloads).
         */
        fun defaultSuite(out: Path) = RunOptions(
            strategies = Strategies.catalog.entries.filter {
                it.defaultSuite
            }.map { Strategies.catalog.resolve(it.id) },
            workloads = E1_WORKLOADS.map { Workloads.catalog.resolve(it) },
            out = out,
        )
    }
}
