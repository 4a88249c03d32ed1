package dev.bakeoff.engine.plan

import dev.bakeoff.model.FailingWorkload
import dev.bakeoff.model.ModelInput
import dev.bakeoff.model.RunContext
import dev.bakeoff.model.Waits

/**
 * A cell's floor: the shortest its batch can physically take, from the definition alone. Every
 * wait of a workload item lasts at least its nominal time (a sleep, a park or a `delay` never
 * returns early), and a strategy keeps at most its model's `inFlight` items waiting at once (a
 * pool's threads, one runBlocking thread...), so the batch takes at least the sum of the waits
 * over that many. Null where there is nothing to bound: no waits, no model, a scenario (its
 * calls' latency is not a sleep of this JVM's), a user's task or a failure workload. Pure; thread-safe.
 */
internal object CellFloor {
    fun nanos(spec: CellSpec, context: RunContext): Long? {
        val workload = spec.workload ?: return null
        if (workload.entry.id == TASK_WORKLOAD) return null
        val input = ModelInput(spec.strategy.params(context), spec.wait, context.cpus, spec.items)
        val inFlight = spec.strategy.entry.model(input)?.inFlight ?: return null
        val w = workload.entry.create(workload.params(context))
        // A strategy may return at the failing item, before most of the other items' waits.
        if (w is FailingWorkload) return null
        val waits = Waits.total(spec.items, w::waitNanos)
        return if (waits == 0L) null else waits / minOf(inFlight, spec.items).coerceAtLeast(1)
    }

    private const val TASK_WORKLOAD = "task"
}
