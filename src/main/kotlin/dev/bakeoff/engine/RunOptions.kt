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
 * @property classpath extra classpath entries (jars, class directories) the measured JVMs load a
 *   user's own `task:class=...` from.
 * @property inProcess run every cell inside this JVM (JMH `forks(0)`), for functions that cannot
 *   travel to another process: lower isolation (this JVM's JIT profile, heap and threads are
 *   shared by every cell, `cpus` and `jdk` do not apply, a hung cell cannot be killed).
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
    val classpath: List<Path> = emptyList(),
    val inProcess: Boolean = false,
) {
    /** The context strategies and workloads are built in on this side (the measured JVMs build their own). */
    fun context(waitScale: Double = 1.0) = dev.bakeoff.model.RunContext(waitScale = waitScale, classpath = classpath.map { it.toString() })

    /** Workload-major order: all strategies of one workload run together, so its table fills first. */
    fun cells(): List<CellSpec> = workloads.flatMap { w -> strategies.map { s -> CellSpec(s, w, items, wait) } }

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
