package dev.bakeoff.engine

import dev.bakeoff.engine.fork.RunListener
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.RaceOptions
import dev.bakeoff.engine.race.RaceRunner
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.result.GroupResult
import dev.bakeoff.result.PairOutcome
import org.junit.jupiter.api.Test
import java.util.SplittableRandom
import kotlin.math.exp
import kotlin.test.assertTrue

/**
 * The decision rule's honesty, simulated (issue 25): seeded synthetic groups raced by the real
 * [RaceRunner] (its rounds, stops and reopening) and decided by the real [GroupDecision] as a run
 * records it. Every fork of a cell draws a log-normal fork effect, and every run within it a
 * log-normal run effect: the two variance components that real JVMs show, and where asked a share
 * of forks takes twice as long (a hiccup of a 2-core machine: issue 44, one storage fork in five).
 * Pure statistics, no timing: the track's clock is scripted.
 */
class DecisionSimulationTest {
    /**
     * Log-scale standard deviations: between forks of a cell, and between runs of a fork; and the share of
     * forks that take twice as long as they would ([bad]).
     */
    private data class Noise(val between: Double, val within: Double, val bad: Double = 0.0)

    /**
     * Races group number [group] of three cells, the last [slower] times the others' true time, with at
     * most [forks] forks a cell, and returns the group's decision as the run would record it.
     */
    private fun decide(
        group: Int,
        noise: Noise,
        slower: Double,
        forks: Int,
        twice: (String, Int) -> Boolean = { _, _ -> false },
    ): GroupResult = decide(group, noise, NAMES.dropLast(1).map { 1.0 } + slower, NAMES, forks, twice)

    /**
     * Races group number [group] of cells [names] whose true times are [truth] times [BASE_NS], up to
     * [forks] forks a cell.
     */
    private fun decide(
        group: Int,
        noise: Noise,
        truth: List<Double>,
        names: List<String>,
        forks: Int,
        twice: (String, Int) -> Boolean = { _, _ -> false },
    ): GroupResult {
        val track = ScriptedTrack({ strategy, fork ->
            // SplittableRandom mixes its seed: java.util.Random's first draws from neighbouring seeds are correlated.
            val random = SplittableRandom(group * GROUP_SEED + names.indexOf(strategy) * CELL_SEED + fork)
            val centre = BASE_NS * truth[names.indexOf(strategy)] * exp(noise.between * random.nextGaussian())
            val runs = List(RUNS) { centre * exp(noise.within * random.nextGaussian()) }
            // Drawn last, so the forks of a noise without bad ones are those of the seeds before it.
            val bad = twice(strategy, fork) || (noise.bad > 0 && random.nextDouble() < noise.bad)
            if (bad) runs.map { it * 2 } else runs
        }, emptySet())
        val cells = names.map { CellSpec.parse(it, "arithmetic", 10, "blocking") }
        val options = RaceOptions(BUDGET_NANOS, forks)
        RaceRunner(options, null, object : RunListener {}, track, track) { track.clock }.run(cells)
        return GroupDecision.all(track.results.values.toList(), null, GroupDecision.DEFAULT_MARGIN, options.looks)
            .single()
    }

    /** The share of [GROUPS] groups whose decision puts any cell behind another. */
    private fun anyBehind(noise: Noise, slower: Double, forks: Int): Double =
        (1..GROUPS).count { g -> decide(g, noise, slower, forks).tests.any { it.outcome.behind } }.toDouble() / GROUPS

    /** The share of groups whose decision puts the truly slower (last) cell behind, and no other. */
    private fun power(noise: Noise, slower: Double): Double = (1..GROUPS).count { g ->
        val tests = decide(g, noise, slower, RaceOptions.BASE_FORKS).tests
        tests.filter { it.outcome.behind }.map { it.strategy } == listOf(NAMES.last())
    }.toDouble() / GROUPS

    @Test
    fun `identical cells are called behind at most at the stated error rate`() {
        for (noise in listOf(FORKS_DOMINATE, QUIET, FORKS_DOMINATE.copy(bad = BAD_SHARE), QUIET.copy(bad = BAD_SHARE))) {
            for (forks in FORK_CAPS) {
                val rate = anyBehind(noise, slower = 1.0, forks)
                println("identical cells, $noise, $forks forks: ${rate * GROUPS} of $GROUPS groups put a cell behind")
                assertTrue(rate <= GroupDecision.ALPHA, "$noise, $forks forks: $rate of $GROUPS groups")
            }
        }
    }

    @Test
    fun `two identical cells among truly slower ones are put behind each other at most at the stated rate`() {
        // Holm's step-down spends on the identical pair what the clearly different pairs leave: the error
        // rate on it must still hold, as must the power to put the slower cells behind.
        for (noise in listOf(FORKS_DOMINATE, QUIET)) {
            for (forks in FORK_CAPS) {
                val decisions = (1..GROUPS).map { g -> decide(g, noise, MIXED_TRUTH, MIXED, forks) }
                val wrong = decisions.count { d -> d.tests.any { it.strategy in MIXED.take(2) && it.outcome.behind } }
                val found = decisions.count { d -> d.tests.count { it.outcome.behind } == 2 }
                println("two identical among ×$MIXED_TRUTH, $noise, $forks forks: $wrong of $GROUPS groups")
                println("  put one behind the other; both slower cells behind in $found")
                assertTrue(wrong.toDouble() / GROUPS <= GroupDecision.ALPHA, "$noise, $forks forks: $wrong groups")
            }
        }
    }

