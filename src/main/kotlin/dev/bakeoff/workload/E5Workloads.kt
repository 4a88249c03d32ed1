package dev.bakeoff.workload

import dev.bakeoff.model.Waits
import dev.bakeoff.model.Workload
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
