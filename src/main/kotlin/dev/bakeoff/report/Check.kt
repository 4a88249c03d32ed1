package dev.bakeoff.report

import dev.bakeoff.metrics.DecisionReasons
import dev.bakeoff.metrics.ForkComparison
import dev.bakeoff.metrics.ForkRatio
import dev.bakeoff.metrics.ForkSample
import dev.bakeoff.metrics.ForkVerdict
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.Machine
import dev.bakeoff.result.PairOutcome
import dev.bakeoff.result.Results
import dev.bakeoff.result.fingerprint
import dev.bakeoff.wording.Units

/** A gate of `bakeoff check`, named on the command line by [id]. */
internal enum class Gate(val id: String, val summary: String) {
    WINNER_CHANGED("winner-changed", "a group's decided winner is no longer the winner or tied with it"),
    SLOWER("slower", "the strategy (--strategy, or the baseline's winner) slower than the margin"),
    STATUS("status", "a cell that was ok is not"),
    ;

    override fun toString(): String = id
}

/** How one gate came out on one group; only [FAILED] fails the check. */
internal enum class GateOutcome(val label: String) {
    HELD("held"),
    FAILED("failed"),

    /** The data cannot tell: never a failure, and said so. */
    NOT_TOLD_APART("not told apart"),
    NOT_COMPARED("not compared"),
    ;

    override fun toString(): String = label
}

/** What one [gate] found on one group, in one line with its figures (read after its [outcome]'s label). */
internal data class Finding(val gate: Gate, val outcome: GateOutcome, val text: String)

/**
 * One group of both runs: its [title], the [answer] before and now (winner and status, and the order
 * where it changed) and one [Finding] per gate checked, of which [failed] failed.
 */
internal data class GroupCheck(val title: String, val answer: String, val findings: List<Finding>) {
    val failed: List<Finding> get() = findings.filter { it.outcome == GateOutcome.FAILED }
}

/** What `bakeoff check` was asked: the [gates], the [margin], the [strategy] to hold, [acrossMachines]. */
internal data class CheckSettings(
    val gates: Set<Gate> = Gate.entries.toSet(),
    val margin: Double = GroupDecision.DEFAULT_MARGIN,
    val strategy: String? = null,
    val acrossMachines: Boolean = false,
)

/** A check that cannot be made: another machine kind, or nothing in common. One line, its data shown safely. */
internal class CheckRefusedException(message: String) : RuntimeException(SafeText.line(message))

/**
 * `bakeoff check`: a baseline run held against a current one ([of]), group by group ([GroupKey]),
 * by the gates of [settings]. Times are compared by forks, as the race decides ([ForkSample],
 * [ForkRatio]: Welch's t on the forks' log medians) and by the race's rule for slower: a strategy
 * is slower only when its ratio (now / before) is over 1 + margin and the whole interval of that
 * ratio at [confidence] lies above 1. The confidence splits the error rate [GroupDecision.ALPHA] over every
 * ratio the check tests (Bonferroni, as the decision splits it over its pairs), so the check as a whole calls a
 * change where there is none at most that often. A difference the forks cannot tell apart never fails. Runs on
 * two machine kinds are refused unless [CheckSettings.acrossMachines], which compares decisions (winners, order)
 * only.
 * Immutable; [of] is pure.
 */
