package dev.bakeoff.result

/**
 * The identity of one cell: its [strategy] spec, the [group] it is ranked in and the [sweep] point
 * that labels it. A cell as planned (the engine's `CellSpec.key`) and as recorded ([of]) have the
 * same key, so the race, suites, `compare`, `check` and merge match cells by value, a part of it by
 * projection (`key.copy(sweep = null)`), never by a display string. Within its group a cell is named
 * by [strategy] alone: everything else a sweep varies (items, cores, a workload's parameters) is in
 * the [group], so a decision ([GroupResult.winner], [GroupResult.tiedWith], [PairTest.strategy])
 * names cells by strategy. Immutable.
 */
internal data class CellKey(val strategy: String, val group: GroupKey, val sweep: SweepPoint? = null) {
    /** How `compare` names a cell: `direct × lists, 100 items (blocking)`. */
    val title: String get() = "$strategy × ${group.title}"

    /**
     * How a run's messages name a cell: `direct x lists x 100 (blocking)`, then ` on JDK 21.0.8`,
     * ` on 2 cpus`, ` with kotlinx-coroutines 1.9.0` and ` on machine 1a2b3c4d` where set.
     */
    override fun toString(): String = "$strategy x ${group.subject} x ${group.items} (${group.wait.id})" +
        group.jdk?.let { " on JDK $it" }.orEmpty() + group.cpus?.let { " on ${GroupKey.cores(it)}" }.orEmpty() +
        group.libs + group.machine?.let { " on machine $it" }.orEmpty()

    companion object {
        fun of(cell: CellResult): CellKey = CellKey(cell.strategy, GroupKey.of(cell), cell.sweep)
    }
}

/**
 * The identity of one cell under load (`bakeoff load`, `bakeoff capacity`): the [cell] (strategy, and
 * its work as a group key: workload, items, wait form, machine) offered [ratePerSec] items per second
 * by an [arrival] process. What merge and `compare` match load cells by. Immutable.
 */
internal data class LoadKey(val cell: CellKey, val arrival: Arrival, val ratePerSec: Double) {
    companion object {
        fun of(c: LoadResult): LoadKey = LoadKey(
            CellKey(c.strategy, GroupKey(c.workload, c.items, c.wait, machine = c.machine)),
            c.arrival,
            c.ratePerSec,
        )
    }
}

/**
 * The identity of one capacity search (`bakeoff capacity`): the [strategy] on a [workload] against one
 * latency [objective], on a [machine] (null: whichever machine). What merge and `compare` match
 * capacities by. Immutable.
 */
internal data class CapacityKey(
    val strategy: String,
    val workload: String,
    val objective: String,
    val machine: String?,
) {
    companion object {
        fun of(c: CapacityResult): CapacityKey = CapacityKey(c.strategy, c.workload, c.objective, c.machine)
    }
}

/**
 * The identity of one footprint cell (`bakeoff footprint`): the [strategy]'s tasks parked at a stack
 * [depth], on a [machine] (null: whichever machine). What merge matches footprint cells by. Immutable.
 */
internal data class FootprintKey(val strategy: String, val depth: Int, val machine: String?) {
    companion object {
        fun of(f: FootprintResult): FootprintKey = FootprintKey(f.strategy, f.depth, f.machine)
    }
}
