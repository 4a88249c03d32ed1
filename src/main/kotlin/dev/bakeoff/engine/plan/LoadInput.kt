package dev.bakeoff.engine.plan

import dev.bakeoff.result.LoadLatency

/**
 * The load commands' inputs as text, parsed once at the edge: a rate (`3000/s`, `2.5k/s`, `3000`), a
 * duration (`10s`, `500ms`, `2m`) and a latency objective (`p99=20ms`). Each parser throws
 * [IllegalArgumentException] with a one-line message that names the valid forms.
 */
internal object LoadInput {
    private val RATE = Regex("""(\d+(?:\.\d+)?)\s*(k?)\s*(?:/s)?""")
    private val OBJECTIVE = Regex("""(p50|p90|p99|p99\.9|max)\s*=\s*(.+)""")

    /** Items per second, > 0. */
    fun rate(text: String): Double {
        val m = RATE.matchEntire(text.trim())
        val value = m?.let { it.groupValues[1].toDouble() * if (it.groupValues[2] == "k") 1000 else 1 }
        require(value != null && value > 0 && value <= MAX_RATE) {
            "invalid rate '$text'; valid: items per second above 0 and at most ${MAX_RATE.toLong()}, " +
                "as 3000/s or 2.5k/s"
        }
        return value
    }

    /** Nanoseconds, in [DurationText.LOAD_WINDOW]'s range (1ms to 1h). */
    fun duration(text: String): Long = requireNotNull(DurationText.LOAD_WINDOW.parse(text)) {
        "invalid duration ${DurationText.LOAD_WINDOW.invalid(text)}"
    }

    /** A latency objective such as `p99=20ms`. */
    fun objective(text: String): LatencyObjective {
        val m = OBJECTIVE.matchEntire(text.trim())
        val limit = m?.let { runCatching { duration(it.groupValues[2]) }.getOrNull() }
        require(m != null && limit != null) {
            "invalid objective '$text'; valid: p50, p90, p99, p99.9 or max = a duration, as p99=20ms"
        }
        return LatencyObjective(m.groupValues[1], limit, text.trim().replace(" ", ""))
    }

    /** The highest rate a load JVM is asked for: a million items a second is beyond one generator thread. */
    const val MAX_RATE = 1e6
}

/** A latency objective: the [percentile] (`p99`, ...) of a load cell's latencies at most [limitNs], as [text] says. */
internal data class LatencyObjective(val percentile: String, val limitNs: Long, val text: String) {
    fun met(latency: LoadLatency): Boolean = latency.at(percentile) <= limitNs

    override fun toString() = text
}
