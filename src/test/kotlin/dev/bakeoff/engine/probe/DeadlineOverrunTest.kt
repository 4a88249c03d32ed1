package dev.bakeoff.engine.probe

import dev.bakeoff.model.ItemTrace
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertNotNull
import kotlin.test.assertNull

/**
 * A strategy whose batches returned far past the deadline did not keep it (issue 45, cause 6: the answer named one
 * that returned 2.46 s after a 20 ms deadline); one late by a wake-up, or by less than a tiny deadline's floor, did.
 */
class DeadlineOverrunTest {
    /** [batches] traced batches under [deadlineNs], each returning [lateNs] past it; none started any item. */
    private fun figures(deadlineNs: Long, vararg lateNs: Long) = checkNotNull(
        DeadlineStats.of(
            lateNs.map { late ->
                ItemTrace(2).apply {
                    batchStartNs = 1_000L
                    returnNs = batchStartNs + deadlineNs + late
                }
            },
            deadlineNs,
            "withTimeout: cancels the children at the deadline",
            missed = lateNs.size,
        ),
    )

    @Test
    fun `a batch back 2,46 s after a 20 ms deadline overran it`() {
        val why = assertNotNull(DeadlineStats.overran(figures(20_000_000, 2_460_000_000, 2_460_000_000, 1_000)))
        assertContains(why, "overran the deadline: the median traced batch returned 2.46 s after the 20.0 ms deadline")
        assertContains(why, "how: withTimeout")
    }

    @Test
    fun `a return late by a wake-up keeps the deadline, even a microsecond's`() {
        assertNull(DeadlineStats.overran(figures(20_000_000, 300_000, 2_000_000, 2_460_000_000)), "one slow batch of three")
        assertNull(DeadlineStats.overran(figures(1_000, 500_000, 900_000, 1_200_000)), "1 µs deadline, returns under a ms late")
        assertNotNull(DeadlineStats.overran(figures(1_000, 90_000_000, 90_000_000)), "1 µs deadline, back 90 ms late")
    }
}
