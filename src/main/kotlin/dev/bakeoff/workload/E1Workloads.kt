package dev.bakeoff.workload

import dev.bakeoff.model.Waits
import dev.bakeoff.model.Workload
import dev.bakeoff.model.WorkloadEntry
import kotlin.math.pow

/** E1 "arithmetic": `seed.toFloat().pow(seed.toFloat()).toInt()`; nanoseconds of CPU. */
internal object ArithmeticWorkload : Workload {
    override fun run(seed: Int): Int = seed.toFloat().pow(seed.toFloat()).toInt()
}

/**
 * E1 "lists": a fresh immutable collection after each step (build, map to Float, add 0.3,
 * associate by string, square the values, filter > 5); returns the seed. Allocation-heavy CPU.
 */
internal object ListsWorkload : Workload {
    override fun run(seed: Int): Int {
        val kept =
            List(seed) { it }
                .map { it.toFloat() }
                .map { it + 0.3f }
                .associateBy { it.toString() }
                .mapValues { (_, v) -> v * v }
                .filter { (_, v) -> v > 5f }
        // The definition returns the seed; the size check keeps the pipeline observable.
        check(kept.size <= seed)
        return seed
    }
}

/** E1 "storage": the thread waits `500 + 10 * seed` microseconds (0.5 to 1.49 ms for seeds 0..99), parked. */
internal class StorageWorkload(waits: Waits) : WaitingWorkload(waits, parks = true) {
    override fun waitNanos(seed: Int): Long = (500L + 10L * seed) * 1_000
}

/** E1 "network": the thread waits `seed` milliseconds (0 to 99 ms for seeds 0..99), sleeping. */
internal class NetworkWorkload(waits: Waits) : WaitingWorkload(waits, parks = false) {
    override fun waitNanos(seed: Int): Long = seed * 1_000_000L
}

/** E1 "mixed": seed % 5 == 0 is network, % 3 == 0 storage, % 2 == 0 lists, else arithmetic. */
internal class MixedWorkload(waits: Waits) : Workload {
    private val network = NetworkWorkload(waits)
    private val storage = StorageWorkload(waits)

    private fun pick(seed: Int): Workload = when {
        seed % 5 == 0 -> network
        seed % 3 == 0 -> storage
        seed % 2 == 0 -> ListsWorkload
        else -> ArithmeticWorkload
    }

    override fun waitNanos(seed: Int): Long = pick(seed).waitNanos(seed)

    override fun run(seed: Int): Int = pick(seed).run(seed)

    override suspend fun runSuspending(seed: Int): Int = pick(seed).runSuspending(seed)
}

/** Experiment E1's five workloads, the default suite's. */
internal val E1_WORKLOADS = listOf(
    WorkloadEntry(
        id = "arithmetic",
        summary = "E1: seed^seed in Float (ns of CPU per item)",
        waits = false,
        defaultSuite = true,
    ) { ArithmeticWorkload },
    WorkloadEntry(
        id = "lists",
        summary = "E1: six immutable collection steps over List(seed) (allocating CPU)",
        waits = false,
        defaultSuite = true,
    ) { ListsWorkload },
    WorkloadEntry(
        id = "storage",
        summary = "E1: wait 500 + 10*seed us (parkNanos | delay)",
        waits = true,
        defaultSuite = true,
    ) { StorageWorkload(it.waits) },
    WorkloadEntry(
        id = "network",
        summary = "E1: wait seed ms (sleep | delay)",
        waits = true,
        defaultSuite = true,
    ) { NetworkWorkload(it.waits) },
    WorkloadEntry(
        id = "mixed",
        summary = "E1: seed%5 network, %3 storage, %2 lists, else arithmetic",
        waits = true,
        defaultSuite = true,
    ) { MixedWorkload(it.waits) },
)
