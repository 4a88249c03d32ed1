package dev.bakeoff.engine

import dev.bakeoff.engine.cell.ForkClock
import dev.bakeoff.engine.fork.CellForks
import dev.bakeoff.engine.link.ForkSettings
import dev.bakeoff.engine.link.ForkTimes
import dev.bakeoff.engine.race.RaceRules
import dev.bakeoff.metrics.TimeSummary
import dev.bakeoff.model.Family
import dev.bakeoff.model.WaitForm
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.report.writeTo
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.ForkAnatomy
import dev.bakeoff.result.ForkRole
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.PlanMode
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertSame
import kotlin.test.assertTrue

/**
 * A cell's forks as the host puts them together ([CellForks]): each JVM's anatomy from its own times and
 * the host's launch and return, the timed share, the figures fork's plan, and the cell merged from its
 * timing fork's time and its figures fork's figures; and the fork side's online steady test ([ForkClock]).
 */
class CellForksTest {
    private val options = listOf("-Xms512m")

    @Test
    fun `a fork's parts come from its own clocks, the launch and teardown from the host's`() {
        val times = ForkTimes(
            vmStartMs = 1_000,
            readyUs = 1_400_000,
            settingsNs = 5_000_000,
            setupNs = 20_000_000,
            warmupNs = 300_000_000,
            warmups = 3,
            timedNs = 500_000_000,
            runs = 5,
            untimedNs = 600_000_000,
            endUs = 2_900_000,
            steadyAfter = 2,
            otherCores = 0.25,
        )
        val fork = CellForks.anatomy(ForkRole.TIMING, listOf(times), 900_000, 3_000_000, options).single()
        assertEquals(2_100_000_000, fork.wallNs)
        assertEquals(100_000_000, fork.launchNs, "host launch to JVM start")
        assertEquals(400_000_000, fork.jvmNs, "JVM start to JMH ready")
        assertEquals(100_000_000, fork.teardownNs, "report written to JMH's return")
        assertEquals(500_000_000, fork.timedNs)
        assertEquals(2, fork.steadyAfter)
        assertEquals(options, fork.jvmOptions)
        assertEquals(0.25, fork.otherCores)
        assertNull(fork.disturbed, "only the race sets a fork aside")
    }

    @Test
    fun `forks of one JMH run share its window, and a fork that wrote nothing gets its wall time`() {
        val first = ForkTimes(1_000, 1_200_000, 0, 0, 0, 0, 100_000_000, 1, 0, 1_500_000)
        val second = first.copy(vmStartMs = 1_600, readyUs = 1_700_000, endUs = 2_000_000)
        val forks = CellForks.anatomy(ForkRole.TIMING, listOf(first, second), 1_000_000, 2_100_000, options)
        assertEquals(listOf(500_000_000L, 600_000_000L), forks.map { it.wallNs })
        assertEquals(listOf(0L, 100_000_000L), forks.map { it.teardownNs }, "a fork's exit counts in the next launch")
        assertEquals(100_000_000L, forks[1].launchNs)
        val failed = CellForks.anatomy(ForkRole.FIGURES, emptyList(), 1_000_000, 1_300_000, options).single()
        assertEquals(300_000_000, failed.wallNs)
        assertNull(failed.timedNs)
    }

    @Test
    fun `the timed share counts a timing fork's runs only, over every fork's wall time`() {
        val timing = ForkAnatomy(ForkRole.TIMING, wallNs = 2_000, timedNs = 1_000)
        val figures = ForkAnatomy(ForkRole.FIGURES, wallNs = 2_000, timedNs = 100)
        assertEquals(0.25, ForkAnatomy.timedShare(listOf(timing, figures)))
        assertNull(ForkAnatomy.timedShare(emptyList()))
    }

    @Test
    fun `the timed share counts a screening fork's runs as a timing fork's`() {
        val screening = ForkAnatomy(ForkRole.SCREENING, wallNs = 2_000, timedNs = 500)
        val timing = ForkAnatomy(ForkRole.TIMING, wallNs = 2_000, timedNs = 1_000)
        assertEquals(0.375, ForkAnatomy.timedShare(listOf(screening, timing)))
    }

    @Test
    fun `a fork set aside as disturbed keeps no timed runs, and a screening fork set aside is not also replaced`() {
        val screening = ForkAnatomy(ForkRole.SCREENING, wallNs = 2_000, timedNs = 500, otherCores = 0.3)
        val aside = screening.setAside()
        assertEquals(true, aside.disturbed)
        assertEquals(0.3, aside.otherCores)
        assertEquals(0, aside.keptNs)
        assertEquals(500, screening.keptNs)
        assertSame(aside, aside.runsReplaced(), "its runs chose nothing: it stays set aside, not replaced")
        assertEquals(true, screening.runsReplaced().replaced)
        assertEquals(0.3, screening.runsReplaced().otherCores)
        assertEquals(0.125, ForkAnatomy.timedShare(listOf(aside, screening)))
    }

