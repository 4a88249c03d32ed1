package dev.bakeoff.engine

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.fork.CellChecks
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.model.WaitForm
import org.junit.jupiter.api.Test
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertNull

/**
 * What only a run's expanded cells show (issue 45, cause 12, for the library too): the one message the CLI and
 * `Bakeoff.compare` both refuse with, for a wait form a workload lacks, and nothing when the form was not asked for.
 */
class CellChecksTest {
    private fun options(workload: String, wait: WaitForm) = RunOptions(
        strategies = Strategies.catalog.resolveList("virtual-threads"),
        workloads = Workloads.catalog.resolveList(workload),
        wait = wait,
        out = Path.of(""),
    )

    @Test
    fun `a suspending wait for a blocking-only workload is refused in the CLI's words`() {
        assertEquals(
            "--wait suspending: pinning has no suspending form (only blocking); " +
                "measure it with --wait blocking, in a run of it own",
            CellChecks.problem(options("pinning", WaitForm.SUSPENDING), null, listOf(WaitForm.SUSPENDING)),
        )
    }

    @Test
    fun `a wait form not asked for, or one the workload has, is no problem`() {
        assertNull(CellChecks.problem(options("pinning", WaitForm.BLOCKING), null, null))
        assertNull(CellChecks.problem(options("storage", WaitForm.SUSPENDING), null, listOf(WaitForm.SUSPENDING)))
    }
}
