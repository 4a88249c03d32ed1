package dev.bakeoff.report

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.LimitBound
import dev.bakeoff.result.LimitParts
import dev.bakeoff.wording.Units

/**
 * A physical limit's parts in words, for the verdicts and `bakeoff scenario`'s console: the bound
 * that sets it with its figures, every part, and what sets a batch's time at the limit. Pure.
 */
internal object LimitWording {
    /** The bound that sets the limit, with its figures: `wait 300 ms + CPU after the wait 480 ms / 2 cores`. */
    fun binding(p: LimitParts): String = when (p.binds) {
        LimitBound.LONGEST_ITEM -> "the longest item: its wait ${Units.nanos(p.waitNs)} and its own CPU"

        LimitBound.CPU_OVER_CORES -> "CPU ${Units.nanos(p.cpuBeforeNs + (p.cpuAfterNs ?: 0.0))} / ${cores(p)}"

        LimitBound.CPU_AFTER_WAIT ->
            "wait ${Units.nanos(p.waitNs)} + CPU after the wait ${Units.nanos(p.cpuAfterNs ?: 0.0)} / ${cores(p)}"

        LimitBound.SERIAL -> "serial part ${Units.nanos(p.serialNs)}"
    }

    /** Every part: `wait 300 ms, CPU before the wait 120 ms, CPU after it 480 ms, serial part 0 ns, 2 cores`. */
    fun parts(p: LimitParts): String = listOfNotNull(
        "wait ${Units.nanos(p.waitNs)}",
        (if (p.cpuAfterNs == null) "CPU " else "CPU before the wait ") + Units.nanos(p.cpuBeforeNs),
        p.cpuAfterNs?.let { "CPU after it ${Units.nanos(it)}" },
        "serial part ${Units.nanos(p.serialNs)}",
        cores(p),
    ).joinToString()

    /**
     * What sets a batch's time when a strategy reaches a limit of [p]'s kind (unknown parts: no strategy can beat it).
     */
    fun setter(p: LimitParts?): String = when {
        p == null -> "no strategy can do much better"
        p.binds.cpu -> "the machine's CPU, not the strategy, sets the time"
        p.binds == LimitBound.SERIAL -> "the serial part, not the strategy, sets the time"
        else -> "the longest item, not the strategy, sets the time"
    }

    /**
     * Why [winner], far from its limit, is far, where the limit itself explains it: a wait the work does not
     * declare (the limit counts none, yet the process's CPU was busy under [IDLE] of the batch: something else
     * held the items), or a strategy that ran the batch on one thread against a limit that spreads the CPU over
     * every core with perfect speed-up. Else the strategy, not the work, sets the time.
     */
    fun far(winner: CellResult): String {
        val p = winner.limitParts
        val time = winner.timeNs?.median
        val cpu = winner.cpuNsPerOp
        return when {
            p != null && p.waitNs == 0.0 && time != null && cpu != null && cpu < time * IDLE ->
                "far from the limit, which counts no wait (the work declares none), while the process's CPU time " +
                    "was ${Units.sig3(100 * cpu / time)}% of the batch's: a wait the work does not declare (a sleep, " +
                    "I/O) likely sets the time; declared (`waitNanos`), the limit counts it"

            p != null && p.binds.cpu && p.cores > 1 && winner.perThread?.threadsUsed == 1 ->
                "far from the limit, which assumes the CPU work spread over ${cores(p)} with perfect speed-up, " +
                    "while the winner ran the batch on 1 thread: that limit is out of a serial strategy's reach"

            else -> "far from the limit: the strategy, not the work, sets the time"
        }
    }

    /** Under this share of the batch's time in process CPU, not even one core was busy: the items mostly waited. */
    private const val IDLE = 0.5

    private fun cores(p: LimitParts) = "${p.cores} core${if (p.cores == 1) "" else "s"}"
}
