package dev.bakeoff.engine.fork

import dev.bakeoff.engine.link.ForkSettings
import dev.bakeoff.engine.link.ForkTimes
import dev.bakeoff.metrics.LimitFormula
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.ForkAnatomy
import dev.bakeoff.result.ForkRole
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.PlanMode

/**
 * A cell's forks, as [JmhCellRunner] runs them. Its first fork searches for the steady state, which sizes the
 * warm-up of its later timing forks ([steadyPlan]): a screening fork, which times its runs (kept) before its
 * untimed figures; or, when a profiler samples its iterations, a figures fork with the same plan (the flame
 * graph samples as long as a timing fork runs) whose time is not kept, then a timing fork, the cell's result
 * the two [merged]. Timing forks time only (no untimed pass, profiler or JFR in them). Each JVM's [anatomy]
 * comes from its [ForkTimes] and the host's launch and return. Pure; safe from any thread.
 */
internal object CellForks {
    /**
     * The warm-up iterations of the timing forks of a cell planned as [plan], once its screening or figures fork
     * ([forks]) searched for its steady state: the chunks it took (each an iteration long), or the search's cap
     * when it found none, never fewer than [plan]'s. Single-shot plans keep theirs: no search runs whole batches.
     */
    fun timingWarmups(plan: MeasurementPlan, forks: List<ForkAnatomy>?): Int {
        if (plan.mode != PlanMode.AVERAGE_TIME) return plan.warmupIterations
        val searched = forks?.firstOrNull { it.role != ForkRole.TIMING && it.role != ForkRole.TRACE }
            ?: return plan.warmupIterations
        val needed = searched.steadyWarmups ?: ForkSettings.STEADY_WARMUP_CHUNKS
        return needed.coerceIn(plan.warmupIterations, maxOf(plan.warmupIterations, ForkSettings.STEADY_WARMUP_CHUNKS))
    }

    /**
     * The most chunks of the steady-state search a fork in [role] runs before JMH's iterations of [plan], or null
     * for none: every `avgt` fork searches; a cell's first fork up to [ForkSettings.STEADY_WARMUP_CHUNKS], a timing
     * fork in place of all its warm-ups but the last, when they are more than the search's window, so that it
     * stops as soon as its own chunks settle and never warms up longer than [plan] says. A timing fork whose
     * warm-ups are fewer keeps JMH's: its search could only end at its cap. Single-shot batches are long: none.
     */
    fun searchChunks(role: ForkRole, plan: MeasurementPlan): Int? = when {
        plan.mode != PlanMode.AVERAGE_TIME -> null
        role != ForkRole.TIMING -> ForkSettings.STEADY_WARMUP_CHUNKS
        plan.warmupIterations - 1 > ForkSettings.STEADY_WINDOW -> plan.warmupIterations - 1
        else -> null
    }

    /** The iterations JMH runs in a fork in [role] of [plan]: a timing fork's search ([searchChunks]) warms it up. */
    fun jmhPlan(role: ForkRole, plan: MeasurementPlan): MeasurementPlan =
        if (role == ForkRole.TIMING && searchChunks(role, plan) != null) plan.copy(warmupIterations = 1) else plan

    /** [plan] with the warm-up its timing forks take after the steady-state search in [forks] ([timingWarmups]). */
    fun steadyPlan(plan: MeasurementPlan, forks: List<ForkAnatomy>?): MeasurementPlan {
        val warmups = timingWarmups(plan, forks)
        if (warmups == plan.warmupIterations) return plan
        return plan.copy(warmupIterations = warmups, reason = "${plan.reason}; $warmups warm-ups: steady after them")
    }

    /**
     * The cell: [figures]' untimed figures (threads, allocation, trace, evidence, limit, memory, its status when
     * it ended worse) with [timing]'s time figures and plan, and both forks' anatomies in the order they ran
     * (the figures fork first); [timing] itself when it did not end ok.
     */
    fun merged(timing: CellResult, figures: CellResult): CellResult {
        val forks = figures.forks.orEmpty() + timing.forks.orEmpty()
        if (timing.status != CellStatus.OK) return timing.copy(forks = forks)
        val time = timing.timeNs
        return figures.copy(
            plan = timing.plan,
            timeNs = time,
            throughputPerSec = timing.throughputPerSec,
            cpuNsPerOp = timing.cpuNsPerOp,
            efficiency = figures.limitNs?.let { limit -> time?.let { LimitFormula.efficiency(limit, it.median) } },
            steady = timing.steady,
            drift = timing.drift,
            firstToLast = timing.firstToLast,
            forks = forks,
        )
    }

    /**
     * The anatomy of each JVM of one launch (a JMH run, or a probe JVM) in the role [role], from the [times]
     * each wrote (in the order they ran), the host's [launchUs] and [doneUs] (epoch µs) and the
     * [jvmOptions] Bakeoff gave them. Several forks in one JMH run share its window: a fork's exit
     * counts in the next one's launch. A JVM that wrote no times (it failed) gets its wall time only.
     */
    fun anatomy(
        role: ForkRole,
        times: List<ForkTimes>,
        launchUs: Long,
        doneUs: Long,
        jvmOptions: List<String>,
    ): List<ForkAnatomy> {
        if (times.isEmpty()) {
            return listOf(ForkAnatomy(role, (doneUs - launchUs) * NANOS_PER_MICRO, jvmOptions = jvmOptions))
        }
        return times.mapIndexed { i, t ->
            val from = if (i == 0) launchUs else times[i - 1].endUs
            val to = if (i == times.lastIndex) doneUs else t.endUs
            val vmStartUs = t.vmStartMs * MICROS_PER_MILLI
            ForkAnatomy(
                role = role,
                wallNs = (to - from) * NANOS_PER_MICRO,
                // The JVM's start time has milliseconds only: a launch quicker than that reads 0, not less.
                launchNs = (vmStartUs - from).coerceAtLeast(0) * NANOS_PER_MICRO,
                jvmNs = (t.readyUs - vmStartUs).coerceAtLeast(0) * NANOS_PER_MICRO,
                settingsNs = t.settingsNs,
                setupNs = t.setupNs,
                warmupNs = t.warmupNs + t.steadyWarmupNs,
                warmups = t.warmups,
                timedNs = t.timedNs,
                runs = t.runs,
                untimedNs = t.untimedNs,
                teardownNs = (to - t.endUs).coerceAtLeast(0) * NANOS_PER_MICRO,
                steadyAfter = t.steadyAfter,
                steadyWarmups = t.steadyWarmups,
                jvmOptions = jvmOptions,
                otherCores = t.otherCores,
            )
        }
    }

    private const val NANOS_PER_MICRO = 1_000L
    private const val MICROS_PER_MILLI = 1_000L
}
