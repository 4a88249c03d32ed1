package dev.bakeoff.workload

import dev.bakeoff.model.Waits
import dev.bakeoff.model.Workload

/**
 * A workload whose item only waits its nominal [waitNanos] and returns its seed: blocking with
 * `sleep` (or `parkNanos` when [parks]), suspending with `delay`.
 */
internal abstract class WaitingWorkload(private val waits: Waits, private val parks: Boolean) : Workload {
    abstract override fun waitNanos(seed: Int): Long

    override fun run(seed: Int): Int {
        if (parks) waits.park(waitNanos(seed)) else waits.sleep(waitNanos(seed))
        return seed
    }

    override suspend fun runSuspending(seed: Int): Int {
        waits.delay(waitNanos(seed))
        return seed
    }
}