    @Test
    fun `results json carries a fork's other processes and whether it was set aside, and leaves both out when absent`(@TempDir dir: Path) {
        val aside = ForkAnatomy(ForkRole.TIMING, wallNs = 2_000, timedNs = 500, otherCores = 0.3).setAside()
        val plain = ForkAnatomy(ForkRole.TIMING, wallNs = 2_000, timedNs = 500)
        val fixture = ResultsFixture.results()
        val results = fixture.copy(cells = listOf(fixture.cells.first().copy(forks = listOf(aside, plain))) + fixture.cells.drop(1))
        val file = JsonReportFormat.writeTo(results, dir)
        val text = Files.readString(file)
        assertEquals(1, Regex("\"otherCores\": 0.3,\\s+\"disturbed\": true").findAll(text).count(), text)
        assertEquals(1, Regex("\"disturbed\"").findAll(text).count(), "absent on the fork not set aside")
        assertEquals(results, JsonReportFormat.read(file))
        assertEquals(listOf(true, null), JsonReportFormat.read(file).cells.first().forks!!.map { it.disturbed })
    }

    @Test
    fun `a fork's clock sums what others kept busy over its measured iterations only, from the machine's busy CPU`(@TempDir dir: Path) {
        // The machine's busy CPU at each read, in order: 2 reads a measured iteration, none in a warm-up.
        val machine = ArrayDeque(listOf(0L, 150, 1_000, 1_110, 2_000, 2_200).map { it * 1_000_000 })
        val clock = ForkClock(readyUs = 0, settingsNs = 0) { machine.removeFirst() }
        clock.iterationStarted(startNanos = 0)
        clock.iterationEnded(measured = false, batches = 1, endNanos = 100_000_000)
        // Three 100 ms runs; this JVM took 120, 100 and 180 ms of CPU in them: others 30, 10 and 20 ms.
        for ((i, cpuMs) in listOf(120L, 100, 180).withIndex()) {
            val start = (i + 1) * 1_000_000_000L
            clock.iterationStarted(startNanos = start, processCpuNs = 5_000_000_000)
            clock.batchesEnded(endNanos = start + 100_000_000, processCpuNs = 5_000_000_000 + cpuMs * 1_000_000)
            clock.iterationEnded(measured = true, batches = 1, endNanos = start + 100_000_000)
        }
        assertTrue(machine.isEmpty(), "every measured iteration read the machine twice: $machine")
        val file = dir.resolve("times.jsonl")
        clock.write(file.toFile())
        assertEquals(0.2, ForkTimes.read(file).single().otherCores!!, 1e-9, "60 ms of others' CPU over 300 ms")
    }

    @Test
    fun `a fork's clock without the machine's busy CPU measures no other processes, rather than none`(@TempDir dir: Path) {
        val clock = ForkClock(readyUs = 0, settingsNs = 0) { null }
        clock.iterationStarted(startNanos = 0, processCpuNs = 0)
        clock.batchesEnded(endNanos = 100_000_000, processCpuNs = 90_000_000)
        clock.iterationEnded(measured = true, batches = 1, endNanos = 100_000_000)
        val file = dir.resolve("times.jsonl")
        clock.write(file.toFile())
        assertNull(ForkTimes.read(file).single().otherCores)
    }

    @Test
    fun `the steady plan names the warm-ups the search found, and is the plan itself when they are the plan's`() {
        val plan = MeasurementPlan(PlanMode.AVERAGE_TIME, 1, 1, 8, 100, "race screening")
        val searched = listOf(ForkAnatomy(ForkRole.SCREENING, wallNs = 1, steadyWarmups = 6))
        val steady = CellForks.steadyPlan(plan, searched)
        assertEquals(6, steady.warmupIterations)
        assertEquals("race screening; 6 warm-ups: steady after them", steady.reason)
        assertSame(plan, CellForks.steadyPlan(plan, listOf(ForkAnatomy(ForkRole.SCREENING, wallNs = 1, steadyWarmups = 0))))
    }

    @Test
    fun `the cell takes its time from the timing fork and its other figures from the figures fork`() {
        val plan = MeasurementPlan(PlanMode.AVERAGE_TIME, 1, 4, 8, 100, "race screening")
        val timingFork = ForkAnatomy(ForkRole.TIMING, wallNs = 10)
        val figuresFork = ForkAnatomy(ForkRole.FIGURES, wallNs = 20)
        val timing = cell(plan).copy(
            timeNs = TimeSummary.of(listOf(100.0, 100.0, 100.0), 0.0, listOf(3)),
            cpuNsPerOp = 150.0,
            steady = true,
            forks = listOf(timingFork),
        )
        val figures = cell(plan).copy(
            timeNs = TimeSummary.of(listOf(300.0), 0.0, listOf(1)),
            limitNs = 50.0,
            allocBytesPerOp = 64.0,
            forks = listOf(figuresFork),
        )
        val merged = CellForks.merged(timing, figures)
        assertEquals(timing.timeNs, merged.timeNs)
        assertEquals(plan, merged.plan)
        assertEquals(150.0, merged.cpuNsPerOp)
        assertEquals(64.0, merged.allocBytesPerOp)
        assertEquals(0.5, merged.efficiency, "the figures fork's limit over the timing fork's median")
        assertEquals(listOf(figuresFork, timingFork), merged.forks, "the figures fork ran first")
        val failed = CellForks.merged(timing.copy(status = CellStatus.FAILED, error = "boom"), figures)
        assertEquals(CellStatus.FAILED to "boom", failed.status to failed.error, "a timing fork that failed is the cell")
        assertEquals(listOf(figuresFork, timingFork), failed.forks)
    }

