package dev.bakeoff.engine

import dev.bakeoff.engine.load.PointJudge
import dev.bakeoff.engine.plan.LatencyObjective
import dev.bakeoff.model.Family
import dev.bakeoff.report.LoadFixture
import dev.bakeoff.result.ObjectiveVerdict
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** A rate point's verdict from its forks' tail percentile: the interval against the objective. */
class PointJudgeTest {
    private val objective = LatencyObjective("p99", 10_000_000L, "p99=10ms")

    /** Forks at 2,000/s whose p99 are [p99s] ms (LoadFixture's cells: past 20 ms they fall behind). */
    private fun judge(vararg p99s: Double) = PointJudge.judge(
        2000.0,
        p99s.map { LoadFixture.cell("s", Family("executor"), 2000.0, (it * 1e6).toLong()) },
        objective,
        0.95,
    )

    @Test
    fun `forks well within the objective meet it, well beyond miss it, around it cannot tell`() {
        assertEquals(ObjectiveVerdict.MEETS, judge(4.0, 4.2, 3.9).verdict)
        assertEquals(ObjectiveVerdict.MISSES, judge(15.0, 16.0, 15.5).verdict)
        assertEquals(ObjectiveVerdict.CANNOT_TELL, judge(6.0, 14.0, 9.0).verdict)
    }

    @Test
    fun `the tail's interval is the geometric mean of the forks with a t interval on their log`() {
        val point = judge(4.0, 9.0)
        assertEquals(6e6, assertNotNull(point.tailNs), 1.0)
        assertTrue(point.tailLowNs!! < 4e6 && point.tailHighNs!! > 9e6, "${point.tailLowNs}–${point.tailHighNs}")
        assertEquals(2, point.forks)
    }

    @Test
    fun `forks that fall behind count against the point`() {
        // 30 ms forks fall behind their rate (LoadFixture): half or more of them miss the point outright.
        val behind = judge(4.0, 30.0)
        assertEquals(ObjectiveVerdict.MISSES, behind.verdict)
        assertNull(behind.tailNs)
        // One behind of three: the other two meet, but the point cannot say it does.
        assertEquals(ObjectiveVerdict.CANNOT_TELL, judge(4.0, 4.1, 30.0).verdict)
    }

    @Test
    fun `one fork gives no interval`() {
        val point = judge(4.0)
        assertEquals(ObjectiveVerdict.CANNOT_TELL, point.verdict)
        assertNull(point.tailLowNs)
    }
}
