package dev.bakeoff.catalog

import dev.bakeoff.model.Catalog
import dev.bakeoff.model.WorkloadEntry
import dev.bakeoff.workload.E1_WORKLOADS
import dev.bakeoff.workload.E5_WORKLOADS
import dev.bakeoff.workload.HARNESS_WORKLOADS
import dev.bakeoff.workload.InProcessTasks
import dev.bakeoff.workload.LOCK_WORKLOADS
import dev.bakeoff.workload.SYNTHETIC
import dev.bakeoff.workload.TASK_WORKLOADS

/**
 * The workload catalog: one registration line per workload file, each declaring its workloads with
 * all of their facts ([WorkloadEntry]). Immutable; thread-safe.
 */
internal object Workloads {
    val catalog =
        Catalog(
            "workload",
            E1_WORKLOADS +
                E5_WORKLOADS +
                LOCK_WORKLOADS +
                TASK_WORKLOADS +
                SYNTHETIC +
                HARNESS_WORKLOADS,
        )

    /** The functions `Bakeoff.compare` runs in-process, each as the workload `lambda:id=N`. */
    val inProcessTasks: InProcessTasks get() = InProcessTasks

    /** What `all` expands to: the entry's own [WorkloadEntry.inAll] (every workload but `task` and `lambda`). */
    fun inAll(entry: WorkloadEntry): Boolean = entry.inAll
}
