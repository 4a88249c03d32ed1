package dev.bakeoff.metrics

import dev.bakeoff.result.Arrival
import dev.bakeoff.result.GeneratorLag
import dev.bakeoff.result.LoadFigures
import dev.bakeoff.result.LoadLatency
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull

/** The oracle against textbook values (Gross & Harris; Kleinrock): Erlang C, M/M/c, M/D/1, M/D/c, Little's law. */
class QueueingTest {
    @Test
    fun `Erlang C matches the textbook`() {
        // M/M/1: an arrival waits with probability rho.
        assertEquals(0.5, Queueing.erlangC(1, 0.5), 1e-12)
        // M/M/2 at one erlang: C = 1/3.
        assertEquals(1.0 / 3, Queueing.erlangC(2, 1.0), 1e-12)
        // Ten servers at eight erlangs: the standard table gives 0.4092.
        assertEquals(0.4092, Queueing.erlangC(10, 8.0), 1e-4)
        assertEquals(1.0, Queueing.erlangC(4, 4.0))
    }

    @Test
    fun `M over M over c waits as the textbook says`() {
        // M/M/1, rho = 0.5, unit service: Wq = rho / (1 - rho) = 1.
        assertEquals(1.0, Queueing.mmcWait(1, 0.5, 1.0), 1e-12)
        // M/M/2, lambda = mu = 1: Wq = C / (c mu - lambda) = 1/3.
        assertEquals(1.0 / 3, Queueing.mmcWait(2, 1.0, 1.0), 1e-12)
        assertEquals(Double.POSITIVE_INFINITY, Queueing.mmcWait(4, 4000.0, 0.001))
    }

    @Test
    fun `fixed service halves the wait, exactly for one server (Pollaczek-Khinchine)`() {
        // M/D/1, rho = 0.8, unit service: Wq = rho / (2 (1 - rho)) = 2.
        assertEquals(2.0, Queueing.ggcWait(1, 0.8, 1.0, arrivalScv = 1.0, serviceScv = 0.0), 1e-12)
        // Even arrivals and fixed service never queue below saturation.
        assertEquals(0.0, Queueing.ggcWait(4, 3000.0, 0.001, arrivalScv = 0.0, serviceScv = 0.0))
    }

    @Test
    fun `M over D over c is within 4 percent of the exact values, where half of M over M over c runs low`() {
        // Exact M/D/c waits (Crommelin's embedded chain, solved numerically), unit service, c servers at rho.
        val exact = listOf(Triple(2, 0.5, 0.17674), Triple(4, 0.5, 0.04965), Triple(4, 0.7, 0.18971), Triple(4, 0.3, 0.00846))
        for ((c, rho, wait) in exact) {
            assertEquals(wait, Queueing.mdcWait(c, rho * c, 1.0), wait * 0.035, "M/D/$c at $rho")
        }
        // Allen-Cunneen's half of M/M/4 at rho = 0.5 is 12% under the exact wait.
        assertEquals(0.876, Queueing.mmcWait(4, 2.0, 1.0) / 2 / 0.04965, 0.001)
        // One server: Pollaczek-Khinchine's exact half.
        assertEquals(Queueing.mmcWait(1, 0.6, 1.0) / 2, Queueing.mdcWait(1, 0.6, 1.0), 1e-12)
        assertEquals(Double.POSITIVE_INFINITY, Queueing.mdcWait(4, 4.0, 1.0))
        assertEquals(0.0, Queueing.mdcWait(4, 0.0, 1.0))
    }

    @Test
    fun `M over G over c runs from M over D over c to M over M over c as the service varies more`() {
        assertEquals(Queueing.mdcWait(4, 3.0, 1.0), Queueing.mgcWait(4, 3.0, 1.0, 0.0), 1e-12)
        assertEquals(Queueing.mmcWait(4, 3.0, 1.0), Queueing.mgcWait(4, 3.0, 1.0, 1.0), 1e-12)
        val waits = listOf(0.0, 0.1, 0.5, 0.9, 1.0, 2.0, 4.0).map { Queueing.mgcWait(4, 3.0, 1.0, it) }
        assertEquals(waits.sorted(), waits, "more service variation, a longer wait")
        // Past an exponential's variation, Allen-Cunneen's (1 + cs^2) / 2.
        assertEquals(Queueing.mmcWait(4, 3.0, 1.0) * 1.5, Queueing.mgcWait(4, 3.0, 1.0, 2.0), 1e-12)
        // Poisson arrivals leave M/G/c as it is; even ones scale it by cs^2 / (1 + cs^2); past cs^2 = 1, Allen-Cunneen.
        assertEquals(Queueing.mgcWait(4, 3.0, 1.0, 0.2), Queueing.ggcWait(4, 3.0, 1.0, 1.0, 0.2), 1e-12)
        assertEquals(Queueing.mgcWait(4, 3.0, 1.0, 0.2) * 0.2 / 1.2, Queueing.ggcWait(4, 3.0, 1.0, 0.0, 0.2), 1e-12)
        assertEquals(Queueing.mmcWait(4, 3.0, 1.0) * 2.5 / 2, Queueing.ggcWait(4, 3.0, 1.0, 0.5, 2.0), 1e-12)
    }

    @Test
    fun `Little's law compares the sampled mean in flight with rate times latency`() {
        val check = assertNotNull(Queueing.little(figures(meanInFlight = 3.3, achieved = 3000.0, meanLatencyNs = 1e6)))
        assertEquals(3.0, check.predicted, 1e-9)
        assertEquals(0.1, check.deviation, 1e-9)
    }

    @Test
    fun `the queueing check names its model and predicts below saturation only`() {
        // executor-fixed:size=4 on fixed 1 ms items at 3,000/s: M/D/4 at 75% utilisation.
        val check = assertNotNull(Queueing.check(figures(offered = 3000.0, meanLatencyNs = 1.2e6), 4, Arrival.POISSON))
        assertEquals("M/D/4 (Erlang C, Cosmetatos)", check.model)
        assertEquals(0.75, check.utilisation, 1e-9)
        assertEquals(Queueing.mdcWait(4, 3000.0, 0.001) * 1e9, check.predictedWaitNs, 1e-3)
        assertEquals(0.2e6, check.measuredWaitNs, 1e-3)
        assertNull(Queueing.check(figures(offered = 4000.0), 4, Arrival.POISSON))
        assertEquals(4000.0, Queueing.ceilingPerSec(4, 1e6))
    }

    private fun figures(
        meanInFlight: Double = 0.0,
        achieved: Double = 3000.0,
        offered: Double = 3000.0,
        meanLatencyNs: Double = 1e6,
    ) = LoadFigures(
        arrived = 30_000,
        completed = 30_000,
        failed = 0,
        unfinished = 0,
        offeredPerSec = offered,
        achievedPerSec = achieved,
        latencyNs = LoadLatency(1, 1, 1, 1, 1, meanLatencyNs),
        lag = GeneratorLag(0, 0, 0, kept = true),
        meanInFlight = meanInFlight,
        serviceNs = 1e6,
        serviceScv = 0.0,
    )
}
