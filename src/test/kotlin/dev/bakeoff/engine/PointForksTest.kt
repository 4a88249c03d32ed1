package dev.bakeoff.engine

import dev.bakeoff.engine.load.PointForks
import dev.bakeoff.engine.plan.LatencyObjective
import dev.bakeoff.metrics.Disturbance
import dev.bakeoff.model.Family
import dev.bakeoff.report.LoadFixture
import dev.bakeoff.result.LoadCosts
import dev.bakeoff.result.LoadResult
import dev.bakeoff.result.ObjectiveVerdict
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * A capacity point's forks on a 2-core machine (a disturbed window: other processes over 0.1 cores), from scripted
 * synthetic forks (no JVM, no clock): a disturbed fork set aside and measured again, the re-runs capped at the forks
 * the point asks for, the budget asked before every fork, and the flags on the forks and the point.
 */
class PointForksTest {
    private val objective = LatencyObjective("p99", LoadFixture.OBJECTIVE_NS, "p99=20ms")

    /** A fork whose window had [otherCores] busy outside it (null: not measured), its p99 [p99Ms] ms. */
    private fun fork(otherCores: Double?, p99Ms: Double = 5.0): LoadResult {
        val c = LoadFixture.cell("virtual-threads", Family("virtual-thread"), 2000.0, (p99Ms * 1e6).toLong())
        val costs = LoadCosts(cores = 2, cpuNsPerItem = 50_000.0, generatorNsPerItem = 10_000.0, arrivalScv = 1.0, otherCores = otherCores)
        return c.copy(figures = c.figures!!.copy(costs = costs))
    }

    /** A point on 2 cores whose forks are [forks] in turn, every one it records kept in [recorded]. */
    private class Scripted(vararg forks: LoadResult, tally: Disturbance.Tally = Disturbance.Tally()) {
        val left = ArrayDeque(forks.toList())
        val recorded = mutableListOf<LoadResult>()
        val point = PointForks(2, { left.removeFirst() }, { recorded += it }, tally)
    }

    @Test
    fun `a disturbed fork is set aside, flagged, recorded and measured again, and counts in no verdict`() {
        // The set-aside fork's 90 ms p99 would miss the objective: left out, the point meets it.
        val s = Scripted(fork(0.05, 4.0), fork(0.29, p99Ms = 90.0), fork(0.1, 4.2), fork(null, 3.9))
        assertTrue(s.point.bringTo(3) { true })
        assertTrue(s.left.isEmpty(), "four forks measured for three counted")
        assertEquals(listOf(null, true, null, null), s.recorded.map { it.disturbed }, "recorded in order, the set-aside one flagged")
        assertEquals(3, s.point.counted.size)
        assertFalse(s.point.counted.any { it.disturbed == true })
        val judged = s.point.judge(2000.0, objective, 0.95)
        assertEquals(3, judged.forks)
        assertEquals(ObjectiveVerdict.MEETS, judged.verdict)
        assertEquals(1, judged.disturbed)
        assertNull(judged.disturbedCounted, "0.1 cores of 2 is not over 5%, nor is an unmeasured window")
    }

    @Test
    fun `re-runs stop at the forks the point asks for, then disturbed forks count, and the point says how many`() {
        // The search's 20 earlier launches were quiet: the machine hiccups here, it is not busy.
        val s = Scripted(*Array(6) { fork(0.2) }, tally = Disturbance.Tally(launches = 20))
        assertTrue(s.point.bringTo(3) { true })
        assertEquals(listOf(true, true, true, null, null, null), s.recorded.map { it.disturbed })
        val judged = s.point.judge(2000.0, objective, 0.95)
        assertEquals(3, judged.disturbed)
        assertEquals(3, judged.disturbedCounted)
        assertEquals(3, judged.forks)
    }

    @Test
    fun `on a machine that stays busy the search stops re-running once half its launches were disturbed`() {
        // Shared by two points: the first launch is re-run (nothing earlier), then half or more were disturbed.
        val tally = Disturbance.Tally()
        val first = Scripted(*Array(4) { fork(0.3) }, tally = tally)
        assertTrue(first.point.bringTo(3) { true })
        assertEquals(listOf(true, null, null, null), first.recorded.map { it.disturbed })
        val next = Scripted(fork(0.0), fork(0.0), fork(0.3), tally = tally)
        assertTrue(next.point.bringTo(3) { true })
        assertEquals(listOf(null, null, null), next.recorded.map { it.disturbed }, "4 of 6 earlier disturbed: it counts")
        assertEquals(7, tally.launches)
        assertEquals(5, tally.disturbed)
    }

    @Test
    fun `a point that cannot tell asks for more forks, and its re-runs grow with them`() {
        val s = Scripted(fork(0.2), fork(0.0), fork(0.0), fork(0.0), fork(0.2), fork(0.2), fork(0.0), fork(0.0), fork(0.0))
        assertTrue(s.point.bringTo(3) { true })
        assertEquals(1, s.point.setAside)
        assertTrue(s.point.bringTo(6) { true })
        assertEquals(3, s.point.setAside, "3 of 6 re-runs used")
        assertEquals(6, s.point.counted.size)
        assertTrue(s.left.isEmpty())
    }

    @Test
    fun `the budget is asked before the first forks and before every re-run`() {
        val none = Scripted(fork(0.0))
        val asked = mutableListOf<Int>()
        assertFalse(
            none.point.bringTo(3) {
                asked += it
                false
            },
        )
        assertEquals(listOf(3), asked)
        assertTrue(none.recorded.isEmpty(), "nothing measured when the forks do not fit")

        // Room for the three forks only: the disturbed second one cannot be re-run, so it counts.
        val tight = Scripted(fork(0.0), fork(0.2), fork(0.0))
        assertTrue(tight.point.bringTo(3) { n -> 3 - tight.left.size + n <= 3 })
        assertTrue(tight.left.isEmpty())
        assertEquals(listOf(null, null, null), tight.recorded.map { it.disturbed })
        val judged = tight.point.judge(2000.0, objective, 0.95)
        assertNull(judged.disturbed)
        assertEquals(1, judged.disturbedCounted)
    }
}
