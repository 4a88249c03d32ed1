package dev.bakeoff.workload

import dev.bakeoff.model.Library
import dev.bakeoff.model.ParamSpec
import dev.bakeoff.model.Params
import dev.bakeoff.model.TestScale
import dev.bakeoff.model.WaitForm
import dev.bakeoff.model.Workload
import dev.bakeoff.model.WorkloadEntry

/**
 * The catalog entry of a hazard workload (`hazard-…`, [summary] after "hazard: "), one place for what they share:
 * `all` never expands to one and the matrix tests do not run it, since it deadlocks small pools on purpose
 * (HazardWorkloadTest runs each); one that [waits] has only the blocking form, the one the hazard is about.
 * Immutable; thread-safe.
 */
internal fun hazardEntry(
    id: String,
    summary: String,
    params: List<ParamSpec<*>>,
    waits: Boolean = true,
    libraries: List<Library> = emptyList(),
    factory: (Params) -> Workload,
) = WorkloadEntry(
    id = id,
    summary = "hazard: $summary",
    waits = waits,
    params = params,
    inAll = false,
    test = TestScale.excluded("deadlocks on purpose on small pools; HazardWorkloadTest runs it"),
    waitForms = if (waits) listOf(WaitForm.BLOCKING) else emptyList(),
    libraries = libraries,
    factory = factory,
)
