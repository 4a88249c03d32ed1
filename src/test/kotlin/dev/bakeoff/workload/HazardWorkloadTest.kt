package dev.bakeoff.workload

import dev.bakeoff.catalog.Workloads
import dev.bakeoff.cell
import dev.bakeoff.model.RunContext
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith

/**
 * The hazard workloads (kept out of the matrix tests, since they deadlock small pools on purpose) on
 * the strategies that survive them: each batch runs every item once with the direct run's results,
 * and nothing is left behind. The stalls themselves are measured in forks (HazardRunTest).
 */
class HazardWorkloadTest {
    @TestFactory
    fun `every hazard completes on a thread per task, and all but two on virtual threads`() =
        (HAZARDS.map { it to "thread-per-task" } + (HAZARDS - PINNING_VIRTUAL).map { it to "virtual-threads" })
            .map { (w, s) -> DynamicTest.dynamicTest("$s x $w") { check(s, w) } }

    private fun check(strategy: String, workload: String) {
        val cell = cell(strategy, workload, items = ITEMS)
        cell.open()
        try {
            repeat(2) { cell.runBatch() }
            cell.verify()
        } finally {
            val report = cell.closeAndCheck()
            assertEquals(emptyList(), report.leaked, "threads left alive after close")
        }
    }

    @Test
    fun `a strategy that does not say where its items run cannot run a hazard, and says so`() {
        val cell = cell("coroutine-one", "hazard-self-wait", items = ITEMS)
        cell.open()
        try {
            val e = assertFailsWith<UnsupportedOperationException> { cell.runBatch() }
            assertContains(e.message.orEmpty(), "coroutine-one does not say where its items run")
        } finally {
            cell.close()
        }
    }

    @Test
    fun `outside a measured cell every hazard runs its items one by one on the caller, as the direct run`() {
        for (spec in HAZARDS) {
            val w = Workloads.catalog.resolve(spec).let { it.entry.create(it.params(RunContext(waitScale = 0.0))) }
            assertEquals((0 until ITEMS).map(ArithmeticWorkload::run), (0 until ITEMS).map(w::run), spec)
        }
    }

    private companion object {
        /** What holds a virtual thread's carrier: a class initializer's wait, a busy poll (HazardRunTest's kind). */
        val PINNING_VIRTUAL = setOf("hazard-pinning:in=clinit", "hazard-self-wait:wait=poll")

        /** A multiple of the pinning hazard's groups of 4. */
        const val ITEMS = 16

        val HAZARDS = listOf(
            "hazard-nested-blocking:depth=3",
            "hazard-limited-blocking:p=2",
            "hazard-self-wait",
            "hazard-self-wait:wait=poll",
            "hazard-pinning",
            "hazard-pinning:in=wait",
            "hazard-pinning:in=clinit",
        )
    }
}