    @Test
    fun `a cell as far from the others as the margin is called equivalent at most at the stated error rate`() {
        // The hardest case for equivalence: the truth sits on the margin, so any "equivalent" is wrong.
        val atMargin = 1 + GroupDecision.DEFAULT_MARGIN
        for (noise in listOf(FORKS_DOMINATE, QUIET)) {
            for (forks in FORK_CAPS) {
                val wrong = (1..GROUPS).count { g ->
                    val tests = decide(g, noise, atMargin, forks).tests
                    tests.any { it.strategy == NAMES.last() && it.outcome == PairOutcome.EQUIVALENT }
                }
                println("a cell ×$atMargin, $noise, $forks forks: called equivalent in $wrong of $GROUPS groups")
                assertTrue(wrong.toDouble() / GROUPS <= GroupDecision.ALPHA, "$noise, $forks forks: $wrong groups")
            }
        }
    }

    @Test
    fun `a 5 percent difference is put behind once the forks can show it, whatever the margin`() {
        // The old rule also wanted the ratio beyond 1 + margin, so a true ×1.05 was neither behind nor equivalent.
        val quiet = power(QUIET, SMALL_RATIO)
        val noisy = power(FORKS_DOMINATE, SMALL_RATIO)
        println("power at ×$SMALL_RATIO: $quiet with $QUIET, $noisy with $FORKS_DOMINATE")
        assertTrue(quiet >= SMALL_QUIET_POWER, "power $quiet with $QUIET")
    }

    @Test
    fun `one fork twice as slow does not hold a 17 percent gap open`() {
        // Issue 44's storage pair: ×1.17 at six forks a side, one of the slower cell's forks (one in five on the
        // machine) twice its others. The trimmed test sets that fork aside from the location and the variance.
        val storage = Noise(between = 0.04, within = 0.02)
        for (twiceOn in NAMES) {
            val found = (1..GROUPS).count { g ->
                // One fork of one cell, any of its six (an avgt screening fork counts as its timing forks do).
                val bad = 1 + g % RaceOptions.BASE_FORKS
                val tests = decide(g, storage, STORAGE_GAP, RaceOptions.BASE_FORKS) { cell, fork ->
                    cell == twiceOn && fork == bad
                }.tests
                tests.filter { it.outcome.behind }.map { it.strategy } == listOf(NAMES.last())
            }
            println("×$STORAGE_GAP with one fork of $twiceOn twice its others: behind, and only it, in $found of $GROUPS")
            assertTrue(found.toDouble() / GROUPS >= BAD_FORK_POWER, "$twiceOn: $found of $GROUPS")
        }
    }

    @Test
    fun `a true 20 percent difference is found as often as the forks allow`() {
        val noisy = power(FORKS_DOMINATE, TRUE_RATIO)
        val quiet = power(QUIET, TRUE_RATIO)
        println("power at ×$TRUE_RATIO: $noisy with $FORKS_DOMINATE, $quiet with $QUIET")
        // Measured: see the printed figures; the bounds sit below them with room for another seed's luck.
        assertTrue(quiet >= QUIET_POWER, "power $quiet with $QUIET")
        assertTrue(noisy >= NOISY_POWER, "power $noisy with $FORKS_DOMINATE")
    }

    private companion object {
        val NAMES = listOf("direct", "executor-cached", "virtual-threads")

        /** Two identical cells, then two truly slower ones (×1.5 and ×3). */
        val MIXED = listOf("direct", "executor-cached", "virtual-threads", "thread-per-task")
        val MIXED_TRUTH = listOf(1.0, 1.0, 1.5, 3.0)
        const val GROUPS = 1_000
        const val RUNS = 10
        const val BASE_NS = 100_000.0
        const val TRUE_RATIO = 1.2
        const val SMALL_RATIO = 1.05
        const val STORAGE_GAP = 1.17

        /** One fork in five twice as slow: what a storage cell showed on a busy 2-core machine (issue 44). */
        const val BAD_SHARE = 0.2
        const val GROUP_SEED = 1_000_003L
        const val CELL_SEED = 1_009L

        /** Ample: the rules, not the budget, end every simulated race. */
        const val BUDGET_NANOS = 3_600 * ScriptedTrack.SECOND

        /** The forks a race gives a cell at most: the default budget's, and the most any budget buys. */
        val FORK_CAPS = listOf(RaceOptions.BASE_FORKS, RaceOptions.MOST_FORKS)

        /** 30% from fork to fork, 5% from run to run: what JVMs of one cell differ by on a busy 2-core machine. */
        val FORKS_DOMINATE = Noise(between = 0.30, within = 0.05)

        /** 3% from fork to fork, 2% from run to run: a quiet machine. */
        val QUIET = Noise(between = 0.03, within = 0.02)

        // Measured with these seeds (2026-11-29, an avgt screening fork counted): 0.959 quiet, 0.015 when forks
        // dominate (six forks a side cannot tell 20% from 30% fork-to-fork noise). Identical cells: 12 (forks
        // dominate) and 15 (quiet) of 1,000 groups put a cell behind with six forks a cell, 17 and 26 with eleven.
        const val QUIET_POWER = 0.9
        const val NOISY_POWER = 0.01

        // Measured with these seeds (2026-11-29): ×1.05 put behind, and only it, in 0.216 of groups at 3% / 2%
        // (0.006 at 30% / 5%); ×1.17 with one fork twice its others behind, and only it, in 803, 792 and 755
        // of 1,000 with the bad fork in the winner, its identical twin or the slower cell.
        const val SMALL_QUIET_POWER = 0.15
        const val BAD_FORK_POWER = 0.7
    }
}
