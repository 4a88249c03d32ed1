package dev.bakeoff.report

import dev.bakeoff.result.StallKind
import dev.bakeoff.result.TailCause
import dev.bakeoff.result.TailStalls
import dev.bakeoff.wording.Units

/**
 * The sentence that names what stalled a load cell's tail percentile, for the console and the report:
 * "p99 23.5 ms: 3 GC pauses of 18–21 ms in the window (41 of 45 slowest items)", or that none of the
 * timed causes explains it, with the window's untimed counts beside it. Stateless.
 */
internal object LoadTailCauses {
    /** One sentence per percentile [tail] attributed. */
    fun sentences(tail: TailStalls): List<String> = tail.tails.map { sentence(it, tail) }

    fun sentence(c: TailCause, tail: TailStalls): String {
        val head = "${c.percentile} ${Units.nanos(c.valueNs.toDouble())}"
        val cause = c.cause ?: return "$head: none of GC pauses, safepoints or generator lag explains " +
            "its ${c.items} slowest items" + untimed(tail)
        val span = span(c.shortestNs, c.longestNs)
        // "the generator 2.16 ms–3.42 ms late", not "of ... late": a lag is a figure, not a number of stalls.
        val what = when (cause) {
            StallKind.GENERATOR_LAG -> "the generator${span.removePrefix(" of")} late"
            else -> "${c.stalls} ${plural(cause.noun, c.stalls)}$span in the window"
        }
        return "$head: $what" + items(c.covered, c.items)
    }

    private fun span(shortest: Long?, longest: Long?): String = when {
        shortest == null || longest == null -> ""
        shortest == longest -> " of ${Units.nanos(longest.toDouble())}"
        else -> " of ${Units.nanos(shortest.toDouble())}–${Units.nanos(longest.toDouble())}"
    }

    private fun items(covered: Long, of: Long) =
        if (covered == of) " (its $of slowest items)" else " ($covered of its $of slowest items)"

    /** What could not be timed against the items: involuntary switches and threads started around the window. */
    private fun untimed(tail: TailStalls): String {
        val counts = listOfNotNull(
            tail.involuntarySwitches?.let { "$it involuntary context switches" },
            tail.threadsStarted?.takeIf { it > 0 }?.let { "$it ${plural("thread", it.toInt())} started" },
        )
        return if (counts.isEmpty()) "" else "; around the window: ${counts.joinToString()}"
    }

    private fun plural(noun: String, n: Int) = if (n == 1) noun else "${noun}s"
}
