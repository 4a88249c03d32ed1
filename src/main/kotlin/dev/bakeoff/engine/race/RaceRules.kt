package dev.bakeoff.engine.race

import dev.bakeoff.engine.fork.CellForks
import dev.bakeoff.engine.plan.RaceOptions
import dev.bakeoff.metrics.DecisionReasons
import dev.bakeoff.metrics.ForkRatio
import dev.bakeoff.metrics.ForkSample
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.metrics.RankedCell
import dev.bakeoff.metrics.Trend
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.ForkRole
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.PairOutcome
import dev.bakeoff.result.PairTest
import dev.bakeoff.result.PlanMode
import dev.bakeoff.result.RaceStop
import dev.bakeoff.result.TimeStats
import dev.bakeoff.wording.Units
import org.apache.commons.statistics.distribution.TDistribution
import kotlin.math.PI
import kotlin.math.abs
import kotlin.math.exp
import kotlin.math.ln
import kotlin.math.roundToInt
import kotlin.math.sqrt
import kotlin.random.Random

/**
 * The documented rules of a race (docs/RESULTS.md, "Racing"). Pure functions; safe from any thread.
 */
internal object RaceRules {
    /**
     * A cell whose fastest fork is over this many times the leader's slowest cannot win (with two
     * forks a side: [GroupDecision]); a floor over this many times the leader's slowest run neither.
     */
    const val CANNOT_WIN_FACTOR = GroupDecision.SEPARATION

    /**
     * The screening fork: one short warm-up, then enough runs to see where the cell settles
     * ([warmups]) and to rank it on its settled runs only.
     */
    fun screening(mode: PlanMode, reason: String): MeasurementPlan = when (mode) {
        PlanMode.AVERAGE_TIME ->
            MeasurementPlan(mode, 1, SCREENING_WARMUPS, SCREENING_RUNS, ITERATION_MILLIS, "race screening; $reason")

        // The warm-up batch is the traced one: one measured batch is enough to see a clear loser.
        PlanMode.SINGLE_SHOT -> MeasurementPlan(mode, 1, 1, 1, 0, "race screening; $reason")
    }

    /**
     * Whether a cell's [screening] fork counts in its tests like a timing fork: an `avgt` one does (its own
     * steady-state search, then JMH's iterations, its untimed passes after them, as a timing fork's), a
     * single-shot one does not (one measured batch after one traced warm-up batch: its first timing fork replaces
     * it). Measured over six default runs and four A/A races (2 cores, JDK 25.0.3, 2026-11-29), a screening fork's
     * median over the geometric mean of its cell's 2–5 timing forks: `storage` 1.006 (31 cells, 0.55–1.32; below
     * all of them in 11, above all in 10), `arithmetic` 1.058 (16; 5 and 3), `lists` 0.93 (6); single-shot `mixed`
     * 1.089 and `network` 1.055, above all of them in 36 of 42 and 33 of 36. That the screening fork also chose
     * the leader is what the group's test allows for: every pair of its cells is in the family.
     */
    fun screeningCounts(screening: CellResult): Boolean = screening.plan?.mode == PlanMode.AVERAGE_TIME

    /**
     * Each further fork of a contender whose batch took [batchNanos] (its median so far): at most [warmups]
     * (the group's, [groupWarmups]; the fork ends them once its own settle, [CellForks.searchChunks]) and [runs]
     * timed iterations (the cell's own, [runs]), or single-shot
     * batches filling about [MORE_SINGLE_SHOT_NANOS] (at least 3, at most [MAX_SINGLE_SHOTS]): a further
     * JVM costs about 0.3 s on top of its batches on 2 cores, more than three short batches are worth.
     * A single-shot fork first warms up for about [MORE_SINGLE_SHOT_WARMUP_NANOS] of batches (1 to
     * [MAX_SINGLE_SHOT_WARMUPS]): measured on `network` and `mixed`, a fork's 100 ms batches after one
     * warm-up batch still fell for four or five batches (`rx-io` 112, 107, 106, 105, 103 ms, then 102-103
     * ms), after five for five more (`rx-io` on `mixed` 103-105 ms, then 99-101 ms), the longest for the
     * strategies with the most code to compile, so their fork medians came out 2-3% too high against
     * quicker ones (`rx-io` on `network` ×1.03 against `executor-cached` after one warm-up batch, ×1.01-1.02
     * after five).
     */
    fun more(mode: PlanMode, batchNanos: Double, warmups: Int, runs: Int = MORE_RUNS): MeasurementPlan = when (mode) {
        PlanMode.AVERAGE_TIME -> MeasurementPlan(mode, 1, warmups, runs, ITERATION_MILLIS, "").let { plan ->
            // The fork stops its warm-up once its own iterations settle, where it searches for that.
            val most = if (CellForks.searchChunks(ForkRole.TIMING, plan) != null) "at most " else ""
            plan.copy(reason = "race: one more fork, $most$warmups warm-ups, $runs runs")
        }

        PlanMode.SINGLE_SHOT -> {
            val batches = (MORE_SINGLE_SHOT_NANOS / batchNanos).toInt().coerceIn(MIN_SINGLE_SHOTS, MAX_SINGLE_SHOTS)
            val warm = (MORE_SINGLE_SHOT_WARMUP_NANOS / batchNanos).toInt().coerceIn(1, MAX_SINGLE_SHOT_WARMUPS)
            MeasurementPlan(mode, 1, warm, batches, 0, "race: one more fork, $warm warm-up batches")
        }
    }

