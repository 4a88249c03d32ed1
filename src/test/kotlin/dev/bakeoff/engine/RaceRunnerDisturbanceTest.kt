package dev.bakeoff.engine

import dev.bakeoff.engine.fork.RunListener
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.RaceOptions
import dev.bakeoff.engine.race.RaceRunner
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.ForkRole
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The race's rule for forks whose timed runs other processes disturbed ([dev.bakeoff.engine.race.DisturbedForks]),
 * on scripted forks and a 2-core machine (disturbed: over 0.1 cores): such a fork is set aside and measured once
 * more while the budget allows, and a second disturbed one counts.
 */
class RaceRunnerDisturbanceTest {
    private class Race(val track: ScriptedTrack, val cells: Map<String, CellResult>)

    private fun race(
        vararg strategies: String,
        options: RaceOptions = LONG,
        busy: (String, Int) -> Double?,
        script: (String, Int) -> List<Double>,
    ): Race {
        val track = ScriptedTrack(script, emptySet(), busy = busy)
        val cells = strategies.map { CellSpec.parse(it, "arithmetic", 10, "blocking") }
        RaceRunner(options, null, object : RunListener {}, track, track, cores = 2) { track.clock }.run(cells)
        return Race(track, track.results.values.associateBy { it.strategy })
    }

    @Test
    fun `a disturbed screening fork is measured once more, and its runs enter no figure`() {
        val race = race("direct", busy = { _, n -> if (n == 1) 0.3 else 0.02 }) { _, n ->
            if (n == 1) listOf(900.0, 910.0, 905.0) else listOf(100.0, 101.0, 99.0)
        }
        assertEquals(listOf("direct", "direct"), race.track.started)
        val figures = race.track.withFigures["direct"]
        assertEquals<List<Boolean>?>(listOf(true, false), figures, "the re-run times only: the figures stand")
        val direct = race.cells.getValue("direct")
        assertEquals(listOf(99.0, 100.0, 101.0), direct.timeNs!!.runs.sorted())
        val forks = direct.forks!!
        assertEquals(listOf(true, null), forks.map { it.disturbed })
        assertEquals(listOf(0.3, 0.02), forks.map { it.otherCores })
        assertEquals(listOf(0L, ScriptedTrack.SECOND / 2), forks.map { it.keptNs })
        assertEquals(1, direct.race!!.forks, "the fork set aside is not one of the cell's forks")
    }

    @Test
    fun `a disturbed timing fork is measured once more, and the cell's tests see only the fork that counts`() {
        // executor-cached's first timing fork ran beside another process and read as fast as direct: set aside.
        val race = race("direct", "executor-cached", busy = { s, n -> if (s == "executor-cached" && n == 2) 0.4 else 0.0 }) { s, n ->
            val centre = (if (s == "direct" || n == 2) 100.0 else 300.0) + n
            listOf(centre, centre + 1, centre - 1)
        }
        val cached = race.cells.getValue("executor-cached")
        assertTrue(cached.timeNs!!.runs.all { it >= 299.0 }, "${cached.timeNs}")
        val aside = cached.forks!!.single { it.disturbed == true }
        assertEquals(ForkRole.TIMING, aside.role)
        assertEquals(0.4, aside.otherCores)
        assertEquals(cached.race!!.forks + 1, race.track.started.count { it == "executor-cached" }, "one re-run")
    }

    @Test
    fun `a re-run disturbed too counts, so a machine that stays busy cannot hold a cell for ever`() {
        val race = race("direct", busy = { _, n -> if (n == 1) 0.3 else 0.4 }) { _, n -> List(3) { 100.0 * n + it } }
        assertEquals(listOf("direct", "direct"), race.track.started)
        val direct = race.cells.getValue("direct")
        assertEquals(listOf(200.0, 201.0, 202.0), direct.timeNs!!.runs.sorted())
        assertEquals(listOf(true, null), direct.forks!!.map { it.disturbed })
        assertEquals(listOf(0.3, 0.4), direct.forks!!.map { it.otherCores }, "the one that counts still says so")
    }

    @Test
    fun `a re-run is paid for by the budget as any fork, less the reserve kept for the last files`() {
        // One scripted second a fork, 5 s kept: after the first fork (1 s), 7 s pay for one more, 6 s do not.
        val runs = { _: String, _: Int -> listOf(100.0, 101.0, 99.0) }
        val busy = { _: String, _: Int -> 0.5 }
        assertEquals(2, race("direct", options = RaceOptions(7 * ScriptedTrack.SECOND), busy = busy, script = runs).track.started.size)
        val short = race("direct", options = RaceOptions(6 * ScriptedTrack.SECOND), busy = busy, script = runs)
        assertEquals(listOf("direct"), short.track.started)
        assertEquals(listOf(null), short.cells.getValue("direct").forks!!.map { it.disturbed }, "it counts, disturbed")
    }

    @Test
    fun `on a machine that stays busy only the first disturbed fork is measured again`() {
        // Every fork disturbed: the first is re-run (nothing earlier says the machine is busy), then half or more of
        // the launches so far were disturbed, so later forks count as they are and the budget goes to forks that count.
        val race = race("direct", "executor-cached", busy = { _, _ -> 0.5 }) { s, n ->
            val centre = (if (s == "direct") 100.0 else 300.0) + n
            listOf(centre, centre + 1, centre - 1)
        }
        val cells = race.cells.values
        assertEquals(cells.sumOf { it.race!!.forks } + 1, race.track.started.size, "one re-run in all")
        assertEquals(1, cells.sumOf { c -> c.forks!!.count { it.disturbed == true } })
        assertEquals(listOf("direct", "direct", "executor-cached"), race.track.started.take(3))
    }

    @Test
    fun `a fork within the rule's share of the cores is not measured again`() {
        // 5% of 2 cores: 0.1 counts as it is, as the rule is "over".
        val race = race("direct", busy = { _, _ -> 0.1 }) { _, _ -> listOf(100.0, 101.0, 99.0) }
        assertEquals(listOf("direct"), race.track.started)
    }

    private companion object {
        val LONG = RaceOptions(600 * ScriptedTrack.SECOND, RaceOptions.BASE_FORKS)
    }
}
