package dev.bakeoff.report

import dev.bakeoff.result.CapacityPoint
import dev.bakeoff.result.ObjectiveVerdict
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNull

/**
 * A capacity's range in words, in results.json and through the results check: a file written before
 * ranges reads and shows as it did.
 */
class LoadCapacityRangeTest {
    private val old = LoadFixture.run().capacity!!.first()
    private val judged = listOf(
        CapacityPoint(2000.0, 3, ObjectiveVerdict.MEETS, 4e6, 3e6, 5e6),
        CapacityPoint(2800.0, 6, ObjectiveVerdict.CANNOT_TELL, 18e6, 12e6, 25e6),
        CapacityPoint(4000.0, 3, ObjectiveVerdict.MISSES),
    )
    private val ranged = old.copy(lowPerSec = 2000.0, highPerSec = 4000.0, confidence = 0.95, judged = judged, outOfBudget = false)

    @Test
    fun `the range names both ends, the objective, the confidence and the forks`() {
        assertEquals("2000–4000/s at p99=20ms, 95%, 12 forks", LoadCapacityRange.text(ranged))
        assertEquals("at least 2000/s at p99=20ms, 95%, 12 forks; out of budget", LoadCapacityRange.text(ranged.copy(highPerSec = null, outOfBudget = true)))
        assertEquals("below 4000/s at p99=20ms, 95%, 12 forks", LoadCapacityRange.text(ranged.copy(lowPerSec = null)))
        assertContains(LoadCapacityRange.explained(ranged), "executor-fixed:size=4: capacity 2000–4000/s")
    }

    @Test
    fun `a file written before ranges shows its explanation alone`() {
        assertNull(LoadCapacityRange.text(old))
        assertEquals(old.explanation, LoadCapacityRange.explained(old))
    }

    @Test
    fun `the range goes through results json and the check`() {
        val run = LoadFixture.run().let { r -> r.copy(capacity = listOf(ranged) + r.capacity!!.drop(1)) }
        val back = JsonReportFormat.parse(buildString { JsonReportFormat.write(run, this) })
        assertEquals(ranged, back.capacity!!.first())
        assertNull(LoadResultsCheck.problem(run))
        val upside = run.copy(capacity = listOf(ranged.copy(lowPerSec = 5000.0)))
        assertContains(LoadResultsCheck.problem(upside).orEmpty(), "lowPerSec (5000.0) is not below highPerSec (4000.0)")
        val noFork = run.copy(capacity = listOf(ranged.copy(judged = listOf(CapacityPoint(2000.0, 0, ObjectiveVerdict.MEETS)))))
        assertContains(LoadResultsCheck.problem(noFork).orEmpty(), "a judged point has no fork")
    }
}
