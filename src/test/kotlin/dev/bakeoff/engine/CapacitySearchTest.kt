package dev.bakeoff.engine

import dev.bakeoff.engine.load.CapacitySearch
import dev.bakeoff.result.CapacityPoint
import dev.bakeoff.result.ObjectiveVerdict
import dev.bakeoff.result.ObjectiveVerdict.CANNOT_TELL
import dev.bakeoff.result.ObjectiveVerdict.MEETS
import dev.bakeoff.result.ObjectiveVerdict.MISSES
import org.junit.jupiter.api.Test
import kotlin.math.sqrt
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * The capacity search's logic on scripted points (no JVM, no clock): where it sweeps, when it adds
 * forks, where it refines, and the range it reports.
 */
class CapacitySearchTest {
    /** A point source whose verdict at a rate (and fork count) is [verdict]'s; it records every call. */
    private class Script(private val budget: Int = Int.MAX_VALUE, val verdict: (Double, Int) -> ObjectiveVerdict) :
        CapacitySearch.Points {
        val calls = mutableListOf<Pair<Double, Int>>()

        override fun measure(rate: Double, forks: Int): CapacityPoint? {
            if (calls.size >= budget) return null
            calls += rate to forks
            return CapacityPoint(rate, forks, verdict(rate, forks))
        }
    }

    private fun threshold(capacity: Double) = Script { rate, _ -> if (rate <= capacity) MEETS else MISSES }

    @Test
    fun `a clean threshold is swept to the first miss, then refined to the resolution`() {
        val script = threshold(3000.0)
        val outcome = CapacitySearch(1000.0, 2.0).run(script)
        // 1000, 2000 meet and 4000 misses; refinement splits 2000–4000 where the verdict changes.
        assertEquals(listOf(1000.0, 2000.0, 4000.0), script.calls.take(3).map { it.first })
        assertTrue(outcome.low!! <= 3000.0 && outcome.high!! > 3000.0)
        assertTrue(outcome.high!! / outcome.low!! < 2.0 / 1.0, "refined: ${outcome.low}–${outcome.high}")
        assertEquals(3 + CapacitySearch.REFINE, outcome.judged.size)
        assertTrue(script.calls.all { it.second == CapacitySearch.FORKS }, "no point needed more forks")
        assertFalse(outcome.outOfBudget)
    }

    @Test
    fun `a point that cannot tell takes more forks before it counts as such`() {
        val script = Script { rate, forks ->
            if (rate < 1500.0) {
                MEETS
            } else if (forks < 6) {
                CANNOT_TELL
            } else {
                MISSES
            }
        }
        val outcome = CapacitySearch(1000.0, 2.0, refine = 0).run(script)
        assertEquals(listOf(1000.0 to 3, 2000.0 to 3, 2000.0 to 6), script.calls)
        assertEquals(1000.0 to 2000.0, outcome.low to outcome.high)
    }

    @Test
    fun `cannot tell does not stop the sweep, and a blur of them is not split`() {
        val verdicts = mapOf(1000.0 to MEETS, 2000.0 to CANNOT_TELL, 4000.0 to CANNOT_TELL, 8000.0 to MISSES)
        val script = Script { rate, _ -> verdicts[rate] ?: if (rate < 2000.0) MEETS else CANNOT_TELL }
        val outcome = CapacitySearch(1000.0, 2.0, maxForks = 3).run(script)
        // Refinement moved the low end up towards the blur (the script meets below 2000).
        assertTrue(outcome.low!! > 1000.0 && outcome.low!! < 2000.0, "low ${outcome.low}")
        assertEquals(8000.0, outcome.high)
        // Refinement lands between 1000 and 2000 or between 4000 and 8000, never inside 2000–4000.
        val refined = script.calls.drop(4).map { it.first }
        assertTrue(refined.isNotEmpty() && refined.none { it > 2000.0 && it < 4000.0 }, "refined at $refined")
    }

    @Test
    fun `the range says when nothing met or nothing missed`() {
        val none = CapacitySearch(1000.0, 2.0).run(threshold(10.0))
        assertNull(none.low)
        assertEquals(1000.0, none.high)
        val all = CapacitySearch(1000.0, 2.0, maxSteps = 3).run(threshold(1e9))
        assertEquals(4000.0, all.low)
        assertNull(all.high)
    }

    @Test
    fun `a meet above the lowest miss does not widen the range`() {
        // The sweep meets at 4000 past a blur at 2000; refining 1000–2000 then misses at 1414 (noise or not).
        val verdicts = mapOf(1000.0 to MEETS, 2000.0 to CANNOT_TELL, 4000.0 to MEETS, 8000.0 to MISSES)
        val search = CapacitySearch(1000.0, 2.0, maxForks = 3, refine = 1)
        val outcome = search.run(Script { r, _ -> verdicts[r] ?: MISSES })
        assertEquals(sqrt(2000.0 * 1000.0), outcome.judged[1].ratePerSec)
        assertEquals(1000.0 to sqrt(2000.0 * 1000.0), outcome.low to outcome.high)
    }

    @Test
    fun `the budget stops the search and is reported`() {
        val outcome = CapacitySearch(1000.0, 2.0).run(Script(budget = 2) { _, _ -> MEETS })
        assertTrue(outcome.outOfBudget)
        assertEquals(listOf(1000.0, 2000.0), outcome.judged.map { it.ratePerSec })
        assertEquals(2000.0, outcome.low)
    }
}
