package dev.bakeoff.engine

import dev.bakeoff.engine.cell.BatchProgress
import dev.bakeoff.engine.cell.ProgressWatchdog
import dev.bakeoff.engine.cell.Stall
import dev.bakeoff.result.CellStatus
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import java.util.concurrent.CountDownLatch
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.locks.ReentrantLock
import kotlin.io.path.exists
import kotlin.io.path.readText
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The progress watchdog on fixtures that stall on purpose: threads parked on a latch (deadlocked),
 * threads spinning on a flag no one sets (starved), two threads each waiting for the other's lock
 * (deadlocked, a cycle). Every fixture's threads are released and joined at the end: none outlives
 * its test. Nothing is timed: each test waits for the watchdog's verdict.
 */
class ProgressWatchdogTest {
    @TempDir
    lateinit var dir: Path

    /** A batch that is running (flight 1) with 8 items, 6 outstanding, whose fingerprint moves for [moves] reads. */
    private class StuckBatch(private val moves: Int = 0) : BatchProgress {
        val reads = AtomicInteger()
        override val size = 8

        override fun flight() = 1L

        override fun fingerprint(): Long = minOf(reads.incrementAndGet(), moves + 1).toLong()

        override fun outstanding() = 6
    }

    private fun watch(progress: BatchProgress, threads: List<Thread>): Stall {
        val stalls = LinkedBlockingQueue<Stall>()
        ProgressWatchdog(STALL_NANOS, dir.resolve("threads.json"), stalls::put).use { watchdog ->
            watchdog.watch(progress) { threads }
            return stalls.take()
        }
    }

    private fun threads(n: Int, body: () -> Unit): List<Thread> =
        (1..n).map { Thread.ofPlatform().name("fixture-worker-$it").start(body) }

    private fun assertEnded(threads: List<Thread>) {
        threads.forEach { it.join(TimeUnit.MINUTES.toMillis(1)) }
        assertEquals(emptyList(), threads.filter { it.isAlive }.map { it.name }, "fixture threads still alive")
    }

    @Test
    fun `threads all parked while items are outstanding are deadlocked, with the frame that holds them`() {
        val release = CountDownLatch(1)
        val parked = CountDownLatch(2)
        val workers = threads(2) {
            parked.countDown()
            release.await()
        }
        parked.await()
        try {
            val stall = watch(StuckBatch(), workers)
            assertEquals(CellStatus.DEADLOCKED, stall.status)
            assertContains(stall.verdict, "all 2 fixture-worker threads blocked in CountDownLatch.await at ")
            assertContains(stall.verdict, "ProgressWatchdogTest")
            assertContains(stall.verdict, "6 of 8 outstanding")
            assertTrue(stall.dump.exists())
            // The JSON dump lists the fixture's threads with their stacks.
            assertContains(stall.dump.readText(), "fixture-worker-1")
        } finally {
            release.countDown()
            assertEnded(workers)
        }
    }

    @Test
    fun `threads still running while no item completes are starved`() {
        val stop = AtomicBoolean()
        val spinning = CountDownLatch(2)
        val workers = threads(2) {
            spinning.countDown()
            while (!stop.get()) Thread.onSpinWait()
        }
        spinning.await()
        try {
            val stall = watch(StuckBatch(), workers)
            assertEquals(CellStatus.STARVED, stall.status)
            assertContains(stall.verdict, "fixture-worker threads stuck")
        } finally {
            stop.set(true)
            assertEnded(workers)
        }
    }

    @Test
    fun `two threads waiting for each other's lock are deadlocked on each other's locks`() {
        val a = ReentrantLock()
        val b = ReentrantLock()
        val holding = CountDownLatch(2)
        fun crossing(first: ReentrantLock, second: ReentrantLock) = Thread.ofPlatform().name("fixture-cross").start {
            first.lock()
            try {
                holding.countDown()
                holding.await()
                // Interruptible, so the test can end the cycle it made.
                second.lockInterruptibly()
                second.unlock()
            } catch (_: InterruptedException) {
                // Released by the test.
            } finally {
                first.unlock()
            }
        }
        val workers = listOf(crossing(a, b), crossing(b, a))
        try {
            val stall = watch(StuckBatch(), workers)
            assertEquals(CellStatus.DEADLOCKED, stall.status)
            assertContains(stall.verdict, "deadlocked on each other's locks")
        } finally {
            workers.forEach(Thread::interrupt)
            assertEnded(workers)
        }
    }

    @Test
    fun `an item completing restarts the clock`() {
        val release = CountDownLatch(1)
        val workers = threads(1) { release.await() }
        try {
            val batch = StuckBatch(moves = 3)
            watch(batch, workers)
            // Three reads saw progress; a stall needs two equal reads after them.
            assertTrue(batch.reads.get() >= 5, "stalled after ${batch.reads.get()} reads")
        } finally {
            release.countDown()
            assertEnded(workers)
        }
    }

    private companion object {
        val STALL_NANOS = TimeUnit.MILLISECONDS.toNanos(200)
    }
}
