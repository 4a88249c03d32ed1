package dev.bakeoff.engine

import dev.bakeoff.engine.fork.RunListener
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.race.FixedRace
import dev.bakeoff.result.CellStatus
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals

/** A preset's run as a race with a fixed schedule, on scripted forks: every cell its preset's forks, no early stop. */
class FixedRaceTest {
    @Test
    fun `every ok cell gets the preset's forks, merged into one result, and a failed fork ends its cell`() {
        val track = ScriptedTrack({ strategy, n -> if (strategy == "direct" && n == 1) null else List(5) { 100.0 + n } }, emptySet())
        val cells = listOf("direct", "executor-cached", "virtual-threads").map { CellSpec.parse(it, "arithmetic", 10, "blocking") }
        FixedRace(Preset.STANDARD, object : RunListener {}, track, track).run(cells)
        val results = track.results.values.associateBy { it.strategy }
        assertEquals(mapOf("direct" to 1, "executor-cached" to 2, "virtual-threads" to 2), track.forks)
        assertEquals(CellStatus.FAILED, results.getValue("direct").status)
        for (name in listOf("executor-cached", "virtual-threads")) {
            val cell = results.getValue(name)
            assertEquals(listOf(5, 5), cell.timeNs!!.forks, name)
            assertEquals(2, cell.plan!!.forks, "the plan counts the forks run")
            assertEquals<List<Boolean>?>(listOf(true, false), track.withFigures[name]?.toList(), "the untimed passes in the first fork only")
        }
    }

    @Test
    fun `a one-fork preset runs the cells in their own order, one fork each`() {
        val track = ScriptedTrack({ _, _ -> List(5) { 100.0 } }, emptySet())
        val names = listOf("virtual-threads", "direct", "executor-cached")
        FixedRace(Preset.QUICK, object : RunListener {}, track, track).run(names.map { CellSpec.parse(it, "arithmetic", 10, "blocking") })
        assertEquals(names, track.started)
        assertEquals(listOf(1, 1, 1), (0..2).map { track.results.getValue(it).plan!!.forks })
    }
}
