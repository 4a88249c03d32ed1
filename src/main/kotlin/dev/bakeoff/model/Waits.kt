package dev.bakeoff.model

import java.util.concurrent.locks.LockSupport
import kotlin.time.Duration.Companion.nanoseconds

/**
 * The waits of a workload, in both forms, multiplied by the run's wait scale (1.0 when
 * measuring; tests shrink waits instead of sleeping for real).
 */
internal class Waits(private val scale: Double) {
    fun scaled(nanos: Long): Long = (nanos * scale).toLong()

    /** `Thread.sleep`: the thread is held. */
    fun sleep(nanos: Long) {
        val n = scaled(nanos)
        if (n > 0) Thread.sleep(n / 1_000_000, (n % 1_000_000).toInt())
    }

    /** `LockSupport.parkNanos`, repeated until the deadline because park may return early. */
    fun park(nanos: Long) {
        val n = scaled(nanos)
        if (n <= 0) return
        val deadline = System.nanoTime() + n
        var left = n
        while (left > 0) {
            LockSupport.parkNanos(left)
            left = deadline - System.nanoTime()
        }
    }

    /** `delay`: the coroutine releases its thread. kotlinx.coroutines rounds up to whole milliseconds. */
    suspend fun delay(nanos: Long) {
        val n = scaled(nanos)
        if (n > 0) kotlinx.coroutines.delay(n.nanoseconds)
    }

    companion object {
        /**
         * The nominal waits of items `0 until items` ([waitNanos] of each) added up, in ns, held at
         * [Long.MAX_VALUE] instead of wrapping: a user's task may declare any wait, and a wrapped sum
         * would plan a batch of negative length.
         */
        fun total(items: Int, waitNanos: (Int) -> Long): Long {
            var sum = 0L
            for (i in 0 until items) {
                val wait = waitNanos(i)
                sum = try {
                    Math.addExact(sum, wait)
                } catch (_: ArithmeticException) {
                    return if (wait > 0) Long.MAX_VALUE else Long.MIN_VALUE
                }
            }
            return sum
        }
    }
}
