package dev.bakeoff.engine

import dev.bakeoff.engine.fork.JmhCellRunner
import dev.bakeoff.engine.fork.RunListener
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.Estimate
import dev.bakeoff.engine.plan.RaceOptions
import dev.bakeoff.engine.race.RaceRules
import dev.bakeoff.engine.race.RaceRunner
import dev.bakeoff.metrics.TimeSummary
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.PlanMode
import dev.bakeoff.result.RaceStop
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The race's rounds on scripted forks: each strategy's runs are given, a fake clock advances one
 * second per fork, so every stop is decided by the rules and never by how fast the machine is.
 */
class RaceRunnerTest {
    /**
     * Plays [script] (strategy -> the runs of its n-th fork, or null for a failed fork) as the suite
     * would; the strategies in [unplanned] fail their planning probe.
     */
    private class ScriptedTrack(
        val script: (String, Int) -> List<Double>?,
        val unplanned: Set<String>,
        val floors: Map<String, Long> = emptyMap(),
        val traced: Map<String, Double> = emptyMap(),
    ) : RaceRunner.Track {
        var clock = 0L
        val started = mutableListOf<String>()
        val forks = mutableMapOf<String, Int>()
        val withFigures = mutableMapOf<String, MutableList<Boolean>>()
        val results = mutableMapOf<Int, CellResult>()

        override fun estimate(index: Int, spec: CellSpec): Estimate =
            if (spec.strategy.spec in unplanned) {
                Estimate.Failed(CellStatus.TIMEOUT, PROBE_TIMEOUT)
            } else {
                Estimate.Serial(1_000L)
            }

        override fun fork(index: Int, spec: CellSpec, plan: MeasurementPlan?, figures: Boolean): JmhCellRunner.Outcome {
            val base = base(spec, plan)
            // The suite records a cell whose planning failed without a fork.
            if (plan == null) {
                return JmhCellRunner.Outcome(base.copy(status = CellStatus.TIMEOUT, error = PROBE_TIMEOUT), null)
            }
            clock += SECOND
            started += spec.strategy.spec
            withFigures.getOrPut(spec.strategy.spec) { mutableListOf() } += figures
            val n = forks.merge(spec.strategy.spec, 1, Int::plus)!!
            val runs = script(spec.strategy.spec, n)?.take(plan.measurementIterations)
            val result = if (runs == null) {
                base.copy(status = CellStatus.FAILED, error = "scripted failure")
            } else {
                base.copy(timeNs = TimeSummary.of(runs, 0.0))
            }
            return JmhCellRunner.Outcome(result, null)
        }

        private fun base(spec: CellSpec, plan: MeasurementPlan?) = CellResult(
            spec.strategy.spec,
            spec.strategy.entry.family.family,
            spec.subject,
            spec.items,
            spec.wait,
            CellStatus.OK,
            plan = plan,
        )

        override fun record(index: Int, outcome: JmhCellRunner.Outcome) {
            results[index] = outcome.result
        }

        override fun replace(index: Int, result: CellResult) {
            results[index] = result
        }

        override fun floor(spec: CellSpec) = floors[spec.strategy.spec]

        /** Trace-only cells run on the race's pool, several at once. */
        @Synchronized
        override fun traceOnly(index: Int, spec: CellSpec, plan: MeasurementPlan, floorNs: Long): CellResult {
            clock += SECOND
            started += "trace ${spec.strategy.spec}"
            return base(spec, plan).copy(floorNs = floorNs.toDouble(), tracedNs = traced.getValue(spec.strategy.spec))
        }
    }

    private fun race(
        vararg strategies: String,
        budgetSeconds: Long = 600,
        unplanned: Set<String> = emptySet(),
        figures: MutableMap<String, List<Boolean>> = mutableMapOf(),
        script: (String, Int) -> List<Double>?,
    ): Map<String, CellResult> {
        val track = ScriptedTrack(script, unplanned)
        val cells = strategies.map { CellSpec.parse(it, "arithmetic", 10, "blocking") }
        RaceRunner(RaceOptions(budgetSeconds * SECOND), null, object : RunListener {}, track) { track.clock }.run(cells)
        figures.putAll(track.withFigures)
        return track.results.values.associateBy { it.strategy }
    }

