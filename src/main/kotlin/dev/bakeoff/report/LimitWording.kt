package dev.bakeoff.report

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

    private fun cores(p: LimitParts) = "${p.cores} core${if (p.cores == 1) "" else "s"}"
}
