package dev.bakeoff.report

import dev.bakeoff.metrics.DecisionReasons
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.wording.Units

/**
 * "The answer" for one kind of work (a [RankedGroup]): the strategy that wins it, or the strategies
 * that share it ([leaders], fastest first), the winner's median time and its efficiency against the
 * physical limit, and the decision's one-line reason. The console ends with these lines and
 * report.html begins with them. Immutable.
 */
internal data class Answer(
    val key: GroupKey,
    /** The winner and the strategies not told apart from it, fastest first; empty when nothing completed. */
    val leaders: List<CellResult>,
    val status: GroupStatus?,
    val reason: String,
    /** The decision's practical margin (a share of the winner's median); null when nothing completed. */
    val margin: Double? = null,
) {
    val title: String get() = key.title

    /**
     * The leaders as one phrase: `a`, `a or b`, `a, b or c`; a tie says what it is, `a, b or c:
     * equivalent within 5%` (otherwise the [status] says whether decided or undecided).
     */
    val who: String get() = when {
        leaders.isEmpty() -> "no strategy completed"

        leaders.size == 1 -> leaders.single().strategy

        else -> leaders.dropLast(1).joinToString { it.strategy } + " or ${leaders.last().strategy}" +
            if (status == GroupStatus.TIE && margin != null) {
                ": equivalent within ${DecisionReasons.percent(margin)}"
            } else {
                ""
            }
    }

    /** The winner's median batch time, or null when nothing completed. */
    val time: String? get() = leaders.firstOrNull()?.timeNs?.let { Units.nanos(it.median) }

    /**
     * `efficiency 0.992 (limit 99.0 ms)` where the winner carries a physical limit; above
     * [Verdicts.BEYOND], which no batch can reach, flagged as the measurement problem it is.
     */
    val efficiency: String? get() = leaders.firstOrNull()?.let { w ->
        val eff = w.efficiency ?: return@let null
        val limit = w.limitNs ?: return@let null
        val problem = if (eff > Verdicts.BEYOND) ": above 1, a measurement problem" else ""
        "efficiency ${Units.sig3(eff)} (limit ${Units.nanos(limit)}$problem)"
    }

    /** The whole line: `network, 100 items (blocking): virtual-threads, 99.8 ms, efficiency … — decided: …`. */
    val text: String get() = "$title: " + listOfNotNull(who, time, efficiency).joinToString() +
        (status?.let { " — $it: $reason" } ?: "")

    companion object {
        /** One answer per group of [view], in its order. */
        fun of(view: RunView): List<Answer> = view.groups.map(::of)

        /** The answer for one [group]. */
        fun of(group: RankedGroup): Answer =
            Answer(
                group.key,
                group.leaders,
                group.decision?.status,
                group.decision?.reason.orEmpty(),
                group.decision?.margin,
            )
    }
}
