package dev.bakeoff.report

import dev.bakeoff.metrics.DecisionReasons
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.PairOutcome

/**
 * A run's answer to the question users come with, in one [sentence] ("In short, on this machine: for blocking
 * waits (network, storage) virtual-threads or executor-cached (tied); for small CPU work (arithmetic) direct;
 * for CPU work (lists) undecided (parallel-stream leads)."), and for each undecided group what to do next beyond `--budget`
 * ([nextSteps]). Read from the decisions a [RunView] already holds, never recomputed; the console ends its answer
 * with it, report.html starts its answer with it. Immutable; [of] is pure.
 */
internal class RunSummary(val sentence: String?, val nextSteps: List<String>) {
    /** The sentence, then the next steps: the lines the console prints after the answer. */
    val lines: List<String> get() = listOfNotNull(sentence) + nextSteps

    companion object {
        fun of(view: RunView): RunSummary {
            val groups = view.groups.filter { it.ranked.isNotEmpty() }
            if (groups.isEmpty()) return RunSummary(null, emptyList())
            val names = names(groups.map { it.key })
            // Groups of one kind with one outcome share a clause, in the order their first group appears.
            val clauses = groups.groupBy { WorkKind.of(it) to outcome(it) }.map { (kindAndOutcome, same) ->
                val (kind, outcome) = kindAndOutcome
                "for ${kind.phrase} (${same.joinToString { names.getValue(it.key) }}) $outcome"
            }
            val where = if (groups.any { it.key.machine != null }) "per machine" else "on this machine"
            val sentence = "In short, $where: ${clauses.joinToString("; ")}."
            return RunSummary(sentence, groups.mapNotNull { nextStep(it, names.getValue(it.key)) })
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
         * For an undecided group: the pairs still open and how to settle them other than with a longer `--budget`
         * (the run's own hint says that): race only the leader and the strategies not told apart from it, so the
         * whole budget goes to them, or accept a wider tie with `--margin`.
         */
        private fun nextStep(group: RankedGroup, name: String): String? {
            val decision = group.decision?.takeIf { it.status == GroupStatus.UNDECIDED } ?: return null
            // Files written before each pair kept its outcome have only the strategies not told apart.
            val open = decision.tests.filter { it.outcome == PairOutcome.UNRESOLVED }.map { it.strategy }
                .ifEmpty { decision.tiedWith }
            val pairs = open.joinToString { "${decision.winner} against $it" }
            val racing = (listOf(decision.winner) + open).joinToString(",")
            val command = if (group.cells.any { it.scenario != null }) {
                "-s $racing"
            } else {
                val items = " -n ${group.key.items}".takeIf { group.key.items != DEFAULT_ITEMS }.orEmpty()
                val wait = " --wait ${group.key.wait.id}".takeIf { group.key.wait != WaitForm.BLOCKING }.orEmpty()
                "bakeoff run -w ${group.key.subject}$items$wait -s $racing"
            }
            val wider = DecisionReasons.percent(decision.margin * 2)
            return "$name is undecided, ${open.size} pair(s) still open ($pairs): to settle it, race only those " +
                "with `$command` (the whole budget goes to them), or, if a gap under $wider does not matter to " +
                "you, `--margin $wider` lets a close pair end as a tie"
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
