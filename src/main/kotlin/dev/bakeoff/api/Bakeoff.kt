package dev.bakeoff.api

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.fork.CellChecks
import dev.bakeoff.engine.fork.CpuAffinity
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.session.MachineBusyException
import dev.bakeoff.engine.session.ResultsFolder
import dev.bakeoff.engine.session.RunSession
import dev.bakeoff.engine.suite.SuiteRunner
import dev.bakeoff.model.Resolved
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.WaitForm
import dev.bakeoff.model.Workload
import dev.bakeoff.model.runBlockingCompat
import dev.bakeoff.report.ResultsFolderWriter
import dev.bakeoff.result.ResultValue
import dev.bakeoff.result.Results
import java.nio.file.Files
import java.nio.file.Path
import kotlin.reflect.KClass

/**
 * Your own task in the lab: run it across the strategy catalog and get the same [Results], and
 * the same results folder in [CompareOptions.out], as `bakeoff run`: results.json, results.csv,
 * report.html and jmh.json, rewritten under the same rules and claimed under the same refusals.
 *
 * - `compare(MyTask::class)`: the task is a class implementing [Workload] (a Kotlin `object` or a
 *   class with a public no-argument constructor). Every cell runs in its own forked JVM, exactly
 *   as `bakeoff run`; the forks use this JVM's classpath, so the class must be on it (it is when
 *   the caller is the task's own project). Full isolation: prefer this route.
 * - `compare { seed -> myCall(seed) }` and `compareSuspending { seed -> myCall(seed) }`: a
 *   function cannot travel to another JVM, so these cells run **in this JVM** (JMH `forks(0)`).
 *   Lower isolation: every cell shares this JVM's JIT profile, heap, GC and threads with the
 *   previous cells and with your program, `cpus` is not applied, and a hung cell cannot be
 *   killed. A function declares no wait, so its cells' physical limit counts only the CPU it
 *   measures (a class can declare its wait in `waitNanos`). Use it to explore; confirm with the
 *   class route.
 *
 * Every call blocks until all cells have run, one after another. Not for concurrent use. While another Bakeoff
 * or JMH run measures on this machine, a call throws an [IllegalStateException] whose message says so in one
 * line, before it creates or clears any folder.
 */
public object Bakeoff {
    /** Runs [task] through every strategy in [options], each cell in its own JVM. */
    public fun compare(task: KClass<out Workload>, options: CompareOptions = CompareOptions()): Results =
        run(options, "task:class=${task.java.name}", inProcess = false)

    /** Runs [task] (item seed in, a result out) in this JVM; see the class KDoc on isolation. */
    public fun compare(options: CompareOptions = CompareOptions(), task: (Int) -> Int): Results =
        inProcess(options, LambdaTask(task, null))

    /** [compare] with [items] per batch and the other options at their defaults. */
    public fun compare(items: Int, task: (Int) -> Int): Results = compare(CompareOptions(items = items), task)

    /** [compareSuspending] with [items] per batch and the other options at their defaults. */
    public fun compareSuspending(items: Int, task: suspend (Int) -> Int): Results =
        compareSuspending(CompareOptions(items = items), task)

    /**
     * Like [compare], for a suspending [task]; the run's wait form is `suspending` (strategies that can
     * suspend do).
     */
    public fun compareSuspending(options: CompareOptions = CompareOptions(), task: suspend (Int) -> Int): Results =
        inProcess(options.suspendingWaits(), LambdaTask(null, task))

    private fun inProcess(options: CompareOptions, task: Workload): Results {
        val id = Workloads.inProcessTasks.register(task)
        try {
            return run(options, "lambda:id=$id", inProcess = true)
        } finally {
            Workloads.inProcessTasks.unregister(id)
        }
    }

    /**
     * One [RunSession], as `bakeoff run`'s: the machine held from before the results folder is made until
     * the last cell (a second run refuses before it creates or clears anything), the folder claimed and
     * written under the same rules.
     */
    private fun run(options: CompareOptions, workload: String, inProcess: Boolean): Results {
        val run = RunOptions(
            strategies = options.strategies.map { it.resolved },
            workloads = listOf(Workloads.catalog.resolve(workload)),
            items = options.items,
            wait = if (options.suspending) WaitForm.SUSPENDING else WaitForm.BLOCKING,
            preset = options.preset,
            out = Path.of(""),
            cpus = options.cpus,
            inProcess = inProcess,
        )
        // The CLI's own refusal of what only the expanded cells show, before any folder is made or cleared.
        CellChecks.problem(run, options.cpus, listOf(run.wait).takeIf { options.suspending })
            ?.let { throw IllegalArgumentException(it) }
        return try {
            RunSession.open(
                folder = { options.out ?: Files.createTempDirectory("bakeoff-") },
                force = options.force,
                naming = NAMING,
                reports = { ResultsFolderWriter(it, Strategies.colours) },
            ) { session -> SuiteRunner(run.copy(out = session.dir), sink = session).run() }
        } catch (e: MachineBusyException) {
            // A state of the machine, not a fault of Bakeoff's: a public type and its one line, not an internal trace.
            throw IllegalStateException(e.message)
        }
    }