    @Test
    fun `a cell whose floor rules it out gets its trace pass and no timed batch, after the leader`() {
        val floors = mapOf("direct" to 5_000L, "executor-cached" to 60L)
        val traced = mapOf("direct" to 5_100.0)
        val track = ScriptedTrack({ _, _ -> listOf(100.0, 101.0, 102.0) }, emptySet(), floors, traced)
        val cells = listOf("direct", "executor-cached").map { CellSpec.parse(it, "arithmetic", 10, "blocking") }
        RaceRunner(RaceOptions(600 * SECOND), null, object : RunListener {}, track) { track.clock }.run(cells)
        assertEquals(listOf("executor-cached", "trace direct"), track.started, "the lower floor is screened first")
        val direct = track.results.values.single { it.strategy == "direct" }
        assertEquals(null, direct.timeNs)
        assertEquals(5_000.0, direct.floorNs)
        assertEquals(RaceStop.FLOOR, direct.race!!.stop)
        assertEquals(1 to 0, direct.race!!.forks to direct.race!!.runs)
        assertTrue("49.0× executor-cached's slowest run" in direct.race!!.reason, direct.race!!.reason)
        assertEquals(RaceStop.DECIDED, track.results.values.single { it.strategy == "executor-cached" }.race!!.stop)
    }

    @Test
    fun `a traced batch faster than the floor means a wrong model, so the cell is screened after all`() {
        val floors = mapOf("direct" to 5_000L)
        val track = ScriptedTrack({ _, _ -> listOf(100.0, 101.0, 102.0) }, emptySet(), floors, mapOf("direct" to 90.0))
        val cells = listOf("direct", "executor-cached").map { CellSpec.parse(it, "arithmetic", 10, "blocking") }
        RaceRunner(RaceOptions(600 * SECOND), null, object : RunListener {}, track) { track.clock }.run(cells)
        assertEquals(listOf("executor-cached", "trace direct", "direct"), track.started)
        assertEquals(3, track.results.values.single { it.strategy == "direct" }.timeNs!!.runs.size)
    }

    @Test
    fun `a floor within twice the leader's slowest run rules nothing out`() {
        val track = ScriptedTrack({ _, _ -> listOf(100.0, 101.0, 102.0) }, emptySet(), mapOf("direct" to 204L))
        val cells = listOf("direct", "executor-cached").map { CellSpec.parse(it, "arithmetic", 10, "blocking") }
        RaceRunner(RaceOptions(600 * SECOND), null, object : RunListener {}, track) { track.clock }.run(cells)
        assertEquals(listOf("executor-cached", "direct"), track.started)
    }

    @Test
    fun `a budget short of a round spends it on the cheapest undecided group first`() {
        val track = ScriptedTrack({ s, fork -> noisy(if (s == "direct") 100.0 else 103.0, 20.0, fork) }, emptySet())
        // Three contenders on lists first in run order, two on arithmetic: one fork costs one scripted second.
        val cells = listOf("direct", "executor-cached", "virtual-threads")
            .map { CellSpec.parse(it, "lists", 10, "blocking") } +
            listOf("direct", "executor-cached").map { CellSpec.parse(it, "arithmetic", 10, "blocking") }
        // 5 s of screening, 2 s for two more forks, 5 s kept for the last files.
        RaceRunner(RaceOptions(12 * SECOND), null, object : RunListener {}, track) { track.clock }.run(cells)
        val second = track.results.values.filter { it.race!!.forks == 2 }.map { "${it.strategy} x ${it.workload}" }
        assertEquals(listOf("direct x arithmetic", "executor-cached x arithmetic"), second.sorted())
    }

    /** [n] runs spread ±[spread] around [centre], different in every fork. */
    private fun noisy(centre: Double, spread: Double, fork: Int, n: Int = 5) =
        List(n) { i -> centre + spread * (if ((i + fork) % 2 == 0) 1 else -1) * (i % 3) / 2 }

    /** The two cells of most tests: [slow] is executor-cached's centre, direct's is 100. */
    private fun pair(slow: Double, spread: Double) =
        { s: String, fork: Int -> noisy(if (s == "direct") 100.0 else slow, spread, fork) }

    @Test
    fun `a clear loser stops after screening and the leader alone decides its group`() {
        val cells = race("direct", "executor-cached") { s, _ ->
            if (s == "direct") listOf(10.0, 11.0, 12.0) else listOf(100.0, 101.0, 102.0)
        }
        val loser = cells.getValue("executor-cached").race!!
        assertEquals(RaceStop.CANNOT_WIN, loser.stop)
        assertTrue("8.33× direct's slowest" in loser.reason, loser.reason)
        assertEquals(RaceStop.DECIDED, cells.getValue("direct").race!!.stop)
        assertEquals(listOf(1, 1), cells.values.map { it.race!!.forks })
        assertEquals(listOf(3, 3), cells.values.map { it.race!!.runs })
    }

    @Test
    fun `two cells within the noise get more forks up to the limit and their tie is stated`() {
        val figures = mutableMapOf<String, List<Boolean>>()
        val cells = race("direct", "executor-cached", figures = figures, script = pair(103.0, 20.0))
        for (c in cells.values) {
            val race = c.race!!
            assertEquals(RaceStop.MAX_FORKS, race.stop, race.reason)
            assertEquals(RaceRules.MAX_FORKS, race.forks)
            assertEquals(3 + 5 * (RaceRules.MAX_FORKS - 1), race.runs)
            assertEquals(race.runs, c.timeNs!!.runs.size, "every fork's runs make the time figures")
            val further = List(RaceRules.MAX_FORKS - 1) { false }
            assertEquals(listOf(true) + further, figures[c.strategy], "only the screening fork runs the untimed passes")
        }
    }

