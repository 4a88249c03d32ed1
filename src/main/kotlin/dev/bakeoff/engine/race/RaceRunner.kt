package dev.bakeoff.engine.race

import dev.bakeoff.engine.fork.CellForks
import dev.bakeoff.engine.fork.FloorTraces
import dev.bakeoff.engine.fork.JmhCellRunner
import dev.bakeoff.engine.fork.RunListener
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.Estimate
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.plan.RaceOptions
import dev.bakeoff.metrics.DecisionReasons
import dev.bakeoff.metrics.Disturbance
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.metrics.RankedCell
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.RaceInfo
import dev.bakeoff.result.RaceStop

/**
 * Races the cells of a run ([RaceRules]): group by group, a screening fork for every cell, lowest
 * floor first, and a trace pass only for the cells their floor rules out ([FloorTraces]); then,
 * round after round, one more fork for every cell of a group not yet decided whose pair with the leader is not
 * settled (neither behind nor within the [margin] by the group's test at fork level, [GroupDecision] at the race's
 * [RaceOptions.looks] looks), and for the leader, while the [options]' budget lasts and up to
 * [RaceOptions.maxForks] forks a cell. A round serves the groups nearest a decision first; a group
 * that not even [RaceOptions.maxForks] forks a side would settle as its forks stand waits while one
 * that could is open ([RaceRules.forksNeeded]), and one not even [RaceRules.NEED_HORIZON] forks would
 * settle waits for those that many would (when all are that far, one a round, the cheapest first); a group
 * that waits still forks its leader and the cells a second fork a side may separate from it ([RaceRules.shedding]),
 * after the near groups' round; a group whose round the budget cannot pay in full gets none of it. Within a round
 * a group's contenders take their forks in a seeded shuffled order, new every round ([RaceRules.interleaved]),
 * so a drift of the machine falls on them alike. Every round judges the group afresh: a cell
 * stopped as behind one leader, or as equivalent to it, races again once the current leader's test no longer
 * settles it (it may lead). A
 * cell's runs from all its forks, each fork's kept apart ([dev.bakeoff.result.TimeStats.forks]), make
 * its time figures; its other figures (threads, allocation, trace, limit) come from its screening
 * fork. A fork whose timed runs other processes disturbed on the machine's [cores] is measured once more while the
 * budget allows ([DisturbedForks]). Every cell ends with a [RaceInfo] saying why it stopped.
 *
 * Threading model: runs on the thread running the suite, one timed fork at a time; only the
 * trace-only JVMs of a group run side by side, on [FloorTraces]' pool, and the [listener] and
 * [book] are still called on this thread. The cells are measured by the [measurer] the run gives.
 */
