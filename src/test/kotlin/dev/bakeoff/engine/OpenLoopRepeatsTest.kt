package dev.bakeoff.engine

import dev.bakeoff.cell
import dev.bakeoff.engine.cell.Cell
import dev.bakeoff.model.ArrivalBatch
import dev.bakeoff.model.LedgerException
import dev.bakeoff.model.WaitForm
import dev.bakeoff.model.Workload
import dev.bakeoff.scenarioCell
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * An open loop's arrivals cycle through a cell's items without a reset (issue 45, cause 7): order-status, whose
 * result depends on the row an earlier run updated, passes its second pass over the orders; a failure workload's
 * failing item counts as run when it throws (reported failed, not "broken"); a stateful workload whose repeats
 * still return the first result is caught.
 */
class OpenLoopRepeatsTest {
    @Test
    fun `order-status runs more arrivals than orders without a differing result`() {
        val failures = runOpenLoop(scenarioCell("executor-fixed:size=4", "order-status:call-ms=1", WaitForm.BLOCKING, items = 10), 35)
        assertEquals(emptyList(), failures)
    }

    @Test
    fun `a failure workload's failing arrivals are reported failed, and the loop is not broken`() {
        val failures = runOpenLoop(cell("executor-fixed:size=4", "fail-at:item=3:work=storage", WaitForm.BLOCKING, items = 10), 40)
        // Four passes over the ten items: the failing item runs once in each.
        assertEquals(4, failures.size, failures.toString())
    }

    @Test
    fun `arrivals take every seed once a pass, each pass in one seeded order that is not the seeds' own`() {
        val ran = ConcurrentLinkedQueue<Int>()
        val recording = object : Workload {
            override fun run(seed: Int) = seed.also { ran += it }
        }
        val batch = ArrivalBatch(recording, WaitForm.BLOCKING, IntArray(100) { it }, 300)
        repeat(300) { batch.run(it) }
        batch.verify(300)
        val passes = ran.toList().chunked(100)
        passes.forEach { assertEquals((0 until 100).toList(), it.sorted(), "every seed once a pass") }
        assertEquals(1, passes.toSet().size, "each pass in the same order")
        // In seed order neighbours' seeds are alike (storage's waits grow with the seed): here they are not.
        val rising = passes.first().zipWithNext().count { (a, b) -> b == a + 1 }
        assertTrue(rising < 10, "$rising of 99 neighbours in seed order: ${passes.first()}")
        val again = ConcurrentLinkedQueue<Int>()
        val other = ArrivalBatch(
            object : Workload {
                override fun run(seed: Int) = seed.also { again += it }
            },
            WaitForm.BLOCKING,
            IntArray(100) { it },
            100,
        )
        repeat(100) { other.run(it) }
        assertEquals(passes.first(), again.toList(), "the same order in every batch")
    }

    @Test
    fun `a stateful workload whose repeats return the first result again is caught`() {
        val same = object : Workload {
            override fun run(seed: Int) = seed
        }
        val batch = ArrivalBatch(same, WaitForm.BLOCKING, IntArray(4) { it }, 8, repeated = -1)
        repeat(8) { batch.run(it) }
        val e = assertThrows<LedgerException> { batch.verify(8) }
        assertTrue(e.message!!.contains("seed 0 returned the direct run's result 2 time(s)"), e.message)
    }

    /** Opens [cell], submits [arrivals] through its open-loop form, verifies them and returns the failures heard. */
    private fun runOpenLoop(cell: Cell, arrivals: Int): List<Throwable> {
        val failures = ConcurrentLinkedQueue<Throwable>()
        cell.open()
        try {
            val open = assertNotNull(cell.openLoop(arrivals))
            val finished = CountDownLatch(arrivals)
            open.sink.use { sink ->
                repeat(arrivals) { i ->
                    sink.submit(i) { failure ->
                        failure?.let(failures::add)
                        finished.countDown()
                    }
                }
                assertTrue(finished.await(1, TimeUnit.MINUTES), "${finished.count} arrivals never finished")
            }
            open.batch.verify(arrivals)
        } finally {
            cell.closeAndCheck()
        }
        return failures.toList()
    }
}
