package dev.bakeoff.workload

import dev.bakeoff.model.ParamSpec
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.TestScale
import dev.bakeoff.model.Waits
import dev.bakeoff.model.Workload
import dev.bakeoff.model.WorkloadEntry
import kotlin.math.sin

/** E5 I/O task: every item waits [millis] ms (10 in the publication), whatever its seed. */
internal class IoSleepWorkload(waits: Waits, private val millis: Int) : WaitingWorkload(waits, parks = false) {
    override fun waitNanos(seed: Int): Long = millis * 1_000_000L
}

/** E5 CPU task: the sum of `sin(i)` for i in 1..[n] (1,000,000 in the publication); milliseconds of CPU. */
internal class CpuSinWorkload(private val n: Int) : Workload {
    override fun run(seed: Int): Int {
        var sum = 0.0
        for (i in 1..n) sum += sin(i.toDouble())
        val bits = sum.toRawBits()
        return (bits xor (bits ushr 32)).toInt()
    }
}

private val SLEEP_MS = ParamSpec.waitMs("ms", "wait per item in milliseconds", "10")
private val LOOP_LENGTH = IntParam("n", "loop length", "1000000")

/** Experiment E5's two workloads. */
internal val E5_WORKLOADS = listOf(
    WorkloadEntry(
        id = "io-sleep",
        summary = "E5: wait a fixed time per item (sleep | delay)",
        waits = true,
        params = listOf(SLEEP_MS),
    ) { IoSleepWorkload(it.waits, it[SLEEP_MS]) },
    WorkloadEntry(
        id = "cpu-sin",
        summary = "E5: sum of sin(i) for i in 1..n (ms of CPU per item)",
        waits = false,
        params = listOf(LOOP_LENGTH),
        // A million steps per item would make the matrix take minutes.
        test = TestScale.params(LOOP_LENGTH to "2000"),
    ) { CpuSinWorkload(it[LOOP_LENGTH]) },
)
