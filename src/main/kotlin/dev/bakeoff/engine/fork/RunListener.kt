package dev.bakeoff.engine.fork

import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.RaceOptions
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.MeasurementPlan

/** Hears about progress; the CLI prints a line per cell. Called on the thread running the suite. */
internal interface RunListener {
    /** Cell [index] of [total] starts with [plan]; null when it has none: its planning probe failed. */
    fun cellStarted(
        index: Int,
        total: Int,
        spec: CellSpec,
        plan: MeasurementPlan?,
        elapsedNanos: Long,
        etaNanos: Long?,
    ) {}

    fun cellFinished(index: Int, total: Int, result: CellResult) {}

    /**
     * A race starts the trace passes of [cells] cells that cannot win by their floor, up to
     * [atOnce] side by side; each ends with [cellFinished], with no [cellStarted] of its own.
     */
    fun tracesStarted(cells: Int, atOnce: Int, elapsedNanos: Long) {}

    /**
     * A race's further round starts: [cells] contenders of the undecided [groups] get one more fork
     * each, with [budgetLeftNanos] of the run's budget left, while the undecided groups [waiting] wait
     * (as their forks stand, not even the race's [maxForks] forks a side could settle them; they are
     * served once no group can be) and those [short] wait as well (their next round, or the two the least test
     * takes when they have no timing fork yet, would not fit in the budget left after the others').
     */
    fun roundStarted(
        round: Int,
        cells: Int,
        groups: List<GroupKey>,
        budgetLeftNanos: Long,
        waiting: List<GroupKey> = emptyList(),
        maxForks: Int = RaceOptions.BASE_FORKS,
        short: List<GroupKey> = emptyList(),
    ) {}

    /** Before the first cell: [HarnessCost] starts measuring Bakeoff's own path. */
    fun harnessStarted() {}

    /**
     * Bakeoff's own path costs [nsPerItem] per item ([dev.bakeoff.result.Machine.harnessNsPerItem]);
     * null if its cell failed.
     */
    fun harnessMeasured(nsPerItem: Double?, error: String?) {}
}
