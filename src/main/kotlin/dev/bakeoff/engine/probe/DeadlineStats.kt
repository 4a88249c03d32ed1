package dev.bakeoff.engine.probe

import dev.bakeoff.model.ItemOutcome
import dev.bakeoff.model.ItemTrace
import dev.bakeoff.result.DeadlineFigures

/**
 * Turns the traced batches of a cell with a deadline into [DeadlineFigures]: the deadline is
 * [ItemTrace.batchStartNs] plus the deadline, the return [ItemTrace.returnNs]; what ran on after the return
 * is read as [FailureStats] reads it, from settled batches. Stateless.
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
}
