package dev.bakeoff.engine.plan

import dev.bakeoff.catalog.Scenarios
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.model.Group
import dev.bakeoff.model.WaitForm

/**
 * One line of a suite: a matrix exactly as `bakeoff run` takes it (strategy and workload specs,
 * item count, wait forms, optionally a sweep such as `items=1000..1000000x10`, or a grid: several
 * `key=values` separated by spaces), or a [scenario]
 * as `bakeoff scenario` runs it ([SuiteEntry.scenario]). [figures] asks the console for the full
 * figures table of its cells (E5's thread, task and memory figures).
 */
internal data class SuiteEntry(
    val experiment: String,
    val strategies: String,
    val workloads: String = "",
    val items: Int = 100,
    val waits: List<WaitForm> = listOf(WaitForm.BLOCKING),
    val sweep: String? = null,
    val figures: Boolean = false,
    val scenario: String? = null,
) {
    fun cells(): List<CellSpec> {
        val s = Strategies.catalog.resolveList(strategies)
        val sc = scenario?.let(Scenarios.catalog::resolve)
        val grid = sweep?.let { Grid.parse(it.split(' ')) }
        if (sc != null) {
            return waits.flatMap { wf -> grid?.cells(s, sc, items, wf) ?: s.map { CellSpec(it, null, items, wf, sc) } }
        }
        val w = Workloads.catalog.resolveList(workloads)
        return waits.flatMap { wf -> CellSpec.matrix(s, w, items, wf, grid) }
    }

    companion object {
        /**
         * A scenario at its published scale, as `bakeoff scenario ID` runs it: its default items
         * and variants, both wait forms.
         */
        fun scenario(experiment: String, id: String) = Scenarios.catalog[id].let {
            SuiteEntry(experiment, it.strategies, items = it.defaultItems, waits = WaitForm.entries, scenario = id)
        }
    }
}

/**
 * A named list of runs that reproduces published experiments in one `bakeoff run --suite ID`,
 * into one results directory. [cellTimeoutSeconds] caps every cell unless `--cell-timeout` is
 * given (waiting workloads at huge item counts would otherwise get a limit of hours).
 */
internal data class Suite(
    val id: String,
    val summary: String,
    val entries: List<SuiteEntry>,
    val cellTimeoutSeconds: Long? = null,
) {
    fun cells(): List<CellSpec> = entries.flatMap { it.cells() }
}

/** The suites `--suite` knows; each entry is one line of data. Durations are in docs/GUIDE.md. */
internal object Suites {
    private val E1_STRATEGIES = Strategies.catalog.entries.filter { it.group == Group.E1 }.joinToString(",") { it.id }
    private const val E5_APPROACHES =
        "thread-per-task,executor-fixed:size=50,executor-fixed:size=200,executor-fixed:size=500"
    private const val SPAWN_SWEEP = "items=1000..1000000x10"
    private const val FILES_SWEEP = "items=1000..100000x10"

    private val POOL_SIZING = listOf(
        SuiteEntry("E5 I/O", E5_APPROACHES, "io-sleep", items = 1_000, figures = true),
        SuiteEntry("E5 CPU", E5_APPROACHES, "cpu-sin", items = 1_000, figures = true),
    )

    val all = listOf(
        Suite(
            "reference",
            "the published experiments at their published parameters: E1 (16 strategies x 5 workloads, " +
                "100 items), E2-E4 (the scenarios), E5 (pool sizing, 1,000 tasks)",
            listOf(SuiteEntry("E1", E1_STRATEGIES, RunOptions.E1_WORKLOADS.joinToString(","))) +
                SuiteEntry.scenario("E2", "file-sender") +
                SuiteEntry.scenario("E3", "api-fanout") +
                SuiteEntry.scenario("E4", "order-status") +
                POOL_SIZING,
        ),
        Suite(
            "pool-sizing",
            "E5: a thread per task vs fixed pools of 50, 200, 500, I/O (sleep 10 ms) and CPU (sin loop) tasks, " +
                "1,000 of each",
            POOL_SIZING,
        ),
        // Apart from reference: 10,000 one-million-step sin loops per batch take hours on a small machine.
        Suite(
            "pool-sizing-large",
            "E5's 10,000 CPU tasks on fixed pools of 1,000 to 10,000 threads (more threads, slower)",
            listOf(
                SuiteEntry(
                    "E5 CPU, 10,000 tasks",
                    "executor-fixed",
                    "cpu-sin",
                    items = 10_000,
                    sweep = "size=1000,2000,5000,10000",
                    figures = true,
                ),
            ),
        ),
        // E2's open question: which chunk size, against which pool, as the number of files grows.
        Suite(
            "chunk-files",
            "E2's file sender: coroutine-chunked at chunk 1, 10, 100 x 1,000 to 100,000 files (suspending), " +
                "beside executor-fixed pools of 200 and 1,000 threads",
            listOf(
                SuiteEntry(
                    "E2 chunk x files",
                    "coroutine-chunked",
                    items = 1_000,
                    waits = listOf(WaitForm.SUSPENDING),
                    sweep = "chunk=1,10,100 $FILES_SWEEP",
                    scenario = "file-sender",
                ),
                SuiteEntry(
                    "E2 pools x files",
                    "executor-fixed",
                    items = 1_000,
                    sweep = "size=200,1000 $FILES_SWEEP",
                    scenario = "file-sender",
                ),
            ),
            cellTimeoutSeconds = 300,
        ),
        Suite(
            "spawn-cost",
            "N concurrent waiters of 1 s each (coroutines with delay, virtual threads, platform threads), " +
                "N = 1,000 to 1,000,000",
            listOf(
                SuiteEntry(
                    "spawn-cost",
                    "coroutine-one",
                    "io-sleep:ms=1000",
                    waits = listOf(WaitForm.SUSPENDING),
                    sweep = SPAWN_SWEEP,
                    figures = true,
                ),
                SuiteEntry(
                    "spawn-cost",
                    "virtual-threads,thread-per-task",
                    "io-sleep:ms=1000",
                    sweep = SPAWN_SWEEP,
                    figures = true,
                ),
            ),
            cellTimeoutSeconds = 300,
        ),
        // The stalls end at the progress watchdog's 3 s; a cell that still hangs is cut at 60 s.
        Suite(
            "hazards",
            "where approaches starve or deadlock: the hazard workloads (nested runBlocking, a limited view, " +
                "a pool waiting on itself, pinning) x 3 strategies x 1 and 2 cores, 16 items: " +
                "completed, starved or deadlocked",
            listOf(
                SuiteEntry(
                    "hazards",
                    "coroutine-default,executor-fixed-cpu,virtual-threads",
                    "hazard-nested-blocking,hazard-limited-blocking,hazard-self-wait,hazard-self-wait:wait=poll," +
                        "hazard-pinning:in=wait,hazard-pinning:in=clinit",
                    items = 16,
                    sweep = "cpus=1,2",
                ),
            ),
            cellTimeoutSeconds = 60,
        ),
    )
}
