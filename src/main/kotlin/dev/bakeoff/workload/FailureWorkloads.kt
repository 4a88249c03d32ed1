package dev.bakeoff.workload

import dev.bakeoff.model.FailingWorkload
import dev.bakeoff.model.ParamSpec
import dev.bakeoff.model.ParamSpec.ChoiceParam
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.PlannedFailure
import dev.bakeoff.model.Waits
import dev.bakeoff.model.Workload
import dev.bakeoff.model.WorkloadEntry

/** The E1 work the items of a failure workload do, by its E1 id. */
internal enum class E1Work(val id: String, val create: (Waits) -> Workload) {
    ARITHMETIC("arithmetic", { ArithmeticWorkload }),
    LISTS("lists", { ListsWorkload }),
    STORAGE("storage", ::StorageWorkload),
    NETWORK("network", ::NetworkWorkload),
    MIXED("mixed", ::MixedWorkload),
}

// Network by default: item i waits i ms, so when item 10 fails most of its siblings are still waiting,
// which is the case cancellation is for (storage parks, which an interrupt ends without an exception).
private val WORK = ChoiceParam("work", "the E1 work of every item", E1Work.NETWORK, E1Work.entries) { it.id }
private val ITEM = IntParam("item", "the item that fails after its work (0-based)", "10", min = 0)
private val MS = ParamSpec.waitMs("ms", "how long item 0 waits before it fails, in ms", "20")

/**
 * `fail-at`: every item does its E1 [work]; item [failingItem] then throws instead of returning,
 * so the failure comes after that item's own work (with `network`, [failingItem] ms into it).
 */
internal class FailAtWorkload(override val work: Workload, override val failingItem: Int) : FailingWorkload {
    override fun waitNanos(seed: Int): Long = work.waitNanos(seed)

    override fun run(seed: Int): Int = work.run(seed).also { if (seed == failingItem) throw PlannedFailure(seed) }

    override suspend fun runSuspending(seed: Int): Int =
        work.runSuspending(seed).also { if (seed == failingItem) throw PlannedFailure(seed) }
}

/**
 * `fail-after`: item 0 waits [millis] ms (in the run's wait form: `sleep` | `delay`) and throws
 * instead of doing its work; every other item does its E1 [work]. Item 0 because every strategy
 * starts it first, so the failure comes [millis] ms into the batch whatever order the strategy
 * runs the rest in, independently of the work's own waits.
 */
internal class FailAfterWorkload(override val work: Workload, private val waits: Waits, private val millis: Int) :
    FailingWorkload {
    override val failingItem: Int get() = 0

    override fun waitNanos(seed: Int): Long = if (seed == failingItem) millis * 1_000_000L else work.waitNanos(seed)

    override fun run(seed: Int): Int {
        if (seed != failingItem) return work.run(seed)
        waits.sleep(waitNanos(seed))
        throw PlannedFailure(seed)
    }

    override suspend fun runSuspending(seed: Int): Int {
        if (seed != failingItem) return work.runSuspending(seed)
        waits.delay(waitNanos(seed))
        throw PlannedFailure(seed)
    }
}

/** The failure workloads: one item of the batch fails; what each strategy then does is measured. */
internal val FAILURE_WORKLOADS = listOf(
    WorkloadEntry(
        id = "fail-at",
        summary = "E1 work (network: wait seed ms); item `item` throws after its own work",
        waits = true,
        params = listOf(ITEM, WORK),
    ) { FailAtWorkload(it[WORK].create(it.waits), it[ITEM]) },
    WorkloadEntry(
        id = "fail-after",
        summary = "E1 work (network: wait seed ms); item 0 waits `ms` ms, then throws",
        waits = true,
        params = listOf(MS, WORK),
    ) { FailAfterWorkload(it[WORK].create(it.waits), it.waits, it[MS]) },
)
