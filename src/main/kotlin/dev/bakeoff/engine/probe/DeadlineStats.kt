package dev.bakeoff.engine.probe

import dev.bakeoff.model.ItemOutcome
import dev.bakeoff.model.ItemTrace
import dev.bakeoff.result.DeadlineFigures
import dev.bakeoff.wording.Units

/**
 * Turns the traced batches of a cell with a deadline into [DeadlineFigures]: the deadline is
 * [ItemTrace.batchStartNs] plus the deadline, the return [ItemTrace.returnNs]; what ran on after the return
 * is read as [FailureStats] reads it, from settled batches; [overran] says when the strategy did not keep the
 * deadline at all. Stateless.
 */
internal object DeadlineStats {
    /** The figures of [traces] (each settled) under [deadlineNanos], honoured as [form]; null without any trace. */
    fun of(traces: List<ItemTrace>, deadlineNanos: Long, form: String, missed: Int): DeadlineFigures? {
        if (traces.isEmpty()) return null
        val late = traces.map { maxOf(0, it.returnNs - it.batchStartNs - deadlineNanos) }.sorted()

        fun median(pick: (ItemTrace) -> Int): Int = traces.map(pick).sorted()[traces.size / 2]
        return DeadlineFigures(
            deadlineNs = deadlineNanos,
            form = form,
            batches = traces.size,
            missed = missed,
            lateP50Ns = late[late.size / 2],
            lateP90Ns = late[(late.size * 9 + 9) / 10 - 1],
            lateMaxNs = late.last(),
            startedAfter = median { t -> t.startNs.count { it > t.batchStartNs + deadlineNanos } },
            runningAtReturn = median { FailureStats.runningAtReturn(it).size },
            ranOnNs = traces.map { FailureStats.ranOnNs(it) }.sorted()[traces.size / 2],
            completed = median { t -> t.outcome.count { it == ItemOutcome.COMPLETED } },
            cancelled = median { t -> t.outcome.count { it == ItemOutcome.CANCELLED } },
            notStarted = median { t -> t.startNs.count { it == 0L } },
            threadsLeft = traces.maxOf { it.threadsLeft },
        )
    }

    /**
     * Why a cell with [figures] did not keep its deadline, or null: its median traced batch returned more than
     * [overrunNanos] past it (a blocking wait its form cannot cut short, a timer that never fired). Such a cell is
     * failed, so it can never be a run's answer under `--deadline` (issue 45).
     */
    fun overran(figures: DeadlineFigures): String? {
        val late = figures.lateP50Ns
        if (late <= overrunNanos(figures.deadlineNs)) return null
        return "overran the deadline: the median traced batch returned ${Units.nanos(late.toDouble())} after the " +
            "${Units.nanos(figures.deadlineNs.toDouble())} deadline (more than " +
            "${Units.nanos(overrunNanos(figures.deadlineNs).toDouble())} is an overrun; " +
            "how: ${figures.form.substringBefore(':')})"
    }

    /**
     * How late past [deadlineNanos] a return may come and still count as keeping it: as long as the deadline again,
     * and never less than [OVERRUN_FLOOR_NANOS] (a wake-up and a cancellation on a busy machine).
     */
    fun overrunNanos(deadlineNanos: Long): Long = maxOf(deadlineNanos, OVERRUN_FLOOR_NANOS)

    /** The least lateness that is an overrun, whatever the deadline (a 1 µs deadline is kept within 20 ms). */
    const val OVERRUN_FLOOR_NANOS = 20_000_000L
}
