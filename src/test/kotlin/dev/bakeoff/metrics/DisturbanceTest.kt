package dev.bakeoff.metrics

import org.junit.jupiter.api.Test
import kotlin.test.assertEquals

/** The rule by which a measured window counts as disturbed, and when a disturbed one is worth measuring again. */
class DisturbanceTest {
    @Test
    fun `a window is disturbed when others kept over 5 percent of the host's cores busy`() {
        assertEquals(false, Disturbance.disturbed(0.1, 2), "exactly 5% of 2 cores is not over it")
        assertEquals(true, Disturbance.disturbed(0.11, 2))
        assertEquals(false, Disturbance.disturbed(0.7, 16), "0.8 cores is 5% of 16")
        assertEquals(true, Disturbance.disturbed(0.9, 16))
        assertEquals(false, Disturbance.disturbed(null, 2), "a window nobody measured counts as it is")
    }

    @Test
    fun `a re-run is worth it while fewer than half the earlier launches were disturbed`() {
        assertEquals(true, Disturbance.worthRerun(earlier = 0, disturbed = 0), "nothing yet says the machine is busy")
        assertEquals(true, Disturbance.worthRerun(earlier = 3, disturbed = 1))
        assertEquals(false, Disturbance.worthRerun(earlier = 2, disturbed = 1), "half: a busy machine")
        assertEquals(false, Disturbance.worthRerun(earlier = 4, disturbed = 3))
    }
}