    /** How the results folder's refusals name [CompareOptions.out] and [CompareOptions.force]. */
    private val NAMING = ResultsFolder.Naming(out = "CompareOptions.out", force = "force = true")

    /** A function as a [Workload]: exactly one of [blocking] and [suspending] is set. */
    private class LambdaTask(
        private val blocking: ((Int) -> Int)?,
        private val suspending: (suspend (Int) -> Int)?,
    ) : Workload {
        override fun run(seed: Int): Int = blocking?.invoke(seed) ?: runBlockingCompat { suspending!!(seed) }

        override suspend fun runSuspending(seed: Int): Int = suspending?.invoke(seed) ?: blocking!!(seed)
    }
}

/**
 * One strategy of the catalog with its parameters (`executor-fixed:size=200`), checked against
 * the catalog when made ([CompareOptions.strategies]), so a typo fails before anything runs.
 * Immutable.
 */
public class StrategyChoice internal constructor(internal val resolved: Resolved<StrategyEntry>) {
    /** The canonical spec, as `bakeoff run -s` takes it and results name it. */
    public val spec: String get() = resolved.spec

    override fun equals(other: Any?): Boolean = other is StrategyChoice && other.spec == spec

    override fun hashCode(): Int = spec.hashCode()

    override fun toString(): String = spec
}

/**
 * What [Bakeoff.compare] runs: [items] per batch, the [strategies] (build them with
 * [CompareOptions.strategies]), the [preset], the results directory [out] (a new temporary
 * directory when null), [cpus] cores the forked JVMs are bound to (`taskset`, at most this
 * machine's), and whether waits [suspending] (blocking by default). Immutable; safe to share between threads.
 *
 * An [out] that exists must be an empty directory, or hold an earlier run's results (Bakeoff's
 * `.bakeoff-results` file, and nothing else beside what Bakeoff writes) that [force] clears first,
 * as `bakeoff run --out DIR --force`; any other folder makes [Bakeoff.compare] throw an
 * [IllegalArgumentException] naming it, before anything runs or is deleted.
 */
public class CompareOptions(
    public val items: Int = 100,
    public val strategies: List<StrategyChoice> = DEFAULT_STRATEGIES,
    public val preset: Preset = Preset.SMOKE,
    public val out: Path? = null,
    public val cpus: Int? = null,
    public val suspending: Boolean = false,
    public val force: Boolean = false,
) : ResultValue() {
    init {
        require(strategies.isNotEmpty()) { "no strategy given; valid: all, ${Strategies.catalog.ids.joinToString()}" }
        cpus?.let(CpuAffinity::problem)?.let { throw IllegalArgumentException(it) }
    }

    // A plain class, not a data class: a public copy and componentN would break callers whenever an option is added.
    override val fields get() = listOf(::items, ::strategies, ::preset, ::out, ::cpus, ::suspending, ::force)

    /** These options with suspending waits: the module's own copy, not public API. */
    internal fun suspendingWaits(): CompareOptions = CompareOptions(items, strategies, preset, out, cpus, true, force)

    public companion object {
        /** One strategy of each main mechanism: the default of [CompareOptions.strategies]. */
        public val DEFAULT_STRATEGIES: List<StrategyChoice> =
            strategies("direct", "executor-fixed-cpu", "coroutine-default", "coroutine-io", "virtual-threads")

        /**
         * Resolves strategy [specs] as `bakeoff run -s` does (`id:key=value`, or `all`) against the
         * catalog; an unknown id or parameter throws an [IllegalArgumentException] naming the
         * valid choices.
         */
        public fun strategies(vararg specs: String): List<StrategyChoice> {
            val resolved = specs.flatMap { Strategies.catalog.resolveList(it, Strategies::inAll) }
            return resolved.distinctBy { it.spec }.map(::StrategyChoice)
        }
    }
}
