package dev.bakeoff.engine.plan

import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.PlanMode

/**
 * A documented set of JMH options. Cells whose batch is expected to take longer than
 * [SINGLE_SHOT_ABOVE_NANOS] (0.5 s) are measured in single-shot mode (one batch per run) so that even
 * multi-second batches yield at least three measured runs without blowing the time budget;
 * the chosen plan and its reason are stored with every cell.
 */
public enum class Preset(
    public val id: String,
    public val summary: String,
    public val forks: Int,
    private val warmupIterations: Int,
    private val measurementIterations: Int,
    private val iterationMillis: Long,
    private val singleShotWarmups: Int,
    private val singleShotRuns: Int,
) {
    SMOKE("smoke", "seconds per cell, for tests: 1 fork, 1 x 100 ms warm-up, 3 x 100 ms", 1, 1, 3, 100, 0, 3),
    QUICK("quick", "1 fork, 2 x 100 ms warm-up, 5 x 100 ms measured", 1, 2, 5, 100, 2, 3),
    STANDARD("standard", "2 forks, 3 x 500 ms warm-up, 5 x 500 ms measured", 2, 3, 5, 500, 2, 5),
    RIGOROUS("rigorous", "5 forks, 5 x 1 s warm-up, 10 x 1 s measured", 5, 5, 10, 1_000, 3, 10),
    ;

    /**
     * The timed iterations of one cell under this preset (forks x warm-up and measured iterations):
     * a floor for planning a run, not a figure (JVM start-up, calibration and single-shot cells add to it).
     */
    internal val timedNanosPerCell: Long
        get() = forks * (warmupIterations + measurementIterations) * iterationMillis * 1_000_000L

    /** The plan for a cell whose batch would take about [expectedSerialNanos] if run on one thread. */
    internal fun plan(expectedSerialNanos: Long): MeasurementPlan {
        val (mode, reason) = mode(expectedSerialNanos)
        return if (mode == PlanMode.SINGLE_SHOT) {
            MeasurementPlan(mode, forks, singleShotWarmups, singleShotRuns, 0, reason)
        } else {
            MeasurementPlan(mode, forks, warmupIterations, measurementIterations, iterationMillis, reason)
        }
    }

    internal companion object {
        internal const val SINGLE_SHOT_ABOVE_NANOS = 500_000_000L

        /** Single-shot for a batch expected to take over 0.5 s on one thread, else timed iterations; and why. */
        fun mode(expectedSerialNanos: Long): Pair<PlanMode, String> {
            val expected = "expected serial batch ${"%.3f".format(java.util.Locale.ROOT, expectedSerialNanos / 1e9)} s"
            return if (expectedSerialNanos > SINGLE_SHOT_ABOVE_NANOS) {
                PlanMode.SINGLE_SHOT to "$expected > 0.5 s: single-shot, one batch per run"
            } else {
                PlanMode.AVERAGE_TIME to "$expected <= 0.5 s: timed iterations"
            }
        }
    }
}
