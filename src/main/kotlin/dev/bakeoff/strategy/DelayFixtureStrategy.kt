package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Group
import dev.bakeoff.model.ParamSpec
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry

/**
 * `fixture-delay`: [DirectStrategy], made slower on purpose by [delayNanos] of spinning before each
 * item. The delay is the measured JVM's system property [PROPERTY] in microseconds (0 when unset,
 * `--jvm-arg=-Dfixture-delay.us=20`), not a spec parameter: the cell keeps its spec, as a user's own
 * code made slower does, so `bakeoff check` holds the slower run against the baseline cell by cell.
 * It spins rather than sleeps because a sleep's granularity (tens of microseconds on Linux, more
 * elsewhere) would drown a small delay. Runs every item on the calling thread.
 */
internal class DelayFixtureStrategy(private val delayNanos: Long) : Strategy {
    override fun run(batch: Batch) {
        for (i in 0 until batch.size) {
            // Unset, it is direct to the instruction: a clock read per item costs tens of ns on some machines.
            if (delayNanos > 0) {
                val until = System.nanoTime() + delayNanos
                while (System.nanoTime() - until < 0) Thread.onSpinWait()
            }
            batch.run(i)
        }
    }

    companion object {
        /** The system property of the measured JVM that sets the delay, in microseconds per item. */
        const val PROPERTY = "fixture-delay.us"

        val ENTRY = StrategyEntry(
            id = "fixture-delay",
            summary = "test fixture: direct, each item after a spin of -D$PROPERTY microseconds (0 when unset)",
            family = DIRECT,
            group = Group.FIXTURE,
            fixedBatchOnly = "a test fixture of the fixed-batch error paths",
        ) { DelayFixtureStrategy(delayNanos()) }

        /** The delay [PROPERTY] sets, in ns; 0 when unset. Any other text fails the cell, naming the valid values. */
        private fun delayNanos(): Long {
            val text = System.getProperty(PROPERTY) ?: return 0
            val us = text.toLongOrNull()?.takeIf { it in 0..MAX_MICROS }
                ?: throw IllegalArgumentException("-D$PROPERTY=$text; valid: whole microseconds from 0 to $MAX_MICROS")
            return us * NANOS_PER_MICRO
        }

        private const val NANOS_PER_MICRO = 1_000L

        /** The longest wait per item any parameter takes ([ParamSpec.MAX_WAIT_MS]), in microseconds. */
        private const val MAX_MICROS = ParamSpec.MAX_WAIT_MS * NANOS_PER_MICRO
    }
}
