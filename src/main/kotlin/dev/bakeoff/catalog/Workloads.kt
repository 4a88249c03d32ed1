package dev.bakeoff.catalog

import dev.bakeoff.model.Catalog
import dev.bakeoff.model.WorkloadEntry
import dev.bakeoff.workload.InProcessTasks

/**
 * The workload catalog: one registration line per workload file, each declaring its workloads with
 * all of their facts ([WorkloadEntry]), named in full (no import to add for a new one). Immutable; thread-safe.
 */
internal object Workloads {
    val catalog =
        Catalog(
            "workload",
            dev.bakeoff.workload.E1_WORKLOADS +
                dev.bakeoff.workload.E5_WORKLOADS +
                dev.bakeoff.workload.LOCK_WORKLOADS +
                dev.bakeoff.workload.TASK_WORKLOADS +
                dev.bakeoff.workload.SYNTHETIC +
                dev.bakeoff.workload.HARNESS_WORKLOADS +
                dev.bakeoff.workload.FAILURE_WORKLOADS,
        )

    /** The functions `Bakeoff.compare` runs in-process, each as the workload `lambda:id=N`. */
    val inProcessTasks: InProcessTasks get() = InProcessTasks

    /** What `all` expands to: the entry's own [WorkloadEntry.inAll] (every workload but `task` and `lambda`). */
    fun inAll(entry: WorkloadEntry): Boolean = entry.inAll
}
