package dev.bakeoff.workload

import dev.bakeoff.model.TestScale
import dev.bakeoff.model.Waits
import dev.bakeoff.model.Workload
import dev.bakeoff.model.WorkloadEntry
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

/** The harness's own workloads: its cost per item, and fixtures that must be caught. None is part of `all`. */
internal val HARNESS_WORKLOADS = listOf(
    WorkloadEntry(
        id = "empty",
        summary = "no work: returns its seed; what Bakeoff's own path costs per item (harnessNsPerItem)",
        waits = false,
        // Measures the harness, not an approach: every run already measures it once.
        inAll = false,
    ) { EmptyWorkload },
    WorkloadEntry(
        id = "fixture-corrupt",
        summary = "test fixture: item 0 returns a wrong result in every batch after its first",
        waits = false,
        inAll = false,
        test = TestScale.excluded("deliberately faulty; FaultInMeasurementTest checks that it is caught"),
    ) { CorruptingWorkload() },
    WorkloadEntry(
        id = "fixture-slowing",
        summary = "test fixture: each item waits 1 us more per item run before it, so no batch is steady",
        waits = false,
        inAll = false,
        test = TestScale.excluded("deliberately never steady; SteadyStateTest checks that it is flagged"),
    ) { SlowingWorkload(it.waits) },
)