    @Test
    fun `the timing forks warm up for as many iterations as the figures fork took to be steady, within the cap`() {
        val plan = MeasurementPlan(PlanMode.AVERAGE_TIME, 1, 1, 8, 100, "race screening")
        fun searched(chunks: Int?) = listOf(ForkAnatomy(ForkRole.FIGURES, wallNs = 1, steadyWarmups = chunks))
        assertEquals(7, CellForks.timingWarmups(plan, searched(7)))
        assertEquals(1, CellForks.timingWarmups(plan, searched(0)), "never fewer than the plan's")
        assertEquals(ForkSettings.STEADY_WARMUP_CHUNKS, CellForks.timingWarmups(plan, searched(null)), "never steady: the cap")
        assertEquals(1, CellForks.timingWarmups(plan, null), "no figures fork: the plan's")
        val single = MeasurementPlan(PlanMode.SINGLE_SHOT, 1, 1, 1, 0, "race screening")
        assertEquals(1, CellForks.timingWarmups(single, searched(7)), "single-shot plans keep theirs")
    }

    @Test
    fun `every avgt fork searches for its own steady state, a timing fork in place of its warm-ups but JMH's last`() {
        val more = RaceRules.more(PlanMode.AVERAGE_TIME, 3_000.0, warmups = 12, runs = 4)
        assertEquals(11, CellForks.searchChunks(ForkRole.TIMING, more), "at most the group's warm-ups, one left to JMH")
        assertEquals(1, CellForks.jmhPlan(ForkRole.TIMING, more).warmupIterations)
        assertEquals(4, CellForks.jmhPlan(ForkRole.TIMING, more).measurementIterations)
        assertTrue("at most 12 warm-ups" in more.reason, more.reason)
        val screening = RaceRules.screening(PlanMode.AVERAGE_TIME, "short batches")
        assertEquals(ForkSettings.STEADY_WARMUP_CHUNKS, CellForks.searchChunks(ForkRole.SCREENING, screening))
        assertSame(screening, CellForks.jmhPlan(ForkRole.SCREENING, screening), "the first fork keeps JMH's warm-up")
        // Warm-ups that leave the search no chunk beyond its window could only end at its cap: JMH's, as they were.
        val few = RaceRules.more(PlanMode.AVERAGE_TIME, 3_000.0, warmups = ForkSettings.STEADY_WINDOW + 1, runs = 4)
        assertNull(CellForks.searchChunks(ForkRole.TIMING, few))
        assertSame(few, CellForks.jmhPlan(ForkRole.TIMING, few))
        assertTrue("at most" !in few.reason, few.reason)
        val single = RaceRules.more(PlanMode.SINGLE_SHOT, 100_000_000.0, warmups = 12)
        assertNull(CellForks.searchChunks(ForkRole.TIMING, single), "single-shot batches are long: no search")
        assertNull(CellForks.searchChunks(ForkRole.SCREENING, single))
    }

    @Test
    fun `a further fork warms up at least as long as its screening fork did, when the search lengthened it`() {
        val settled = listOf(10.0, 10.1, 9.9, 10.0, 10.05, 9.95, 10.0, 10.02)
        assertEquals(20, RaceRules.warmups(settled, screeningWarmups = 20))
        assertEquals(2, RaceRules.warmups(settled), "one screening warm-up: the least a further fork gets")
    }

    @Test
    fun `a fork's clock says after how many warm-ups its own iterations stopped trending`(@TempDir dir: Path) {
        val clock = ForkClock(readyUs = 0, settingsNs = 0)
        // Per batch: falling for three iterations, then flat; scripted times, so no scheduling delay enters them.
        var start = 0L
        for (ns in listOf(4_000L, 3_000, 2_000, 1_000, 1_000, 1_000, 1_000, 1_000)) {
            clock.iterationStarted(start)
            clock.iterationEnded(measured = false, batches = 1, endNanos = start + ns * 1_000)
            start += ns * 1_000 + 50_000
        }
        val file = dir.resolve("times.jsonl")
        clock.write(file.toFile())
        val times = ForkTimes.read(file).single()
        // The first window with one high run among flat ones is steady by the rule: one run is no trend.
        assertEquals(2, times.steadyAfter)
        assertEquals(8, times.warmups)
    }

    private fun cell(plan: MeasurementPlan) =
        CellResult("direct", Family("direct"), "arithmetic", 10, WaitForm.BLOCKING, CellStatus.OK, plan = plan)
}