    /**
     * The timed iterations of a further fork of a cell whose runs so far are [time] and whose last
     * fork took [forkNanos] with [runsBefore] timed iterations: Kalibera and Jones's optimum (ISMM
     * 2013), sqrt(cost of a fork beyond its runs / cost of a run x within-fork / between-fork
     * variance), from the cell's own variance components ([ForkSample.variation]), between
     * [MIN_MORE_RUNS] and [MAX_MORE_RUNS]; [MORE_RUNS] until two forks show them. When forks differ
     * far more than runs, a run more buys little and a fork more a lot; when runs are the noise, the
     * other way round.
     */
    fun runs(time: TimeStats, forkNanos: Long, runsBefore: Int): Int {
        val (between, within) = ForkSample.variation(time.runs, time.forks ?: return MORE_RUNS)
        if (between == null || within == null || between <= 0.0) return MORE_RUNS
        val runNanos = ITERATION_MILLIS * NANOS_PER_MILLI
        val forkOverhead = (forkNanos - runsBefore * runNanos).coerceAtLeast(runNanos)
        val optimum = sqrt(forkOverhead / runNanos * (within * within) / (between * between))
        return optimum.roundToInt().coerceIn(MIN_MORE_RUNS, MAX_MORE_RUNS)
    }

    /**
     * The warm-up iterations a further fork of a cell gets, chosen from its own [screening] fork's
     * runs: that fork's warm-up ([screeningWarmups]) plus the runs it took to settle ([ForkSample.steadyTail]), at
     * least [MORE_MIN_WARMUPS], at most [MORE_MAX_WARMUPS] or that warm-up; [MORE_MAX_WARMUPS] when what is left
     * still looks like a warm-up ([Trend.steady]). Measured here: a list-heavy cell's first 100 ms runs took
     * 3-6x its settled ones. A group takes the most its cells ask for ([groupWarmups]).
     */
    fun warmups(screening: List<Double>, screeningWarmups: Int = SCREENING_WARMUPS): Int {
        val tail = ForkSample.steadyTail(screening)
        if (Trend.steady(tail) == false) return MORE_MAX_WARMUPS
        // A screening fork warmed up longer (its figures fork found the cell steady only later) passes that on.
        val most = maxOf(MORE_MAX_WARMUPS, screeningWarmups)
        return (screeningWarmups + screening.size - tail.size).coerceIn(MORE_MIN_WARMUPS, most)
    }

    /**
     * The warm-up iterations every further `avgt` fork of a group gets: the most any of its racing cells'
     * [screenings] (each a cell's screening fork alone) asks for ([warmups]); the cells it has stopped get no
     * fork, so their asks do not count (on `arithmetic` a cell 30x behind asked for 12 warm-ups of 100 ms for
     * batches of 3 µs whose leaders settle after 2 or 3). One for all, because a cell's own figure follows
     * how soon its one screening fork happened to settle: measured in an A/A race on `lists`
     * (`executor-fixed-cpu` and `executor-fixed:size=2`, the same code on 2 cores), the twin whose
     * screening runs settled sooner got fewer warm-ups, its further forks were timed colder, and it
     * was put behind its twin ×2.23 (p < 0.001, 6 and 5 forks).
     */
    fun groupWarmups(screenings: List<CellResult>): Int = screenings.maxOfOrNull {
        // The screening fork's own warm-up: its steady-state search may have lengthened it.
        warmups(it.timeNs?.runs.orEmpty(), it.plan?.warmupIterations ?: SCREENING_WARMUPS)
    } ?: MORE_MIN_WARMUPS