    @Test
    fun `cells equal within the margin are decided as a tie`() {
        val cells = race("direct", "executor-cached") { _, _ -> listOf(100.0, 100.5, 99.5, 100.2, 99.8) }
        val races = cells.values.map { it.race!! }
        assertTrue(races.all { it.stop == RaceStop.DECIDED && it.forks == 1 }, races.toString())
    }

    @Test
    fun `more runs separate a slower cell that screening could not`() {
        val cells = race("direct", "executor-cached", script = pair(120.0, 4.0))
        val slower = cells.getValue("executor-cached").race!!
        assertEquals(RaceStop.BEHIND, slower.stop, slower.reason)
        assertTrue(slower.reason.startsWith("slower than direct by the group's test, ×1.2"), slower.reason)
        assertEquals(RaceStop.DECIDED, cells.getValue("direct").race!!.stop)
        val races = cells.values.map { it.race!! }
        assertTrue(races.all { it.forks in 2 until RaceRules.MAX_FORKS }, races.toString())
    }

    @Test
    fun `a cell the test puts behind stops while the leader's close rival races on`() {
        val cells = race("direct", "virtual-threads", "executor-cached") { s, fork ->
            when (s) {
                "direct" -> noisy(100.0, 20.0, fork)
                "virtual-threads" -> noisy(103.0, 20.0, fork)
                else -> noisy(130.0, 4.0, fork)
            }
        }
        val behind = cells.getValue("executor-cached").race!!
        assertEquals(RaceStop.BEHIND to 2, behind.stop to behind.forks, behind.reason)
        for (s in listOf("direct", "virtual-threads")) {
            val race = cells.getValue(s).race!!
            assertEquals(RaceStop.MAX_FORKS to RaceRules.MAX_FORKS, race.stop to race.forks)
        }
    }

    @Test
    fun `a budget spent by screening gives no further fork and says so`() {
        val cells = race("direct", "executor-cached", "virtual-threads", budgetSeconds = 2, script = pair(103.0, 20.0))
        for (c in cells.values) {
            assertEquals(RaceStop.BUDGET, c.race!!.stop)
            assertEquals(1, c.race!!.forks)
            assertTrue("budget (2 s)" in c.race!!.reason, c.race!!.reason)
        }
    }

    @Test
    fun `a fork that fails makes the cell failed and the others race on`() {
        val cells = race("direct", "executor-cached", "virtual-threads") { s, fork ->
            when {
                s == "virtual-threads" && fork == 2 -> null
                s == "direct" -> noisy(100.0, 20.0, fork)
                else -> noisy(103.0, 20.0, fork)
            }
        }
        val failed = cells.getValue("virtual-threads")
        assertEquals(CellStatus.FAILED, failed.status)
        assertEquals(RaceStop.NOT_OK, failed.race!!.stop)
        assertEquals(2, failed.race!!.forks)
        assertEquals(RaceRules.MAX_FORKS, cells.getValue("direct").race!!.forks)
    }

    @Test
    fun `a further single-shot fork fills about a second with short batches, at least three`() {
        val batches = listOf(1e3, 100e6, 250e6, 5e9)
            .map { RaceRules.more(PlanMode.SINGLE_SHOT, it).measurementIterations }
        assertEquals(listOf(10, 10, 4, 3), batches)
        assertEquals(5, RaceRules.more(PlanMode.AVERAGE_TIME, 100e6).measurementIterations)
    }

    @Test
    fun `a cell whose planning failed gets no fork, keeps the reason, and the others race on`() {
        val failing = setOf("executor-cached")
        val cells = race(
            "direct",
            "executor-cached",
            "virtual-threads",
            unplanned = failing,
            script = pair(103.0, 20.0),
        )
        val unplanned = cells.getValue("executor-cached")
        assertEquals(CellStatus.TIMEOUT, unplanned.status)
        assertEquals(PROBE_TIMEOUT, unplanned.error)
        assertEquals(RaceStop.NOT_OK, unplanned.race!!.stop)
        assertEquals(0, unplanned.race!!.forks)
        assertEquals(0, unplanned.race!!.runs)
        assertEquals(RaceRules.MAX_FORKS, cells.getValue("virtual-threads").race!!.forks, "the others race on")
    }

    private companion object {
        const val SECOND = 1_000_000_000L
        const val PROBE_TIMEOUT = "the planning probe (cells/cell-002.estimate.log) exceeded its time limit of 5 s"
    }
}
