package dev.bakeoff.engine

import dev.bakeoff.model.Resolved
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.WaitForm
import dev.bakeoff.model.WorkloadEntry
import dev.bakeoff.strategy.Strategies
import dev.bakeoff.workload.Workloads
import java.nio.file.Path

/**
 * Everything one run needs; the CLI parses its flags into this object and the library API builds
 * it directly (as JMH's command line and `OptionsBuilder` build the same `Options`).
 *
 * @property cpus when set, every measured JVM runs with `-XX:ActiveProcessorCount=cpus`.
 * @property jdk the JDK home the measured JVMs run on (default: the one running Bakeoff).
 * @property cellTimeoutSeconds a cell still running after this long is killed and recorded as
 *   `timeout`; null derives a generous limit from the cell's plan.
 * @property sweep when set, every value of one parameter (see [Sweep.cells]).
 * @property cellList when set, exactly these cells in this order (a [Suite]), instead of the matrix.
 * @property jvmArgs extra options for every measured JVM (e.g. `-Xmx2g`).
 * @property maxThreads the thread budget of every measured JVM (see [ThreadBudget]); null: 3/4 of
 *   the process ids free on the machine.
 */
data class RunOptions(
    val strategies: List<Resolved<StrategyEntry>>,
    val workloads: List<Resolved<WorkloadEntry>>,
    val items: Int = 100,
    val wait: WaitForm = WaitForm.BLOCKING,
    val preset: Preset = Preset.QUICK,
    val out: Path,
    val cpus: Int? = null,
    val jdk: Path? = null,
    val cellTimeoutSeconds: Long? = null,
    val sweep: Sweep? = null,
    val cellList: List<CellSpec>? = null,
    val jvmArgs: List<String> = emptyList(),
    val maxThreads: Int? = null,
) {
    /** [cellList] if set, else the matrix (or sweep) of [strategies] x [workloads]; see [CellSpec.matrix]. */
    fun cells(): List<CellSpec> = cellList ?: CellSpec.matrix(strategies, workloads, items, wait, sweep)

    companion object {
        /** The five E1 workloads, the default suite's. */
        val E1_WORKLOADS = listOf("arithmetic", "lists", "storage", "network", "mixed")

        /** The default suite: E1's strategies and those beyond E1 on the five E1 workloads, 100 items, quick preset. */
        fun defaultSuite(out: Path) = RunOptions(
            strategies = Strategies.catalog.entries.filter(Strategies::inDefaultSuite).map { Strategies.catalog.resolve(it.id) },
            workloads = E1_WORKLOADS.map { Workloads.catalog.resolve(it) },
            out = out,
        )
    }
}
