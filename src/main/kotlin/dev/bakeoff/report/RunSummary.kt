package dev.bakeoff.report

import dev.bakeoff.metrics.DecisionReasons
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.PairOutcome

/**
 * A run's answer to the question users come with, in one [sentence] ("In short, on this machine: for blocking
 * waits (network, storage) virtual-threads or executor-cached (tied); for small CPU work (arithmetic) direct;
 * for CPU work (lists) undecided (parallel-stream leads)."), and, where groups are undecided, one more sentence
 * on what to do next beyond `--budget` ([nextSteps]: each one's open pairs and the command that races only them).
 * Read from the decisions a [RunView] already holds, never recomputed; the console ends its answer with it,
 * report.html starts its answer with it. One sentence each, so a default run's console stays within its length.
 * Immutable; [of] is pure.
 */
internal class RunSummary(val sentence: String?, val nextSteps: String?) {
    /** The sentence, then the next steps: the lines the console prints after the answer. */
    val lines: List<String> get() = listOfNotNull(sentence, nextSteps)

    companion object {
        fun of(view: RunView): RunSummary {
            val groups = view.groups.filter { it.ranked.isNotEmpty() }
            if (groups.isEmpty()) return RunSummary(null, null)
            val names = names(groups.map { it.key })
            // Groups of one kind with one outcome share a clause, in the order their first group appears.
            val clauses = groups.groupBy { WorkKind.of(it) to outcome(it) }.map { (kindAndOutcome, same) ->
                val (kind, outcome) = kindAndOutcome
                "for ${kind.phrase} (${same.joinToString { names.getValue(it.key) }}) $outcome"
            }
            val where = if (groups.any { it.key.machine != null }) "per machine" else "on this machine"
            return RunSummary("In short, $where: ${clauses.joinToString("; ")}.", nextSteps(groups, names))
        }

        /** Each group by its subject alone, or by its whole title where two groups share a subject. */
        fun names(groups: List<GroupKey>): Map<GroupKey, String> {
            val shared = groups.groupingBy { it.subject }.eachCount()
            return groups.associateWith { if (shared.getValue(it.subject) > 1) it.title else it.subject }
        }

        /** `direct`; `a or b (tied)`; `undecided (a leads)`: the group's decision in a few words. */
        private fun outcome(group: RankedGroup): String {
            val leaders = group.leaders.map { it.strategy }
            return when (group.decision?.status) {
                GroupStatus.TIE -> leaders.dropLast(1).joinToString() + " or ${leaders.last()} (tied)"
                GroupStatus.UNDECIDED -> "undecided (${leaders.first()} leads)"
                else -> leaders.first()
            }
        }

        /**
         * For the undecided groups: their open pairs and how to settle them other than with a longer `--budget` (the
         * run's own hint says that): race only the leader and the strategies not told apart from it, so the whole
         * budget goes to them, or accept a wider tie with `--margin`. Null when every group is settled.
         */
        private fun nextSteps(groups: List<RankedGroup>, names: Map<GroupKey, String>): String? {
            val open = groups.filter { it.decision?.status == GroupStatus.UNDECIDED }.ifEmpty { return null }
            val each = open.joinToString("; ") { g -> "${names.getValue(g.key)} (${pairs(g)}) with `${command(g)}`" }
            val wider = DecisionReasons.percent(open.maxOf { checkNotNull(it.decision).margin } * 2)
            return "To settle an undecided group besides a longer --budget, race only its open pairs, so the whole " +
                "budget goes to them: $each; or, if a gap under $wider does not matter to you, `--margin $wider` " +
                "lets a close pair end as a tie."
        }

        /** The strategies still open against the winner; files written before pairs kept outcomes: the tied ones. */
        private fun openAgainst(group: RankedGroup): List<String> {
            val decision = checkNotNull(group.decision)
            return decision.tests.filter { it.outcome == PairOutcome.UNRESOLVED }.map { it.strategy }
                .ifEmpty { decision.tiedWith }
        }

        private fun pairs(group: RankedGroup): String =
            openAgainst(group).joinToString(prefix = "${checkNotNull(group.decision).winner} against ")

        /**
         * `bakeoff run -w lists -s a,b` (with `-n` and `--wait` where not the defaults), or `-s a,b` for a scenario.
         */
        private fun command(group: RankedGroup): String {
            val racing = (listOf(checkNotNull(group.decision).winner) + openAgainst(group)).joinToString(",")
            if (group.cells.any { it.scenario != null }) return "-s $racing"
            val items = " -n ${group.key.items}".takeIf { group.key.items != DEFAULT_ITEMS }.orEmpty()
            val wait = " --wait ${group.key.wait.id}".takeIf { group.key.wait != WaitForm.BLOCKING }.orEmpty()
            return "bakeoff run -w ${group.key.subject}$items$wait -s $racing"
        }

        /** What `bakeoff run` measures a batch of when `-n` is not given. */
        private const val DEFAULT_ITEMS = 100
    }
}

/**
 * The kind of work a group measures, from its cells' physical limit ([dev.bakeoff.result.LimitParts]): waits
 * the CPU does not outweigh, CPU with waits, CPU work whose items cost under [SMALL_ITEM_NS] each (less than
 * handing an item to another thread costs, so spreading it cannot pay), other CPU work, or, in a file without
 * limit parts, other work. Immutable.
 */
internal enum class WorkKind(val phrase: String) {
    BLOCKING_WAITS("blocking waits"),
    SUSPENDING_WAITS("suspending waits"),
    CPU_WITH_WAITS("CPU work with waits"),
    SMALL_CPU("small CPU work"),
    CPU("CPU work"),
    OTHER("other work"),
    ;

    companion object {
        /** Handing an item to another thread costs about a microsecond: smaller items cannot gain by it. */
        const val SMALL_ITEM_NS = 1_000.0

        fun of(group: RankedGroup): WorkKind {
            val parts = group.cells.firstNotNullOfOrNull { it.limitParts } ?: return OTHER
            val cpu = parts.cpuBeforeNs + (parts.cpuAfterNs ?: 0.0)
            return when {
                parts.waitNs > 0 && cpu / parts.cores >= parts.waitNs -> CPU_WITH_WAITS
                parts.waitNs > 0 && group.key.wait == WaitForm.BLOCKING -> BLOCKING_WAITS
                parts.waitNs > 0 -> SUSPENDING_WAITS
                cpu / group.key.items < SMALL_ITEM_NS -> SMALL_CPU
                else -> CPU
            }
        }
    }
}