    /** The ranked (ok, timed) cells of a group, fastest median first. */
    fun ranked(group: List<CellResult>): List<RankedCell> =
        group.mapNotNull(RankedCell::of).sortedWith(RankedCell.RANKING)

    /**
     * Of a group's racing [cells] (its [leader] among them), the ones a round gives a fork so that two forks a side
     * may separate the cells far behind the leader, or none: while the leader has one fork that counts, the far
     * cells are those whose fastest fork is over [CANNOT_WIN_FACTOR] times the leader's, which two forks a side put
     * behind for good when the factor still holds between the cell's fastest and the leader's slowest
     * ([GroupDecision], "separated"); the leader and the far cells with one fork get one. A far cell with two
     * waits: the lead passed to a cell of one fork, which alone then needs a second (measured in a default run of
     * 2026-11-29: `lists`' leader's second fork took ×1.39 its first, the lead passed to `reactor-parallel`, and the
     * four far cells, ×2.7–8.8 on two forks each, could not be separated from it on its one). A group whose pairs
     * not even the race's most forks a side would settle waits ([forksNeeded]); these forks only name fewer
     * contenders in its answer. Measured in default runs (2 cores, JDK 25.0.3, 2026-11-29): `lists` waited all run
     * and named 9-10 contenders, 3-5 of them 2.4-3.3x its leader on one fork each.
     */
    fun shedding(leader: RankedCell, cells: List<RankedCell>): List<RankedCell> {
        if (leader.forks.size != 1) return emptyList()
        val far = cells.filter {
            it !== leader && it.forks.size >= 1 && it.forks.fastest > CANNOT_WIN_FACTOR * leader.forks.slowest
        }
        return if (far.isEmpty()) emptyList() else listOf(leader) + far.filter { it.forks.size == 1 }
    }

    /**
     * Why a cell whose batch takes at least [floorNs] ([CellFloor]) cannot win against [leader], or
     * null if it still could: the floor is over [CANNOT_WIN_FACTOR] times the leader's slowest run.
     * Known before the cell runs, so it gets its trace pass but no timed batch.
     */
    fun belowFloor(floorNs: Long, leader: RankedCell): String? {
        val leaderSlowest = leader.time.max
        return if (floorNs > CANNOT_WIN_FACTOR * leaderSlowest) {
            "its floor (${Units.nanos(floorNs.toDouble())}: its items' waits over the items it keeps in flight) is " +
                "${Units.ratio(floorNs / leaderSlowest)}× ${leader.strategy}'s slowest run " +
                "(${Units.nanos(leaderSlowest)}): it cannot win, so it got its trace pass and no timed batch"
        } else {
            null
        }
    }

    /**
     * How the cell of [test] (against its group's [leader], who has [leaderForks] forks) stops, and
     * why, or null while its pair is not settled: [RaceStop.BEHIND] when the test says slower at fork level,
     * [RaceStop.CANNOT_WIN] when its fastest fork is over [CANNOT_WIN_FACTOR] times the leader's
     * slowest (or [dev.bakeoff.metrics.ForkVerdict.ONE_FORK_SEPARATION] times, with one fork a
     * side): racing then drops it, as F-Race drops a candidate a test puts behind the best.
     * [RaceStop.EQUIVALENT] when the test puts it within the margin: its forks go to the pairs still open (in a
     * default run, three `mixed` cells within ±5% of the leader took three of each round's five forks while only
     * `thread-per-task`'s pair was open). Its runs so far stay in the group's decision either way, and the next
     * judgement reopens it if the current leader's test no longer settles it.
     */
    fun settled(test: PairTest, leader: String, leaderForks: Int?): Pair<RaceStop, String>? = when (test.outcome) {
        PairOutcome.SLOWER ->
            RaceStop.BEHIND to
                "slower than $leader by the group's test, ${DecisionReasons.figures(test, leaderForks)}: it cannot win"

        PairOutcome.SEPARATED ->
            RaceStop.CANNOT_WIN to
                "behind $leader ${DecisionReasons.figures(test, leaderForks)}: it cannot win"

        PairOutcome.EQUIVALENT ->
            RaceStop.EQUIVALENT to
                "within the margin of $leader by the group's test, ${DecisionReasons.figures(test, leaderForks)}: " +
                "the rounds go to the pairs not settled yet"

        else -> null
    }

