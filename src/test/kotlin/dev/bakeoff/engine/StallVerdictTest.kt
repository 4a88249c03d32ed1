package dev.bakeoff.engine

import dev.bakeoff.engine.cell.StallVerdict
import dev.bakeoff.engine.cell.StallVerdict.Dumped
import dev.bakeoff.result.CellStatus
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals

/** How a stalled cell's thread dump becomes its status and one-line verdict. */
class StallVerdictTest {
    private val runBlocking = listOf(
        "java.base/jdk.internal.misc.Unsafe.park(Native Method)",
        "java.base/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:271)",
        "kotlinx.coroutines.BlockingCoroutine.joinBlocking(Builders.kt:57)",
        "kotlinx.coroutines.BuildersKt__Builders_concurrentKt.runBlockingK(Builders.concurrent.kt:172)",
        "kotlinx.coroutines.BuildersKt.runBlockingK(Unknown Source)",
        "dev.bakeoff.workload.NestedBlockingWorkload.level(NestedBlockingWorkload.kt:38)",
        "dev.bakeoff.model.WorkloadBatch.call(WorkloadBatch.kt:28)",
    )
    private val initializer = listOf(
        "java.base/java.util.concurrent.CyclicBarrier.await(CyclicBarrier.java:364)",
        "dev.bakeoff.workload.InitGate/0x000000001a060000.<clinit>(PinningHazardWorkload.kt:120)",
        "java.base/java.lang.invoke.MethodHandles\$Lookup.defineHiddenClass(MethodHandles.java:2371)",
        "dev.bakeoff.model.WorkloadBatch.call(WorkloadBatch.kt:28)",
    )
    private val idle = listOf("java.base/jdk.internal.misc.Unsafe.park(Native Method)")

    private fun worker(tid: Long, state: String, stack: List<String>, name: String = "pool-1-thread-$tid") =
        Dumped(tid, name, virtual = false, state = state, stack = stack, mounted = false)

    @Test
    fun `the frame is the first of the caller's own code, with the library call it is in`() {
        assertEquals("in runBlockingK at $NESTED", StallVerdict.holding(runBlocking))
        assertEquals("in CyclicBarrier.await at $INIT", StallVerdict.holding(initializer))
        assertEquals(null, StallVerdict.holding(idle))
    }

    @Test
    fun `no thread of the cell able to run is a deadlock, one running is starvation`() {
        val blocked = listOf(worker(1, "TIMED_WAITING", runBlocking), worker(2, "WAITING", runBlocking))
        assertEquals(
            CellStatus.DEADLOCKED to "all 2 pool-1-thread threads blocked in runBlockingK at $NESTED",
            StallVerdict.decide(blocked, setOf(1, 2), emptySet()),
        )
        val spinning = listOf("dev.bakeoff.workload.SelfWaitWorkload.run(SelfWaitWorkload.kt:46)")
        val oneRuns = blocked + worker(3, "RUNNABLE", spinning)
        assertEquals(CellStatus.STARVED, StallVerdict.decide(oneRuns, setOf(1, 2, 3), emptySet()).first)
        // Neither a thread that is not the cell's (JMH's, the JVM's) nor one waiting in native code makes it starved.
        assertEquals(CellStatus.DEADLOCKED, StallVerdict.decide(oneRuns, setOf(1, 2), emptySet()).first)
        val unblocker = listOf("java.base/java.lang.VirtualThread.takeList(Native Method)")
        val native = blocked + worker(3, "RUNNABLE", unblocker)
        assertEquals(CellStatus.DEADLOCKED, StallVerdict.decide(native, setOf(1, 2, 3), emptySet()).first)
    }

    @Test
    fun `virtual threads waiting while mounted are counted as pinned to their carriers`() {
        val pinned = (1L..3L).map {
            Dumped(100 + it, "", virtual = true, state = "WAITING", stack = initializer, mounted = it < 3)
        }
        val carriers = (1L..2L).map { worker(it, "WAITING", idle, "ForkJoinPool-1-worker-$it") }
        val (status, verdict) = StallVerdict.decide(pinned + carriers, setOf(1, 2), emptySet())
        assertEquals(CellStatus.DEADLOCKED, status)
        assertEquals(
            "all 3 virtual threads blocked in CyclicBarrier.await at $INIT (2 pinned to their carriers)",
            verdict,
        )
    }

    @Test
    fun `the largest group of item threads is named, out of all that hold an item`() {
        val dumped = listOf(
            worker(1, "WAITING", runBlocking),
            worker(2, "WAITING", runBlocking),
            worker(3, "WAITING", initializer),
        )
        assertEquals(
            "2 of 3 pool-1-thread threads blocked in runBlockingK at $NESTED",
            StallVerdict.decide(dumped, setOf(1, 2, 3), emptySet()).second,
        )
    }

    private companion object {
        const val NESTED = "NestedBlockingWorkload.level(NestedBlockingWorkload.kt:38)"
        const val INIT = "InitGate.<clinit>(PinningHazardWorkload.kt:120)"
    }
}
