package dev.bakeoff.workload

import dev.bakeoff.model.Catalog
import dev.bakeoff.model.ParamSpec
import dev.bakeoff.model.ParamSpec.ClassNameParam
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.Params
import dev.bakeoff.model.TestScale
import dev.bakeoff.model.WaitForm
import dev.bakeoff.model.Waits
import dev.bakeoff.model.WorkloadEntry

/**
 * The workload catalog: one registration block per workload (or parameterised family), with every
 * fact about it (see [WorkloadEntry]). Immutable; thread-safe.
 */
internal object Workloads {
    private fun waits(params: Params) = Waits(params.context.waitScale)

    val catalog =
        Catalog(
            "workload",
            listOf(
                WorkloadEntry(
                    id = "arithmetic",
                    summary = "E1: seed^seed in Float (ns of CPU per item)",
                    waits = false,
                    defaultSuite = true,
                ) { ArithmeticWorkload },
                WorkloadEntry(
                    id = "lists",
                    summary = "E1: six immutable collection steps over List(seed) (allocating CPU)",
                    waits = false,
                    defaultSuite = true,
                ) { ListsWorkload },
                WorkloadEntry(
                    id = "storage",
                    summary = "E1: wait 500 + 10*seed us (parkNanos | delay)",
                    waits = true,
                    defaultSuite = true,
                ) { StorageWorkload(waits(it)) },
                WorkloadEntry(
                    id = "network",
                    summary = "E1: wait seed ms (sleep | delay)",
                    waits = true,
                    defaultSuite = true,
                ) { NetworkWorkload(waits(it)) },
                WorkloadEntry(
                    id = "mixed",
                    summary = "E1: seed%5 network, %3 storage, %2 lists, else arithmetic",
                    waits = true,
                    defaultSuite = true,
                ) { MixedWorkload(waits(it)) },
                WorkloadEntry(
                    id = "io-sleep",
                    summary = "E5: wait a fixed time per item (sleep | delay)",
                    waits = true,
                    params = listOf(ParamSpec.waitMs("ms", "wait per item in milliseconds", "10")),
                ) { IoSleepWorkload(waits(it), it.int("ms")) },
                WorkloadEntry(
                    id = "cpu-sin",
                    summary = "E5: sum of sin(i) for i in 1..n (ms of CPU per item)",
                    waits = false,
                    params = listOf(IntParam("n", "loop length", "1000000")),
                    // A million steps per item would make the matrix take minutes.
                    test = TestScale.params("n" to "2000"),
                ) { CpuSinWorkload(it.int("n")) },
                WorkloadEntry(
                    id = "pinning",
                    summary = "sleep ms inside synchronized on the item's own lock: pins virtual threads before JDK 24",
                    waits = true,
                    params = listOf(ParamSpec.waitMs("ms", "wait per item in milliseconds", "50")),
                    // A coroutine cannot suspend inside synchronized: the suspending form would block too.
                    waitForms = listOf(WaitForm.BLOCKING),
                ) { PinningWorkload(waits(it), it.int("ms")) },
                WorkloadEntry(
                    id = "pinning-lock",
                    summary = "pinning's twin: wait ms holding the item's own ReentrantLock (sleep) | Mutex (delay)",
                    waits = true,
                    params = listOf(ParamSpec.waitMs("ms", "wait per item in milliseconds", "50")),
                ) { PinningLockWorkload(waits(it), it.int("ms")) },
                WorkloadEntry(
                    id = "contended",
                    summary = "one synchronized lock for all items, held over a short computation and ms of sleep",
                    waits = true,
                    params = listOf(ParamSpec.waitMs("ms", "wait per item in milliseconds, inside the lock", "1")),
                    waitForms = listOf(WaitForm.BLOCKING),
                ) { ContendedWorkload(waits(it), it.int("ms")) },
                WorkloadEntry(
                    id = "contended-lock",
                    summary = "contended with one shared ReentrantLock (sleep) | Mutex (delay)",
                    waits = true,
                    params = listOf(ParamSpec.waitMs("ms", "wait per item in milliseconds, inside the lock", "1")),
                ) { ContendedLockWorkload(waits(it), it.int("ms")) },
                WorkloadEntry(
                    id = "task",
                    summary = "your own class implementing Workload (task:class=com.example.MyTask, --classpath)",
                    waits = true,
                    params = listOf(
                        ClassNameParam(
                            "class",
                            "fully qualified name of a class implementing dev.bakeoff.model.Workload",
                        ),
                    ),
                    // It needs the user's own code, so `all` cannot expand to it.
                    inAll = false,
                    test = TestScale.excluded("needs the user's own class; OwnTaskTest runs the sample task"),
                    // The planning JVM only looks the class up: the task's code runs in forked JVMs only.
                    check = { TaskLoader.check(it.string("class"), it.context.classpath) },
                ) { TaskLoader.load(it.string("class"), it.context.classpath) },
                WorkloadEntry(
                    id = "lambda",
                    summary = "a function given to Bakeoff.compare (in-process runs of the API only)",
                    waits = true,
                    params = listOf(IntParam("id", "id from InProcessTasks.register", "0", min = 0)),
                    // It needs a function registered in this process, so `all` cannot expand to it.
                    inAll = false,
                    test = TestScale.excluded("needs a function registered by Bakeoff.compare; OwnTaskTest runs one"),
                    // From the command line nothing is registered: one line before any cell, not a failed
                    // probe per cell.
                    check = { InProcessTasks.get(it.int("id")) },
                ) { InProcessTasks.get(it.int("id")) },
                WorkloadEntry(
                    id = "synthetic",
                    summary = "described work: cpu-us of busy CPU, then wait-ms (sleep | delay)",
                    waits = true,
                    params = listOf(
                        IntParam("cpu-us", "busy CPU per item in microseconds", "0", min = 0),
                        ParamSpec.waitMs("wait-ms", "wait per item in milliseconds", "0"),
                    ),
                    // The defaults describe no work at all; the test runs both halves.
                    test = TestScale.params("cpu-us" to "2", "wait-ms" to "1"),
                ) { SyntheticWorkload(waits(it), it.int("cpu-us"), it.int("wait-ms")) },
                WorkloadEntry(
                    id = "empty",
                    summary = "no work: returns its seed; what Bakeoff's own path costs per item (harnessNsPerItem)",
                    waits = false,
                    // Measures the harness, not an approach: every run already measures it once.
                    inAll = false,
                ) { EmptyWorkload },
                WorkloadEntry(
                    id = "fixture-corrupt",
                    summary = "test fixture: item 0 returns a wrong result in every batch after its first",
                    waits = false,
                    inAll = false,
                    test = TestScale.excluded("deliberately faulty; FaultInMeasurementTest checks that it is caught"),
                ) { CorruptingWorkload() },
                WorkloadEntry(
                    id = "fixture-slowing",
                    summary = "test fixture: each item waits 1 us more per item run before it, so no batch is steady",
                    waits = false,
                    inAll = false,
                    test = TestScale.excluded("deliberately never steady; SteadyStateTest checks that it is flagged"),
                ) { SlowingWorkload(waits(it)) },
            ),
        )

    /** What `all` expands to: the entry's own [WorkloadEntry.inAll] (every workload but `task` and `lambda`). */
    fun inAll(entry: WorkloadEntry): Boolean = entry.inAll
}