    /**
     * Why no fork more can settle [test] (an unresolved pair of a group at one look: the leader's forks
     * [leader], the other cell's [other]) within the race's [maxForks] forks a side, or null while it still
     * may (or a side has fewer than [FUTILITY_FORKS] forks, too few to judge its noise). Projected at
     * [maxForks] forks a side at this look's levels, optimistically: the true gap anywhere within one
     * standard error of today's (the smallest for equivalence, the largest for slower), each side's
     * fork variance counted at [FUTILITY_OPTIMISM] of its estimate (three forks put an estimate over
     * four times the truth about one time in fifty, e^-4), and Welch's degrees of freedom at their most.
     * The race then stops the
     * group as [RaceStop.TOO_CLOSE] and spends its budget on groups that can still be settled: a stop
     * for futility only forgoes a decision, so it never adds to the error rate.
     */
    fun tooClose(test: PairTest, leader: ForkSample, other: ForkSample, margin: Double, maxForks: Int): String? {
        if (test.outcome != PairOutcome.UNRESOLVED || test.confidence == null || test.eqConfidence == null) return null
        if (leader.size < FUTILITY_FORKS || other.size < FUTILITY_FORKS) return null
        val today = sqrt(leader.locationVariance + other.locationVariance)
        val projected = sqrt((leader.forkVariance + other.forkVariance) * FUTILITY_OPTIMISM / maxForks)
        val gap = abs(other.location - leader.location)
        val widest = gap + today
        val narrowest = (gap - today).coerceAtLeast(0.0)
        val df = 2.0 * (ForkSample.kept(maxForks) - 1)
        if (settles(test.confidence, test.eqConfidence, widest, narrowest, projected, df, margin)) return null
        val noise = listOf(leader, other).joinToString(" and ") {
            "±" + DecisionReasons.percent(exp(sqrt(it.forkVariance)) - 1)
        }
        return "${test.strategy} ×${Units.ratio(test.ratio)} cannot be told apart from the leader nor shown within " +
            "${DecisionReasons.percent(margin)} of it by $maxForks forks a side (their forks differ by $noise): " +
            "its group stays undecided, and the budget goes to groups that can be settled"
    }

    /**
     * The forks a side at which [test] (an unresolved pair: the leader's forks [leader], the other
     * cell's [other], whose fork medians' log variances are [leaderVariance] and [otherVariance],
     * [forkVariance]) would be settled if today's gap and those variances held: the interval at
     * [PairTest.confidence] above 1 (the decision's "behind", however small the gap), or the equivalence interval
     * within 1 ± margin (a side of one fork has no test yet: at the levels each of the race's [looks]
     * gives, [GroupDecision.lookAlpha] and twice [GroupDecision.lookAlphaOneSided]). One fork more than today
     * when a variance is not known (one fork of one run). Counted beyond the race's most forks too, up to
     * [NEED_HORIZON] (then [NEED_HORIZON] + 1), so that a round serving groups none of which that many
     * forks could settle takes the nearest first. Only orders the race's rounds (the groups nearest
     * a decision first): it never decides anything, so it adds nothing to the error rate.
     */
    fun forksNeeded(
        test: PairTest,
        leader: ForkSample,
        other: ForkSample,
        leaderVariance: Double?,
        otherVariance: Double?,
        margin: Double,
        looks: Int,
    ): Int {
        val today = maxOf(leader.size, other.size)
        if (test.outcome != PairOutcome.UNRESOLVED) return today
        if (leaderVariance == null || otherVariance == null) return today + 1
        val confidence = test.confidence ?: (1 - GroupDecision.lookAlpha(looks))
        val eqConfidence = test.eqConfidence ?: (1 - 2 * GroupDecision.lookAlphaOneSided(looks))
        val gap = abs(other.location - leader.location)
        val variances = leaderVariance + otherVariance
        return (maxOf(today + 1, ForkRatio.MIN_FORKS)..NEED_HORIZON).firstOrNull { n ->
            settles(confidence, eqConfidence, gap, gap, sqrt(variances / n), 2.0 * (ForkSample.kept(n) - 1), margin)
        } ?: (NEED_HORIZON + 1)
    }

