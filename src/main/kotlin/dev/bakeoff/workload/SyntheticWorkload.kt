package dev.bakeoff.workload

import dev.bakeoff.model.ParamSpec
import dev.bakeoff.model.TestScale
import dev.bakeoff.model.Waits
import dev.bakeoff.model.Workload
import dev.bakeoff.model.WorkloadEntry

private val CPU_US = ParamSpec.cpuUs("cpu-us", "busy CPU per item in microseconds", "0")
private val WAIT_MS = ParamSpec.waitMs("wait-ms", "wait per item in milliseconds", "0")

/**
 * A described piece of work, for `bakeoff recommend`: each item burns about [cpuMicros] µs of CPU
 * in a busy loop, then waits [waitMillis] ms (`sleep` | `delay`). The loop length comes from
 * [BusyLoop]'s calibration in this JVM, so the CPU cost is real work (it needs a core, unlike a
 * spin on the clock) but only approximately [cpuMicros]; the physical limit uses the cost
 * measured per run, never this nominal figure.
 */
internal class SyntheticWorkload(private val waits: Waits, cpuMicros: Int, private val waitMillis: Int) : Workload {
    private val iterations = (cpuMicros * BusyLoop.iterationsPerMicro).toLong()

    override fun waitNanos(seed: Int): Long = waitMillis * 1_000_000L

    override fun run(seed: Int): Int {
        val result = BusyLoop.spin(seed, iterations)
        waits.sleep(waitNanos(seed))
        return result
    }

    override suspend fun runSuspending(seed: Int): Int {
        val result = BusyLoop.spin(seed, iterations)
        waits.delay(waitNanos(seed))
        return result
    }
}

/**
 * A xorshift loop the JIT can neither fold nor vectorise, and its speed in this JVM. The result
 * depends only on the seed and the iteration count, so a direct run and a strategy's run agree.
 */
internal object BusyLoop {
    /** Loop iterations per microsecond on this JVM: the best of several timed runs after a warm-up. */
    val iterationsPerMicro: Double by lazy {
        repeat(WARMUP_RUNS) { spin(it, CALIBRATION_ITERATIONS) }
        val bestNanos = (0 until TIMED_RUNS).minOf { i ->
            val t0 = System.nanoTime()
            spin(i, CALIBRATION_ITERATIONS)
            System.nanoTime() - t0
        }
        CALIBRATION_ITERATIONS * 1_000.0 / maxOf(1, bestNanos)
    }

    fun spin(seed: Int, iterations: Long): Int {
        var x = seed.toLong() * SEED_MIX + 1
        for (i in 0 until iterations) {
            x = x xor (x shl 13)
            x = x xor (x ushr 7)
            x = x xor (x shl 17)
        }
        return (x xor (x ushr 32)).toInt()
    }

    private const val SEED_MIX = -7046029254386353131L
    private const val CALIBRATION_ITERATIONS = 200_000L
    private const val WARMUP_RUNS = 50
    private const val TIMED_RUNS = 10
}

/** The described work `recommend` confirms its picks on. */
internal val SYNTHETIC = WorkloadEntry(
    id = "synthetic",
    summary = "described work: cpu-us of busy CPU, then wait-ms (sleep | delay)",
    waits = true,
    params = listOf(CPU_US, WAIT_MS),
    // The defaults describe no work at all; the test runs both halves.
    test = TestScale.params(CPU_US to "2", WAIT_MS to "1"),
) { SyntheticWorkload(it.waits, it[CPU_US], it[WAIT_MS]) }
