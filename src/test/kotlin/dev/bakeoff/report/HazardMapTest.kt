package dev.bakeoff.report

import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.copy
import kotlin.test.Test
import kotlin.test.assertEquals

/** The stall matrix: a row per group, so one JDK's or machine's cell never hides another's status. */
class HazardMapTest {
    private val base = ResultsFixture.results()
    private val cell = base.cells.first().copy(workload = "hazard-self-wait", items = 16)

    @Test
    fun `the same cell on two JDKs is two rows, each with its own status`() {
        val results = base.copy(
            cells = listOf(
                cell.copy(status = CellStatus.DEADLOCKED, jdk = "21.0.8"),
                cell.copy(status = CellStatus.OK, jdk = "25.0.1"),
            ),
        )
        val map = HazardMap.of(results)!!
        val cores = GroupKey.cores(base.machine.cores)
        assertEquals(
            listOf(
                listOf("hazard-self-wait x 16, $cores on JDK 21.0.8", "deadlocked"),
                listOf("hazard-self-wait x 16, $cores on JDK 25.0.1", "completed"),
            ),
            map.rows,
        )
    }
}