internal data class Check(
    val settings: CheckSettings,
    /** What was compared of the machines: kind, fingerprint, JDK, OS and libraries, a line each. */
    val machine: List<String>,
    val groups: List<GroupCheck>,
    /** Groups found on one side only. */
    val notCompared: List<String>,
    /** Two-sided confidence of the intervals the slower gate read. */
    val confidence: Double,
) {
    /** Every failed finding, with its group's title. */
    val failures: List<Pair<String, Finding>> get() = groups.flatMap { g -> g.failed.map { g.title to it } }

    val passed: Boolean get() = failures.isEmpty()

    companion object {
        /** Checks [current] against [baseline]; throws [CheckRefusedException] when they cannot be compared. */
        fun of(baseline: Results, current: Results, settings: CheckSettings = CheckSettings()): Check {
            val kinds = kinds(baseline) to kinds(current)
            if (kinds.first != kinds.second && !settings.acrossMachines) {
                throw CheckRefusedException(
                    "the baseline ran on another machine kind (${kinds.first.joinToString(" + ")}) than the " +
                        "current run (${kinds.second.joinToString(" + ")}): a time ratio would measure the " +
                        "machines; give --across-machines to compare decisions (winners, order) only",
                )
            }
            val before = groups(baseline)
            val now = groups(current)
            val matched = before.keys.filter { it in now }
            if (matched.isEmpty()) {
                fun first(groups: Map<GroupKey, RankedGroup>) = groups.values.firstOrNull()?.title ?: "none"
                throw CheckRefusedException(
                    "the baseline and the current run have no group in common (baseline: ${first(before)}; " +
                        "current: ${first(now)})",
                )
            }
            val timed = Gate.SLOWER in settings.gates && !settings.acrossMachines
            val pairs = if (timed) {
                matched.associateWith { timedPair(settings, before.getValue(it), now.getValue(it)) }
            } else {
                emptyMap()
            }
            val tested = pairs.values.count { it?.tested == true }
            val confidence = ForkVerdict.confidence(tested)
            val checks = matched.map { key ->
                val b = before.getValue(key)
                val n = now.getValue(key)
                val findings = settings.gates.sortedBy { it.ordinal }.map { gate ->
                    when (gate) {
                        Gate.WINNER_CHANGED -> winnerChanged(b, n)

                        Gate.SLOWER ->
                            if (timed) slower(settings, pairs[key], confidence) else fellBehind(settings, b, n)

                        Gate.STATUS -> status(b, n)
                    }
                }
                GroupCheck(b.title, answer(b, n), findings)
            }
            val notCompared = before.filterKeys { it !in now }.values.map { "only in the baseline: ${it.title}" } +
                now.filterKeys { it !in before }.values.map { "only in the current run: ${it.title}" }
            return Check(settings, machineLines(baseline, current), checks, notCompared, confidence)
        }

        /**
         * What makes two machines the same kind: processor, cores (and those the measured JVMs saw),
         * memory, OS and architecture. Not the JDK or the OS version, which a baseline is meant to
         * outlive (they are compared and shown), nor the harness figure, which every run measures anew.
         */
        fun kind(m: Machine): String {
            val measured = if (m.cores != m.hostCores) " (${m.cores} measured)" else ""
            return "${m.cpuModel ?: "unnamed processor"}, ${m.hostCores} cores$measured, " +
                "${m.memoryBytes / GIB} GiB, ${osName(m)} ${m.arch}"
        }

        private fun osName(m: Machine) = m.os.substringBeforeLast(' ')

        private fun machinesOf(r: Results): Map<String, Machine> =
            r.machines ?: mapOf(r.machine.fingerprint to r.machine)

        private fun kinds(r: Results): Set<String> = machinesOf(r).values.map(::kind).toSortedSet()

        private fun fingerprints(r: Results): String = machinesOf(r).keys.sorted().joinToString(" + ")

        /**
         * A run's groups, keyed to match the other run's: the machine's fingerprint holds the JDK, so a
         * key names the machine's kind instead, and only where one file holds several.
         */
        private fun groups(r: Results): Map<GroupKey, RankedGroup> {
            val machines = machinesOf(r)
            val several = kinds(r).size > 1
            return RunView.of(r).groups.associateBy { g ->
                g.key.copy(machine = if (several) g.key.machine?.let { machines[it] }?.let(::kind) else null)
            }
        }

        /** `direct (decided) → virtual-threads (decided)`, then the order where it changed. */
        private fun answer(b: RankedGroup, n: RankedGroup): String {
            fun side(g: RankedGroup) = g.decision?.let { "${it.winner} (${it.status})" } ?: "no ranked cell"
            val order = b.ranked.map { it.strategy } to n.ranked.map { it.strategy }
            val changed = if (order.first != order.second) {
                "; order ${order.first.joinToString()} → ${order.second.joinToString()}"
            } else {
                ""
            }
            return "${side(b)} → ${side(n)}$changed"
        }

        private fun winnerChanged(b: RankedGroup, n: RankedGroup): Finding {
            val gate = Gate.WINNER_CHANGED
            val before = b.decision ?: return Finding(gate, GateOutcome.NOT_COMPARED, "no ranked cell in the baseline")
            if (before.status == GroupStatus.UNDECIDED) {
                return Finding(gate, GateOutcome.NOT_TOLD_APART, "no decided winner in the baseline: ${before.reason}")
            }
            return standing(gate, before.winner, n, wasLeader = true, role = "the baseline's winner")
        }

        /** Across machines, `slower` reads decisions: the strategy led (won or tied) and is behind now. */
        private fun fellBehind(settings: CheckSettings, b: RankedGroup, n: RankedGroup): Finding {
            val gate = Gate.SLOWER
            val before = b.decision ?: return Finding(gate, GateOutcome.NOT_COMPARED, "no ranked cell in the baseline")
            val s = settings.strategy ?: before.winner
            if (b.ranked.none { it.strategy == s }) {
                return Finding(gate, GateOutcome.NOT_COMPARED, "$s is not ranked in the baseline's group")
            }
            val leader = s == before.winner || s in before.tiedWith
            return standing(gate, s, n, leader, role = if (leader) "a leader before" else "behind before")
        }

        /**
         * Where strategy [s] stands in [n]'s decision: the winner or tied with it holds; behind it fails
         * when [wasLeader]; not told apart never fails.
         */
        private fun standing(gate: Gate, s: String, n: RankedGroup, wasLeader: Boolean, role: String): Finding {
            val cell = n.cells.firstOrNull { it.strategy == s }
                ?: return Finding(gate, GateOutcome.NOT_COMPARED, "$s, $role, was not measured in the current run")
            val now = n.decision
            if (now == null || !GroupDecision.rankable(cell)) {
                val outcome = if (wasLeader) GateOutcome.FAILED else GateOutcome.HELD
                val why = "${cell.status}, ${RankedGroup.reason(cell)}"
                return Finding(gate, outcome, "$s, $role, is not ranked now: $why")
            }
            if (now.winner == s) return Finding(gate, GateOutcome.HELD, "$s, $role, wins (${now.status})")
            val t = now.tests.first { it.strategy == s }
            val figures = DecisionReasons.figures(t, now.winnerForks)
            return when {
                t.outcome.behind && wasLeader ->
                    Finding(gate, GateOutcome.FAILED, "winner changed: $s, $role, is behind ${now.winner} $figures")

                t.outcome.behind -> Finding(gate, GateOutcome.HELD, "$s, $role, is still behind ${now.winner} $figures")

                t.outcome == PairOutcome.EQUIVALENT ->
                    Finding(gate, GateOutcome.HELD, "$s, $role, is tied with ${now.winner} within the margin $figures")

                else -> Finding(gate, GateOutcome.NOT_TOLD_APART, "$s, $role, against ${now.winner} $figures")
            }
        }

        /**
         * The strategy's cell in the baseline's group against its cell now, as the slower gate compares them
         * (only slower fails, so only a cell behind is separated), or null when it is not ranked on a side.
         */
        private fun timedPair(settings: CheckSettings, b: RankedGroup, n: RankedGroup): ForkComparison? {
            val s = settings.strategy ?: b.decision?.winner ?: return null
            val before = b.rankedCells.firstOrNull { it.strategy == s } ?: return null
            val now = n.rankedCells.firstOrNull { it.strategy == s } ?: return null
            return ForkComparison(before, now, slowerOnly = true)
        }

        private fun slower(settings: CheckSettings, pair: ForkComparison?, confidence: Double): Finding {
            val gate = Gate.SLOWER
            val s = settings.strategy ?: "the baseline's winner"
            pair ?: return Finding(gate, GateOutcome.NOT_COMPARED, "$s is not ranked in both runs' group")
            return slower(pair, settings.margin, confidence)
        }

        /**
         * The slower gate on [pair] (now against the baseline): failed when the forks are separated or the
         * verdict at [confidence] is slower; held when the whole interval lies below 1 + [margin].
         */
        private fun slower(pair: ForkComparison, margin: Double, confidence: Double): Finding {
            val gate = Gate.SLOWER
            val strategy = pair.candidate.strategy
            val fr = pair.test ?: return Finding(
                gate,
                GateOutcome.NOT_TOLD_APART,
                "$strategy has ${pair.baseline.forks.size} steady fork(s) in the baseline and " +
                    "${pair.candidate.forks.size} now, and a test takes at least ${ForkRatio.MIN_FORKS} a side " +
                    "(ratio of medians ×${Units.ratio(pair.medianRatio)})",
            )
            if (pair.separation != null) {
                return Finding(
                    gate,
                    GateOutcome.FAILED,
                    "$strategy slower: ×${Units.ratio(pair.ratio)}, its fastest fork now over " +
                        "${Units.sig3(pair.separationFactor)}× the baseline's slowest (${pair.sides})",
                )
            }
            val figures = pair.figures(confidence)
            val against = "the ${DecisionReasons.percent(margin)} margin"
            return when {
                pair.verdict(margin, confidence) == ForkVerdict.SLOWER ->
                    Finding(gate, GateOutcome.FAILED, "$strategy slower: $figures, beyond $against")

                fr.interval(confidence).second <= 1 + margin ->
                    Finding(gate, GateOutcome.HELD, "$strategy $figures, not slower than $against")

                else -> Finding(gate, GateOutcome.NOT_TOLD_APART, "${pair.sides}, $strategy $figures against $against")
            }
        }

        private fun status(b: RankedGroup, n: RankedGroup): Finding {
            val gate = Gate.STATUS
            val ok = b.cells.filter { it.status == CellStatus.OK }
            val now = ok.mapNotNull { c -> n.cells.firstOrNull { it.strategy == c.strategy } }
            val broken = now.filter { it.status != CellStatus.OK }
            val missing = ok.size - now.size
            val gone = if (missing > 0) "; $missing not measured now" else ""
            return if (broken.isEmpty()) {
                Finding(gate, GateOutcome.HELD, "the ${now.size} cell(s) ok before are ok now$gone")
            } else {
                val what = broken.joinToString { "${it.strategy}: ok → ${it.status} (${RankedGroup.reason(it)})" }
                Finding(gate, GateOutcome.FAILED, "$what$gone")
            }
        }

        /**
         * The machine's kind and fingerprint, JDK, OS and libraries of both runs, and their `--lib` versions where
         * either has some: the same, or what changed.
         */
        private fun machineLines(baseline: Results, current: Results): List<String> {
            val b = baseline.machine
            val n = current.machine
            fun line(what: String, before: String, now: String) =
                if (before == now) "$what: $before" else "$what changed: $before → $now"
            val libraries = (b.libraries.keys + n.libraries.keys).filter { b.libraries[it] != n.libraries[it] }
                .map { "$it ${b.libraries[it] ?: "none"} → ${n.libraries[it] ?: "none"}" }
            return listOf(
                line("machine kind", kinds(baseline).joinToString(" + "), kinds(current).joinToString(" + ")),
                line("fingerprint", fingerprints(baseline), fingerprints(current)),
                line("JDK", "${b.jdkVendor} ${b.jdkVersion}", "${n.jdkVendor} ${n.jdkVersion}"),
                line("OS", b.os, n.os),
            ) + (if (libraries.isEmpty()) emptyList() else listOf("libraries changed: ${libraries.joinToString()}")) +
                listOfNotNull(
                    line("--lib versions", libs(baseline), libs(current))
                        .takeIf { baseline.libs != null || current.libs != null },
                )
        }

        /** `kotlinx-coroutines 1.9.0, 1.11.0`: the versions a several-version run measured, or `none`. */
        private fun libs(r: Results) = r.libs.orEmpty().groupBy({ it.name }, { it.version }).entries
            .joinToString("; ") { (name, versions) -> "$name ${versions.joinToString()}" }.ifEmpty { "none" }

        private const val GIB = 1L shl 30
    }
}
