package com.example

import dev.bakeoff.model.Workload
import kotlinx.coroutines.delay

/**
 * Your own task, as Bakeoff runs it: price order [run]'s seed (a little CPU), then wait 2 ms for a
 * stock service. A class implementing [Workload] with a no-argument constructor (or a Kotlin
 * `object`), stateless: Bakeoff calls it from many threads at once.
 */
class PricingTask : Workload {
    /** Blocking form: the stock call holds the thread (`Thread.sleep`). */
    override fun run(seed: Int): Int {
        val total = price(seed)
        Thread.sleep(STOCK_CALL_MILLIS)
        return total
    }

    /** Suspending form: the stock call releases the thread (`delay`). */
    override suspend fun runSuspending(seed: Int): Int {
        val total = price(seed)
        delay(STOCK_CALL_MILLIS)
        return total
    }

    /** Declaring the wait lets Bakeoff compute the physical limit of a batch (the CPU part it measures itself). */
    override fun waitNanos(seed: Int): Long = STOCK_CALL_MILLIS * 1_000_000

    companion object {
        const val STOCK_CALL_MILLIS = 2L

        /** The CPU part: a deterministic hash of the order's lines, the same whichever thread runs it. */
        fun price(seed: Int): Int {
            var h = seed
            for (line in 0 until 2_000) h = h * 31 + line
            return h
        }
    }
}
