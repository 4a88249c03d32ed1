package dev.bakeoff.workload

import dev.bakeoff.model.Waits
import dev.bakeoff.model.Workload
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicLong

/**
 * No work: an item returns its seed. Run by `direct`, a batch of it is Bakeoff's own path and
 * nothing else (the strategy's loop, the item call, the ledger's record), which is how every
 * run measures `harnessNsPerItem`. Stateless.
 */
internal object EmptyWorkload : Workload {
    override fun run(seed: Int): Int = seed
}

/**
 * A test fixture: item 0 returns a wrong result in every batch after its first, as a task with
 * unsafe shared state would once it runs more than once. The ledger's expected results come from
 * a separate instance, which runs each item once and so stays right: the check must catch the
 * corruption in later batches, measured ones included. Thread-safe.
 */
internal class CorruptingWorkload : Workload {
    private val ranItemZero = AtomicBoolean()

    override fun run(seed: Int): Int = if (seed == 0 && ranItemZero.getAndSet(true)) seed + 1 else seed
}

/**
 * A test fixture: every item waits (parked) one microsecond more for every item this instance ran
 * before it, so every batch is slower than the one before, whatever the machine. A cell of it can
 * never reach a steady state: the engine must say so. Thread-safe.
 */
internal class SlowingWorkload(private val waits: Waits) : Workload {
    private val calls = AtomicLong()

    override fun waitNanos(seed: Int): Long = 0

    override fun run(seed: Int): Int {
        waits.park(calls.getAndIncrement() * NANOS_PER_CALL)
        return seed
    }

    private companion object {
        const val NANOS_PER_CALL = 1_000L
    }
}
