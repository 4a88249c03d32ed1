package dev.bakeoff.workload

import dev.bakeoff.model.Catalog
import dev.bakeoff.model.ParamSpec.ClassNameParam
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.Waits
import dev.bakeoff.model.WorkloadEntry

/** The workload catalog: one registration line per workload (or parameterised family). */
object Workloads {
    private fun waits(p: dev.bakeoff.model.Params) = Waits(p.context.waitScale)

    private val TASK = listOf(ClassNameParam("class", "fully qualified name of a class implementing dev.bakeoff.model.Workload"))
    private val LAMBDA = listOf(IntParam("id", "id from InProcessTasks.register", "0", min = 0))
    private val SYNTHETIC = listOf(IntParam("cpu-us", "busy CPU per item in microseconds", "0", min = 0), IntParam("wait-ms", "wait per item in milliseconds", "0", min = 0))

    val catalog =
        Catalog(
            "workload",
            listOf(
                WorkloadEntry("arithmetic", "E1: seed^seed in Float (ns of CPU per item)", waits = false) { ArithmeticWorkload },
                WorkloadEntry("lists", "E1: six immutable collection steps over List(seed) (allocating CPU)", waits = false) { ListsWorkload },
                WorkloadEntry("storage", "E1: wait 500 + 10*seed us (parkNanos | delay)", waits = true) { StorageWorkload(waits(it)) },
                WorkloadEntry("network", "E1: wait seed ms (sleep | delay)", waits = true) { NetworkWorkload(waits(it)) },
                WorkloadEntry("mixed", "E1: seed%5 network, %3 storage, %2 lists, else arithmetic", waits = true) { MixedWorkload(waits(it)) },
                WorkloadEntry(
                    "io-sleep",
                    "E5: wait a fixed time per item (sleep | delay)",
                    waits = true,
                    params = listOf(IntParam("ms", "wait per item in milliseconds", "10", min = 0)),
                ) { IoSleepWorkload(waits(it), it.int("ms")) },
                WorkloadEntry(
                    "cpu-sin",
                    "E5: sum of sin(i) for i in 1..n (ms of CPU per item)",
                    waits = false,
                    params = listOf(IntParam("n", "loop length", "1000000")),
                ) { CpuSinWorkload(it.int("n")) },
                WorkloadEntry("task", "your own class implementing Workload (task:class=com.example.MyTask, --classpath)", waits = true, params = TASK) {
                    TaskLoader.load(it.string("class"), it.context.classpath)
                },
                WorkloadEntry("lambda", "a function given to Bakeoff.compare (in-process runs of the API only)", waits = true, params = LAMBDA) { InProcessTasks.get(it.int("id")) },
                WorkloadEntry("synthetic", "described work: cpu-us of busy CPU, then wait-ms (sleep | delay)", waits = true, params = SYNTHETIC) {
                    SyntheticWorkload(waits(it), it.int("cpu-us"), it.int("wait-ms"))
                },
            ),
        )

    /** What `all` expands to: every workload except those that need the user's own code (`task`, `lambda`). */
    fun inAll(entry: WorkloadEntry): Boolean = entry.id != "task" && entry.id != "lambda"
}
