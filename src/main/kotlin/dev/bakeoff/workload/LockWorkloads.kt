package dev.bakeoff.workload

import dev.bakeoff.model.Library
import dev.bakeoff.model.ParamSpec
import dev.bakeoff.model.SerialWorkload
import dev.bakeoff.model.WaitForm
import dev.bakeoff.model.Waits
import dev.bakeoff.model.Workload
import dev.bakeoff.model.WorkloadEntry
import kotlinx.coroutines.sync.Mutex
import kotlinx.coroutines.sync.withLock
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.locks.ReentrantLock
import kotlin.concurrent.withLock

/**
 * One lock per key (an item's seed), created on first use and kept, as an application keeps a
 * lock per account or per file. The lock is reachable from a shared map, so the JIT cannot elide
 * it as it may elide a lock on an object that never escapes an item. Thread-safe.
 */
internal class KeyedLocks<T : Any>(private val create: () -> T) {
    private val locks = ConcurrentHashMap<Int, T>()

    operator fun get(key: Int): T = locks.computeIfAbsent(key) { create() }
}

/**
 * Each item sleeps [millis] ms inside `synchronized` on its own lock, so no two items ever contend.
 * Up to JDK 23 a virtual thread that blocks while holding a monitor pins its carrier thread (JDK 24,
 * JEP 491, lets it unmount), so a virtual-thread strategy waits only as many items at a time as it
 * has carriers; platform-thread strategies are unaffected. There is no suspending form: a coroutine
 * cannot suspend inside `synchronized`, so [runSuspending] blocks as [run] does.
 */
internal class PinningWorkload(private val waits: Waits, private val millis: Int) : Workload {
    private val locks = KeyedLocks { Any() }

    override fun waitNanos(seed: Int): Long = millis * NANOS_PER_MILLI

    override fun run(seed: Int): Int {
        synchronized(locks[seed]) { waits.sleep(waitNanos(seed)) }
        return seed
    }
}

/**
 * [PinningWorkload]'s twin with `java.util.concurrent` locks: each item sleeps [millis] ms holding
 * its own `ReentrantLock` (a virtual thread unmounts while it waits, on every JDK); in the
 * suspending form it holds its own `Mutex` and `delay`s.
 */
internal class PinningLockWorkload(private val waits: Waits, private val millis: Int) : Workload {
    private val locks = KeyedLocks { ReentrantLock() }
    private val mutexes = KeyedLocks { Mutex() }

    override fun waitNanos(seed: Int): Long = millis * NANOS_PER_MILLI

    override fun run(seed: Int): Int {
        locks[seed].withLock { waits.sleep(waitNanos(seed)) }
        return seed
    }

    override suspend fun runSuspending(seed: Int): Int {
        mutexes[seed].withLock { waits.delay(waitNanos(seed)) }
        return seed
    }
}

/**
 * Every item enters the one monitor all items share, computes a short critical section (E1's
 * arithmetic) and sleeps [millis] ms before leaving, so items run one at a time whatever the
 * strategy: the others block on the monitor (on JDK 21-23 a blocked virtual thread pins its carrier
 * too). No suspending form, as for [PinningWorkload].
 */
internal class ContendedWorkload(private val waits: Waits, private val millis: Int) : SerialWorkload {
    private val lock = Any()

    override fun waitNanos(seed: Int): Long = millis * NANOS_PER_MILLI

    override fun run(seed: Int): Int = synchronized(lock) {
        val result = ArithmeticWorkload.run(seed)
        waits.sleep(waitNanos(seed))
        result
    }
}

/**
 * [ContendedWorkload] with one shared `ReentrantLock` (the others park waiting for it) and, in the
 * suspending form, one shared `Mutex` held across a `delay` (the others suspend).
 */
internal class ContendedLockWorkload(private val waits: Waits, private val millis: Int) : SerialWorkload {
    private val lock = ReentrantLock()
    private val mutex = Mutex()

    override fun waitNanos(seed: Int): Long = millis * NANOS_PER_MILLI

    override fun run(seed: Int): Int = lock.withLock {
        val result = ArithmeticWorkload.run(seed)
        waits.sleep(waitNanos(seed))
        result
    }

    override suspend fun runSuspending(seed: Int): Int = mutex.withLock {
        val result = ArithmeticWorkload.run(seed)
        waits.delay(waitNanos(seed))
        result
    }
}

private const val NANOS_PER_MILLI = 1_000_000L

private val PINNING_MS = ParamSpec.waitMs("ms", "wait per item in milliseconds", "50")
private val CONTENDED_MS = ParamSpec.waitMs("ms", "wait per item in milliseconds, inside the lock", "1")

/** The lock workloads: each item's own lock (pinning), or one lock for all (contended), as a monitor and as a lock. */
internal val LOCK_WORKLOADS = listOf(
    WorkloadEntry(
        id = "pinning",
        summary = "sleep ms inside synchronized on the item's own lock: pins virtual threads before JDK 24",
        waits = true,
        params = listOf(PINNING_MS),
        // A coroutine cannot suspend inside synchronized: the suspending form would block too.
        waitForms = listOf(WaitForm.BLOCKING),
    ) { PinningWorkload(it.waits, it[PINNING_MS]) },
    WorkloadEntry(
        id = "pinning-lock",
        summary = "pinning's twin: wait ms holding the item's own ReentrantLock (sleep) | Mutex (delay)",
        waits = true,
        params = listOf(PINNING_MS),
        libraries = listOf(Library.KOTLINX_COROUTINES),
    ) { PinningLockWorkload(it.waits, it[PINNING_MS]) },
    WorkloadEntry(
        id = "contended",
        summary = "one synchronized lock for all items, held over a short computation and ms of sleep",
        waits = true,
        params = listOf(CONTENDED_MS),
        waitForms = listOf(WaitForm.BLOCKING),
    ) { ContendedWorkload(it.waits, it[CONTENDED_MS]) },
    WorkloadEntry(
        id = "contended-lock",
        summary = "contended with one shared ReentrantLock (sleep) | Mutex (delay)",
        waits = true,
        params = listOf(CONTENDED_MS),
        libraries = listOf(Library.KOTLINX_COROUTINES),
    ) { ContendedLockWorkload(it.waits, it[CONTENDED_MS]) },
)
