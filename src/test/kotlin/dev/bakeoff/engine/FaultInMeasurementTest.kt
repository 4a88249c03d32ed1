package dev.bakeoff.engine

import dev.bakeoff.engine.cell.CellProbe
import dev.bakeoff.engine.link.ForkSettings
import dev.bakeoff.engine.link.InternalBakeoffApi
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.model.LedgerException
import org.junit.jupiter.api.io.TempDir
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.CsvSource
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith

/**
 * Every fault fixture is caught in a measured iteration, with no warm-up before it to catch it
 * first: the probe is driven exactly as JMH drives a measured iteration (set-up, batches, tear-down
 * with the ledger's check), with the plain-write ledger of the measured path.
 */
@OptIn(InternalBakeoffApi::class)
class FaultInMeasurementTest {
    @TempDir
    lateinit var dir: Path

    @ParameterizedTest(name = "{0} x {1}")
    @CsvSource(
        "fixture-skip-one, arithmetic, item 23 ran 0 time(s)",
        "fixture-duplicate-one, arithmetic, item 0 ran 6 time(s)",
        "direct, fixture-corrupt, differ from the direct run: items 0",
        "fixture-throw, arithmetic, deliberate failure",
    )
    fun `a fault is caught in the first measured iteration`(strategy: String, workload: String, message: String) {
        val probe = CellProbe(CellSpec.parse(strategy, workload, ITEMS, "blocking"), ForkSettings(dir.resolve("p").toFile(), traceWarmup = false))
        try {
            val e = assertFailsWith<IllegalStateException> {
                probe.iterationStarted(measured = true)
                repeat(BATCHES) { probe.runBatch() }
                probe.iterationEnded(measured = true)
            }
            assertContains(e.message!!, message)
            // The throwing strategy's own exception; every other fault is the ledger's verdict.
            assertEquals(strategy != "fixture-throw", e is LedgerException, e.toString())
        } finally {
            probe.cell.close()
        }
    }

    private companion object {
        const val ITEMS = 24
        const val BATCHES = 3
    }
}
