package dev.bakeoff.engine

import dev.bakeoff.engine.selfcheck.AaCheck
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.GroupResult
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.PairOutcome
import dev.bakeoff.result.PairTest
import kotlin.test.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** The A/A reading of a group's decision: passed when not told apart, a false positive when decided; never a winner. */
class AaCheckTest {
    private val names = listOf("executor-fixed-cpu", "executor-fixed:size=2")

    private fun decision(status: GroupStatus, outcome: PairOutcome) = GroupResult(
        workload = "arithmetic",
        items = 100,
        wait = WaitForm.BLOCKING,
        winner = names[0],
        status = status,
        margin = 0.05,
        winnerRuns = 10,
        reason = "${names[0]} ahead of ${names[1]} ×1.16",
        tests = listOf(PairTest(names[1], 1.16, 1.07, 1.27, 0.0005, 10, outcome)),
    )

    @Test
    fun `a decided group is a false positive, stated without naming either ahead`() {
        val (line, passed) = AaCheck.outcome(decision(GroupStatus.DECIDED, PairOutcome.SLOWER), names)
        assertFalse(passed)
        assertContains(line, "a false positive of the decision rule")
        assertContains(line, "ratio of medians 1.16, 95% CI 1.07–1.27, slower")
        assertFalse("ahead" in line || "winner" in line, line)
    }

    @Test
    fun `a tie or an undecided group passes`() {
        val (tie, tiePassed) = AaCheck.outcome(decision(GroupStatus.TIE, PairOutcome.EQUIVALENT), names)
        assertTrue(tiePassed)
        assertEquals("A/A: executor-fixed-cpu and executor-fixed:size=2 are the same code: equivalent within 5%, as they must be", tie)
        val (open, openPassed) = AaCheck.outcome(decision(GroupStatus.UNDECIDED, PairOutcome.UNRESOLVED), names)
        assertTrue(openPassed)
        assertContains(open, "not told apart (undecided)")
        assertFalse(AaCheck.outcome(null, names).second)
    }
}
