package dev.bakeoff.engine.plan

/**
 * A duration as the command line writes it (`500us`, `20ms`, `2.5s`, `2m`, `1h`) within a range, the one
 * definition behind `--duration` and `--deadline`: the units and the range a message lists are the ones
 * [parse] accepts, because both come from here. Immutable; thread-safe.
 */
internal class DurationText(private val minNanos: Long, private val maxNanos: Long, private val examples: String) {
    /** The range in words, as the help and every refusal state it: `1ms to 1h`. */
    val range: String get() = "${words(minNanos)} to ${words(maxNanos)}"

    /** [text] in nanoseconds, or null when it is no duration in [range]. */
    fun parse(text: String): Long? {
        val m = PATTERN.matchEntire(text.trim()) ?: return null
        val nanos = m.groupValues[1].toDouble() * UNITS.getValue(m.groupValues[2])
        return if (nanos >= minNanos && nanos <= maxNanos) nanos.toLong() else null
    }

    /** What a refusal of [text] says: the range and the examples. */
    fun invalid(text: String) = "'$text'; valid: a duration from $range, such as $examples"

    companion object {
        private val UNITS = linkedMapOf(
            "us" to 1e3,
            "ms" to 1e6,
            "s" to 1e9,
            "m" to 60e9,
            "h" to 3600e9,
        )
        private val PATTERN = Regex("""(\d{1,12}(?:\.\d{1,9})?)\s*(us|ms|s|m|h)""")

        private const val HOUR_NANOS = 3_600_000_000_000L

        /** A load run's measured window: `--duration`. */
        val LOAD_WINDOW = DurationText(1_000_000L, HOUR_NANOS, "500ms, 10s, 2m or 1h")

        /** A batch's deadline: `--deadline`; a longer one is no deadline a batch meets. */
        val DEADLINE = DurationText(1_000L, HOUR_NANOS, "20ms, 500us, 2s or 1h")

        /** [nanos] in the largest unit that writes it whole: `1h`, `1ms`. */
        private fun words(nanos: Long): String {
            val (unit, per) = UNITS.entries.reversed().first { nanos % it.value.toLong() == 0L }
            return "${nanos / per.toLong()}$unit"
        }
    }
}
