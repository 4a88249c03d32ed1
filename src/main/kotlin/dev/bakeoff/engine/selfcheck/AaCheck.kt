package dev.bakeoff.engine.selfcheck

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.fork.RunListener
import dev.bakeoff.engine.plan.RaceOptions
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.session.RunSink
import dev.bakeoff.engine.suite.SuiteRunner
import dev.bakeoff.metrics.DecisionReasons
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.GroupResult
import dev.bakeoff.result.GroupStatus
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units

/**
 * `bakeoff selfcheck --aa`: an A/A test of the decision rule. The same code under two names
 * ([names]: `executor-fixed-cpu` and `executor-fixed:size=<cores>`, one pool of one thread per
 * core either way) is raced on `arithmetic` exactly as `bakeoff run` races a group, and the
 * group's decision ([GroupResult], from the same rule every run uses) is read as what it must be:
 * never one of them ahead. Immutable; [run] measures on the calling thread.
 */
internal class AaCheck(private val options: RunOptions) {
    /** The two names of one strategy on this machine's cores. */
    val names: List<String> = listOf("executor-fixed-cpu", "executor-fixed:size=${options.context().cpus}")

    /** The run: the two names and one workload, raced. */
    fun runOptions(): RunOptions = options.copy(
        strategies = names.flatMap { Strategies.catalog.resolveList(it, Strategies::inAll) },
        workloads = Workloads.catalog.resolveList(WORKLOAD, Workloads::inAll),
        items = SelfCheck.ITEMS,
        wait = WaitForm.BLOCKING,
        race = options.race ?: RaceOptions(),
    )

    /** Races the two names; the results hold the group's decision. */
    fun run(listener: RunListener = object : RunListener {}, sink: RunSink = RunSink {}): Results =
        SuiteRunner(runOptions(), listener, sink).run()

    companion object {
        const val WORKLOAD = "arithmetic"

        /**
         * The A/A outcome of [decision] in one line, and whether the rule passed: it never names
         * either name ahead of the other (no winner is stated, whatever the ranking's order).
         */
        fun outcome(decision: GroupResult?, names: List<String>): Pair<String, Boolean> {
            val both = names.joinToString(" and ")
            val what = "A/A: $both are the same code"
            return when {
                decision == null -> "$what; no decision: not both measured" to false

                // The decision's own reason would name one of them ahead: the figures say enough.
                decision.status == GroupStatus.DECIDED || decision.tests.any { it.outcome.behind } ->
                    "$what, yet the rule told them apart (${decision.status}${figures(decision)}): " +
                        "a false positive of the decision rule" to false

                decision.status == GroupStatus.TIE ->
                    "$what: equivalent within ${percent(decision.margin)}, as they must be" to true

                else -> "$what: not told apart (${decision.status}), as they must not be" to true
            }
        }

        private fun figures(decision: GroupResult): String = decision.tests.singleOrNull()?.let { t ->
            val low = t.ciLow
            val high = t.ciHigh
            val level = t.confidence?.let { DecisionReasons.percent(it) } ?: "95%"
            val ci = if (low != null && high != null) ", $level CI ${Units.ratio(low)}–${Units.ratio(high)}" else ""
            "; ratio of medians ${Units.ratio(t.ratio)}$ci, ${t.outcome}"
        }.orEmpty()

        private fun percent(share: Double) = DecisionReasons.percent(share)
    }
}
