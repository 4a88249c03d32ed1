package dev.bakeoff.engine.probe

import dev.bakeoff.model.ItemOutcome
import dev.bakeoff.model.ItemTrace
import dev.bakeoff.result.FailureFigures

/**
 * Turns the traced batches of a failure cell into [FailureFigures]: the failure is the instant the
 * failing item's trace ended (its throw), the return the instant the strategy returned
 * ([ItemTrace.returnNs]); every item's start and end come from the trace, read once the batch has
 * settled (no item running any more), so an item that ran on after the return has its end.
 * Stateless.
 */
internal object FailureStats {
    /** The figures of [traces] (each settled, with [failing] failed in it), or null without any trace. */
    fun of(traces: List<ItemTrace>, failing: Int): FailureFigures? {
        if (traces.isEmpty()) return null
        val each = traces.map { one(it, failing) }

        fun median(pick: (FailureFigures) -> Long): Long = each.map(pick).sorted()[each.size / 2]
        return FailureFigures(
            batches = traces.size,
            toReturnNs = median { it.toReturnNs },
            startedAfter = median { it.startedAfter.toLong() }.toInt(),
            runningAtReturn = median { it.runningAtReturn.toLong() }.toInt(),
            ranOnNs = median { it.ranOnNs },
            completed = median { it.completed.toLong() }.toInt(),
            cancelled = median { it.cancelled.toLong() }.toInt(),
            notStarted = median { it.notStarted.toLong() }.toInt(),
            threadsLeft = each.maxOf { it.threadsLeft },
        )
    }

    /** The items of [t] started by the strategy's return and not ended by it (an end of 0: not ended when read). */
    fun runningAtReturn(t: ItemTrace): List<Int> = (0 until t.size).filter {
        t.startNs[it] != 0L && t.startNs[it] <= t.returnNs && (t.endNs[it] == 0L || t.endNs[it] > t.returnNs)
    }

    /** How long the last of [runningAtReturn] ran on after the return, ns; 0 when none did. */
    fun ranOnNs(t: ItemTrace): Long = runningAtReturn(t).maxOfOrNull { maxOf(0, t.endNs[it] - t.returnNs) } ?: 0

    private fun one(t: ItemTrace, failing: Int): FailureFigures {
        val failedAt = t.endNs[failing]
        val started = (0 until t.size).filter { t.startNs[it] != 0L }
        return FailureFigures(
            batches = 1,
            toReturnNs = maxOf(0, t.returnNs - failedAt),
            startedAfter = started.count { t.startNs[it] > failedAt },
            runningAtReturn = runningAtReturn(t).size,
            ranOnNs = ranOnNs(t),
            completed = t.outcome.count { it == ItemOutcome.COMPLETED },
            cancelled = t.outcome.count { it == ItemOutcome.CANCELLED },
            notStarted = t.size - started.size,
            threadsLeft = t.threadsLeft,
        )
    }
}