    /**
     * The log variance of a fork median of the cell whose runs are [time] (its forks [forks]), for
     * [forksNeeded]: the forks' own ([ForkSample.forkVariance]) once it has two; with one, the least it
     * could be: that fork's steady runs' variance over their number (times pi / 2, for a median), as
     * if forks differed only by their runs' noise. Measured here, a list-heavy cell's runs already
     * differ by 40-60% within its screening fork, so even that says six forks a side could not settle
     * its group, which then waits from the second round instead of spending it. Null with one run.
     */
    fun forkVariance(time: TimeStats, forks: ForkSample): Double? {
        if (forks.size >= ForkRatio.MIN_FORKS) return forks.forkVariance
        val steady = ForkSample.counted(ForkSample.split(time.runs, time.forks)).singleOrNull()
            ?.let(ForkSample::steadyTail)?.map(::ln)?.takeIf { it.size >= 2 } ?: return null
        return ForkSample.variance(steady) * PI / 2 / steady.size
    }

    /**
     * Whether intervals of [se] (log ratio) with [df] degrees of freedom at the two-sided [confidence]
     * and [eqConfidence] would settle a pair: around [slowerGap] above 0 (behind, whatever the margin), or
     * around [eqGap] within 1 ± [margin]. The projection [tooClose] and [forksNeeded] share.
     */
    private fun settles(
        confidence: Double,
        eqConfidence: Double,
        slowerGap: Double,
        eqGap: Double,
        se: Double,
        df: Double,
        margin: Double,
    ): Boolean {
        val t = TDistribution.of(df)
        val slower = slowerGap - t.inverseSurvivalProbability((1 - confidence) / 2) * se > 0
        val equivalent = eqGap + t.inverseSurvivalProbability((1 - eqConfidence) / 2) * se < ln(1 + margin)
        return slower || equivalent
    }

    /** The practical-equivalence [margin] of a group led by [leader], at least the harness's own cost. */
    fun margin(leader: RankedCell, harnessNsPerItem: Double?, margin: Double): Double =
        GroupDecision.margin(leader.time.median, leader.cell.items, harnessNsPerItem, margin)

    /**
     * The order a group's [contenders] take their forks in round [round]: one seeded shuffle of them
     * (by their [name]s, so the same race runs in the same order on every machine), turned by one
     * place each round (A B C, B C A, C A B), so every contender takes every place in turn and a
     * drift of the machine during a round falls on all of them alike.
     */
    fun <T> interleaved(contenders: List<T>, round: Int, name: (T) -> String): List<T> {
        if (contenders.isEmpty()) return contenders
        val sorted = contenders.sortedBy(name)
        val base = sorted.shuffled(Random(sorted.joinToString("|", transform = name).hashCode()))
        val turn = round % base.size
        return base.drop(turn) + base.take(turn)
    }

    private const val ITERATION_MILLIS = 100L

    /**
     * How far [forksNeeded] counts: far enough to tell a group a few forks beyond a race's most (a 4%
     * gap, forks within 1%) from one dozens beyond (a 3% gap, forks 40% apart).
     */
    const val NEED_HORIZON = 10 * RaceOptions.BASE_FORKS

    /** The fewest forks a side before the race judges a pair's noise too wide to settle ([tooClose]). */
    const val FUTILITY_FORKS = 3

    /** The share of a side's estimated fork variance a [tooClose] projection counts. */
    const val FUTILITY_OPTIMISM = 0.25

    private const val SCREENING_WARMUPS = 1
    private const val SCREENING_RUNS = 5
    private const val MORE_MIN_WARMUPS = 2
    private const val MORE_MAX_WARMUPS = 12
    private const val MORE_RUNS = 4
    private const val MIN_MORE_RUNS = 2
    private const val MAX_MORE_RUNS = 8
    private const val NANOS_PER_MILLI = 1_000_000.0
    private const val MORE_SINGLE_SHOT_NANOS = 1e9
    private const val MIN_SINGLE_SHOTS = 3
    private const val MAX_SINGLE_SHOTS = 10
    private const val MORE_SINGLE_SHOT_WARMUP_NANOS = 1e9
    private const val MAX_SINGLE_SHOT_WARMUPS = 10
}