internal class RaceRunner(
    private val options: RaceOptions,
    private val harnessNsPerItem: Double?,
    private val listener: RunListener,
    private val measurer: CellMeasurer,
    private val book: CellBook,
    private val margin: Double = GroupDecision.DEFAULT_MARGIN,
    startNanos: Long? = null,
    private val cores: Int = Runtime.getRuntime().availableProcessors(),
    private val nanoTime: () -> Long = System::nanoTime,
) {
    /** One cell of the race: its runs so far and, once it gets no more forks, why. */
    private class Entry(val index: Int, val spec: CellSpec, val floor: Long?) {
        lateinit var result: CellResult

        /** The cell after its screening fork alone: its runs size the group's further forks' warm-up. */
        lateinit var screening: CellResult
        val screened: Boolean get() = this::result.isInitialized
        var forks = 0

        /**
         * Whether the cell's runs so far are those its tests count: it has had a timing fork, or its screening fork
         * counts ([RaceRules.screeningCounts]); until then its first timing fork replaces them.
         */
        val confirmed: Boolean get() = forks > 1 || (forks == 1 && RaceRules.screeningCounts(screening))
        var lastForkNanos = 0L
        var screeningNanos = 0L
        var furtherNanos = 0L
        var stop: RaceStop? = null
        var reason = ""

        fun stop(why: RaceStop, text: String) {
            if (stop == null) {
                stop = why
                reason = text
            }
        }

        /** Clears a stop the group's test gave, so the next judgement can give it again or let the cell race on. */
        fun reopen() {
            if (stop in REOPENED) stop = null
        }
    }

    /** When the budget began: the run's start ([startNanos], on [nanoTime]'s clock), else now. */
    private val start = startNanos ?: nanoTime()

    /** Timed launches so far, and those of them disturbed ([Disturbance.Tally]). */
    private val tally = Disturbance.Tally()

    fun run(cells: List<CellSpec>) {
        val entries = cells.mapIndexed { i, spec -> Entry(i, spec, measurer.floor(spec)) }
        val groups = entries.groupBy { it.spec.group }.values
        var done = 0
        for (group in groups) {
            // The lowest floors first, so the group's leader is measured before the cells its floor rules out.
            val floored = mutableListOf<FloorTraces.Request>()
            for (e in group.sortedBy { it.floor ?: 0L }) {
                // A cell whose planning failed gets no fork: its result says why, and it stops as not ok.
                val plan = (measurer.estimate(e.index + 1, e.spec) as? Estimate.Serial)?.let {
                    val (mode, why) = Preset.mode(it.nanos)
                    RaceRules.screening(mode, why)
                }
                val leader = RaceRules.ranked(group.filter { it.screened }.map { it.result }).firstOrNull()
                val why = leader?.takeIf { plan != null }?.let { l -> e.floor?.let { RaceRules.belowFloor(it, l) } }
                if (why != null) {
                    floored += FloorTraces.Request(e.index + 1, e.spec, checkNotNull(plan), checkNotNull(e.floor), why)
                } else {
                    fork(e, plan, cells.size, eta(done, cells.size))
                    done++
                }
            }
            // Floors only grow down the list, so once one rules a cell out it rules out all the rest: traced together.
            val screenAfterAll = traceOnly(floored, entries, cells.size) { done++ }
            screenAfterAll.forEach { fork(entries[it.index - 1], it.plan, cells.size, null) }
        }
        var round = 1
        while (true) {
            // The groups nearest a decision first (the fewest forks a side their pairs still need as today's
            // figures stand), then the cheapest: a short budget then settles whole groups instead of feeding
            // groups whose forks differ too much to be settled by the last fork. Those (a need beyond the race's
            // most forks) wait while a group that could be settled is open, and those not even NEED_HORIZON forks
            // could settle (lists, whose forks differ by 40%) wait while one that many could settle is open: a round
            // of them costs as much as three of the others and settles nothing. When every open group is that far,
            // they take turns, the cheapest first: a pair at the margin (mixed's, x1.04) moves with every fork, while
            // lists' round of 9 contenders took the rounds mixed needed.
            val open = groups.map(::judge).filter { it.contenders.isNotEmpty() }
                .sortedWith(compareBy<Open> { it.need }.thenBy { g -> g.contenders.sumOf { it.entry.lastForkNanos } })
            if (open.isEmpty()) break
            // A waiting group that can shed its far cells ([Open.sheds]) gets that round after the near groups'.
            val near = (open.filter { it.need <= options.maxForks } + open.filter { it.sheds(options.maxForks) })
                .ifEmpty { open.filter { it.need <= RaceRules.NEED_HORIZON } }.ifEmpty { open.take(1) }
            val served = affordable(near)
            val rounds = paid(
                served.map { g ->
                    g to
                        RaceRules.interleaved(g.round(options.maxForks), round + 1) {
                            it.entry.spec.strategy.spec
                        }.filter { c ->
                            val more = c.ranked.forks.size < options.maxForks
                            if (!more) {
                                c.entry.stop(
                                    RaceStop.MAX_FORKS,
                                    "undecided after ${options.maxForks} forks that count: " +
                                        "the difference is within the noise",
                                )
                            }
                            more
                        }
                }.filter { it.second.isNotEmpty() },
            )
            // Each pass that serves nobody stops at least one cell, so the loop ends.
            if (rounds.isEmpty()) continue
            round++
            val left = options.budgetNanos - elapsed()
            val waiting = (open - near.toSet()).map { it.key }
            val short = (near - served.toSet()).map { it.key }
            val forks = rounds.sumOf { it.second.size }
            listener.roundStarted(round, forks, rounds.map { it.first.key }, left, waiting, options.maxForks, short)
            rounds.forEach { (g, contenders) -> serve(contenders, g.warmups, cells.size) }
        }
        for (e in entries) {
            e.stop(RaceStop.MAX_FORKS, "undecided")
            val runs = e.result.timeNs?.runs?.size ?: 0
            val further = (e.furtherNanos / (e.forks - 1).coerceAtLeast(1)).takeIf { e.forks > 1 }
            val race = RaceInfo(e.forks, runs, e.stop!!, e.reason, e.screeningNanos, further)
            book.replace(e.index, e.result.copy(race = race))
        }
    }

    private fun elapsed() = nanoTime() - start

    /** Whether the budget, less its reserve, still pays for a fork of about [forkNanos]. */
    private fun affords(forkNanos: Long) = elapsed() + forkNanos <= options.budgetNanos - FINISH_RESERVE_NANOS

    /**
     * Of the groups a round would serve ([served], in its order), those whose forks fit in the budget left: the
     * groups whose forks so far count first, a round each, then those whose single-shot screening forks the first
     * timing round replaces, two rounds each, since no test decides on one fork a side; a group that does not fit
     * waits for a later round. Measured in a default run: the
     * first timing round of `lists`' ten contenders took 22 s and settled nothing, and the groups that could
     * have been settled ran out of budget. The first group is always served: its round stops on the budget itself.
     */
    private fun affordable(served: List<Open>): List<Open> {
        var left = options.budgetNanos - FINISH_RESERVE_NANOS - elapsed()
        val fits = served.sortedBy { it.unconfirmed }.filter { g ->
            val cost =
                g.round(options.maxForks).sumOf { it.entry.lastForkNanos } * if (g.unconfirmed) MIN_TEST_FORKS else 1
            (cost <= left).also { if (it) left -= cost }
        }.toSet()
        return served.filter { it in fits }.ifEmpty { served.take(1) }
    }

    /**
     * The [rounds] the budget left pays for in full, in their order (each fork about as long as the cell's last);
     * the others' contenders stop ([RaceStop.BUDGET]) before the round is announced, so that it names only the
     * groups that get their forks.
     */
    private fun paid(rounds: List<Pair<Open, List<Contender>>>): List<Pair<Open, List<Contender>>> {
        var left = options.budgetNanos - FINISH_RESERVE_NANOS - elapsed()
        return rounds.filter { (_, contenders) ->
            val cost = contenders.sumOf { it.entry.lastForkNanos }
            (cost <= left).also { fits ->
                if (fits) left -= cost else contenders.forEach { it.entry.stop(RaceStop.BUDGET, shortOfRound(cost)) }
            }
        }
    }

    private fun shortOfRound(cost: Long) = "the run's budget (${options.budgetNanos / NANOS_PER_SECOND} s) could not " +
        "pay for another round of its group (about ${cost / MILLIS} ms); its group stays undecided"

    /**
     * One more fork for each of a group's [contenders], or none: a group whose round the budget cannot
     * pay for in full (each fork about as long as the cell's last) stays undecided, and what is left
     * goes to cheaper groups, as forks for only some of its cells could not settle it. An `avgt` fork
     * warms up for the group's [warmups] ([RaceRules.groupWarmups]).
     */
    private fun serve(contenders: List<Contender>, warmups: Int, total: Int) {
        val cost = contenders.sumOf { it.entry.lastForkNanos }
        if (!affords(cost)) {
            contenders.forEach { it.entry.stop(RaceStop.BUDGET, shortOfRound(cost)) }
            return
        }
        for ((e, ranked) in contenders) {
            if (!affords(e.lastForkNanos)) {
                e.stop(
                    RaceStop.BUDGET,
                    "the run's budget (${options.budgetNanos / NANOS_PER_SECOND} s) could not pay for " +
                        "another fork (about ${e.lastForkNanos / MILLIS} ms); its group stays undecided",
                )
            } else {
                val time = ranked.time
                val runs = RaceRules.runs(time, e.lastForkNanos, time.forks?.last() ?: time.runs.size)
                val plan = RaceRules.more(e.result.plan!!.mode, time.median, warmups, runs)
                fork(e, plan, total, null, ranked)
            }
        }
    }

    /** One fork of [e]; a further fork adds its runs to the cell's so far ([ranked]), a screening fork has none. */
    private fun fork(e: Entry, plan: MeasurementPlan?, total: Int, eta: Long?, ranked: RankedCell? = null) {
        listener.cellStarted(e.index + 1, total, e.spec, plan, elapsed(), eta)
        val worthRerun = tally.worthRerun()
        var outcome = launch(e, plan)
        // Once, within the budget and unless the machine is simply busy: a re-run disturbed too counts.
        if (plan != null && DisturbedForks.otherCores(outcome.result, cores) != null && affords(e.lastForkNanos) &&
            worthRerun
        ) {
            // Only the timed runs were disturbed, so the re-run times only: a screening fork's untimed figures stand,
            // and its re-run warms up as the screening fork's search found.
            val screening = e.forks == 0
            val againPlan = if (screening) CellForks.steadyPlan(plan, outcome.result.forks) else plan
            listener.cellStarted(e.index + 1, total, e.spec, againPlan, elapsed(), null)
            val again = launch(e, againPlan, figures = false)
            outcome =
                if (screening) DisturbedForks.screenedAgain(outcome, again) else DisturbedForks.setAside(outcome, again)
        }
        if (e.forks == 0) e.screeningNanos = e.lastForkNanos else e.furtherNanos += e.lastForkNanos
        e.result = when {
            ranked == null -> outcome.result.also { e.screening = it }

            // A single-shot screening fork's one cold batch chose the contenders; their later, alike forks decide them.
            !e.confirmed -> ForkMerge.confirmed(e.result, outcome.result)

            else -> ForkMerge.merged(ranked, outcome.result)
        }
        if (plan != null) e.forks++
        book.record(e.index, JmhCellRunner.Outcome(e.result, outcome.jmh))
        listener.cellFinished(e.index + 1, total, e.result)
    }

    /**
     * One JVM of [e] with [plan], with its untimed [figures] or its timed runs only; [Entry.lastForkNanos] becomes
     * its wall time.
     */
    private fun launch(e: Entry, plan: MeasurementPlan?, figures: Boolean = e.forks == 0): JmhCellRunner.Outcome {
        val t0 = nanoTime()
        // Further forks add timed runs only: the threads, trace, limit and evidence are the screening fork's.
        val outcome = measurer.fork(e.index + 1, e.spec, plan, figures)
        e.lastForkNanos = nanoTime() - t0
        tally.add(DisturbedForks.otherCores(outcome.result, cores) != null)
        return outcome
    }

    /** The run's remaining time, guessed from the average so far, once [done] of [total] cells are done. */
    private fun eta(done: Int, total: Int): Long? = if (done == 0) null else elapsed() / done * (total - done)

    /**
     * Runs the trace passes of [requests] ([FloorTraces]), each cell having its `why` it cannot win
     * by its floor; returns the requests whose traced batch beat the floor, which only a wrong
     * concurrency model can cause: those cells are then screened like any other.
     */
    private fun traceOnly(
        requests: List<FloorTraces.Request>,
        entries: List<Entry>,
        total: Int,
        counted: () -> Unit,
    ): List<FloorTraces.Request> {
        val wrongModel = mutableListOf<FloorTraces.Request>()
        if (requests.isEmpty()) return emptyList()
        val atOnce = minOf(FloorTraces.PARALLELISM, requests.size)
        val side = if (atOnce > 1) "; traced beside up to ${atOnce - 1} other trace-only cell(s)" else ""
        listener.tracesStarted(requests.size, atOnce, elapsed())
        val traces = FloorTraces({ r -> measurer.traceOnly(r.index, r.spec, r.plan, r.floorNs) }, nanoTime)
        traces.run(requests) { (r, result, nanos) ->
            if (result.status == CellStatus.OK && (result.tracedNs ?: 0.0) < r.floorNs) {
                wrongModel += r
                return@run
            }
            val e = entries[r.index - 1]
            e.lastForkNanos = nanos
            e.screeningNanos = nanos
            e.result = result
            e.screening = result
            e.forks = 1
            // Not ok: the group's judgement stops it as such.
            if (result.status == CellStatus.OK) e.stop(RaceStop.FLOOR, r.why + side)
            book.record(e.index, JmhCellRunner.Outcome(result, null))
            listener.cellFinished(r.index, total, result)
            counted()
        }
        return wrongModel
    }

    /** A cell that races on: its [entry] and its runs so far as a [ranked] cell of its group. */
    private data class Contender(val entry: Entry, val ranked: RankedCell)

    /**
     * A group's cells that need another fork, the forks a side its pairs still need
     * ([RaceRules.forksNeeded]) and the warm-up its further forks get ([RaceRules.groupWarmups]).
     */
    private class Open(
        val contenders: List<Contender>,
        val need: Int,
        val warmups: Int = 0,
        private val leaderForks: Int = 0,
        private val shedding: List<Contender> = emptyList(),
    ) {
        val key: GroupKey get() = contenders.first().entry.spec.group

        /**
         * The [contenders] a round gives a fork: the leader, which has [leaderForks], and each other cell with no
         * more. Every pair is the leader's, so its forks bound every test, and a cell ahead of it in forks would gain
         * its pair little. It happens when the lead passes to a cell that waited as equivalent: measured in a
         * default run (2 cores, Temurin 25.0.3, 2026-11-29), `network`'s lead passed to `virtual-threads` with 2
         * forks that count against `thread-per-task`'s 4, whose pair (×1.15; forks of 112–120 ms against 100.4 ms)
         * then read 99.8% CI 0.991–1.33, and the budget ended the group undecided.
         */
        fun catchingUp(): List<Contender> = contenders.filter { it.ranked.forks.size <= leaderForks }

        /**
         * Whether the group waits (not even [maxForks] forks a side would settle it) but can shed cells a second
         * fork a side may separate from its leader ([RaceRules.shedding]): its round is then theirs and the leader's.
         */
        fun sheds(maxForks: Int): Boolean = need > maxForks && shedding.isNotEmpty()

        /** The [contenders] a round gives a fork: those it [sheds], else those [catchingUp]. */
        fun round(maxForks: Int): List<Contender> = if (sheds(maxForks)) shedding else catchingUp()

        /** Some contender's runs so far do not count ([Entry.confirmed]): its first timing fork replaces them. */
        val unconfirmed: Boolean get() = contenders.any { !it.entry.confirmed }
    }

    /**
     * Stops what a group's runs so far settle and returns the cells that need another fork: none
     * once the group is decided. Cells not ok stop; a cell the group's test puts behind the current
     * leader stops until a later judgement finds it is not.
     */
    private fun judge(group: List<Entry>): Open {
        group.filter { it.result.status != CellStatus.OK }
            .forEach { it.stop(RaceStop.NOT_OK, "${it.result.status}: ${it.result.error?.lineSequence()?.first()}") }
        group.forEach(Entry::reopen)
        val byResult = group.associateBy { it.result }
        val ranked = RaceRules.ranked(group.map { it.result })
        // A decision names a cell by its strategy, which is one cell within a group (CellKey).
        val byStrategy = ranked.associateBy { it.strategy }
        val leader = ranked.firstOrNull() ?: return NONE
        val margin = RaceRules.margin(leader, harnessNsPerItem, margin)
        val decision = GroupDecision.ofRanked(ranked, margin, options.looks)
        for (test in decision.tests) {
            val (stop, why) = RaceRules.settled(test, leader.strategy, decision.winnerForks) ?: continue
            byResult.getValue(byStrategy.getValue(test.strategy).cell).stop(stop, why)
        }
        val racing = ranked.map { Contender(byResult.getValue(it.cell), it) }
            .filter { it.entry.stop == null || it.entry.stop == RaceStop.BUDGET }
        racing.firstOrNull { it.entry.stop == RaceStop.BUDGET }?.let { short ->
            // One contender could not be paid for: the group stays undecided, and says so on every contender.
            racing.forEach { it.entry.stop(RaceStop.BUDGET, short.entry.reason) }
            return NONE
        }
        if (decision.status != GroupStatus.UNDECIDED) {
            val text = if (decision.tests.isEmpty()) {
                "decided: every other cell of the group is not ok or ruled out by its floor"
            } else {
                "decided: ${leader.strategy} is ahead of or within ${DecisionReasons.percent(margin)} of every " +
                    "other cell, by forks (${decision.reason})"
            }
            // The cells still racing and those waiting as equivalent (part of the tie) stop as decided.
            group.filter { it.stop == RaceStop.EQUIVALENT }.forEach(Entry::reopen)
            group.filter { it.stop == null }.forEach { it.stop(RaceStop.DECIDED, text) }
            return NONE
        }
        // Undecided: a pair that no fork more can settle ends the group's race, not the run's.
        val others = decision.tests.map { test -> test to byStrategy.getValue(test.strategy) }
        others.firstNotNullOfOrNull { (test, cell) ->
            RaceRules.tooClose(test, leader.forks, cell.forks, margin, options.maxForks)
        }
            ?.let { why ->
                racing.forEach { it.entry.stop(RaceStop.TOO_CLOSE, why) }
                return NONE
            }
        // Before a group's first timing round its forks' variances are known only as their least (each screening
        // fork's runs' own noise, [RaceRules.forkVariance]): a group that even this says its race's most forks could
        // not settle (lists, whose runs spread 30-40% within a fork) waits from the second round, as after it.
        // Measured in two of three quiet default runs: lists' first timing round took 21-22 s, settled nothing, and the
        // group that then ran out of budget (mixed, network) needed one round of about 7 s.
        val leaderVariance = RaceRules.forkVariance(leader.time, leader.forks)
        val need = others.maxOfOrNull { (test, cell) ->
            val variance = RaceRules.forkVariance(cell.time, cell.forks)
            RaceRules.forksNeeded(test, leader.forks, cell.forks, leaderVariance, variance, margin, options.looks)
        }
        val shed = RaceRules.shedding(leader, racing.map { it.ranked }).toSet()
        val shedding = racing.filter { it.ranked in shed }
        return Open(
            racing,
            need ?: 0,
            RaceRules.groupWarmups(
                racing.map {
                    it.entry.screening
                },
            ),
            leader.forks.size,
            shedding,
        )
    }

    private companion object {
        private val NONE = Open(emptyList(), 0)

        /** The stops a group's test gave, which the next judgement gives again or lifts. */
        private val REOPENED = setOf(RaceStop.BEHIND, RaceStop.CANNOT_WIN, RaceStop.EQUIVALENT)
        const val NANOS_PER_SECOND = 1_000_000_000L
        const val MILLIS = 1_000_000L

        /** The timing forks a side the least test takes (the screening fork's runs do not count once they exist). */
        const val MIN_TEST_FORKS = 2

        /**
         * What the run keeps of its budget for its last results files and report (about a second for
         * 130 cells) and for a last fork longer than its estimate.
         */
        const val FINISH_RESERVE_NANOS = 5 * NANOS_PER_SECOND
    }
}
