package dev.bakeoff.engine.cell

import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.link.EstimateReport
import dev.bakeoff.engine.link.ForkSettings
import dev.bakeoff.engine.link.ReportChannel
import dev.bakeoff.engine.plan.SerialEstimate
import dev.bakeoff.model.CatalogException
import dev.bakeoff.model.RunContext
import dev.bakeoff.result.ErrorText

/**
 * The planning probe: a short JVM of its own, started by `EstimateRunner` with a cell's JVM
 * options and [ForkSettings], that times a workload's items ([SerialEstimate.workloadNanos]) and
 * writes an [EstimateReport] to [ForkSettings.probeFile]. Whatever the workload's code does
 * (throw, exit, halt, block, start threads) happens here, never in Bakeoff's own JVM: a thrown
 * error is reported, a thread budget ([ThreadBudget], as in a measured JVM) halts it, it halts
 * when Bakeoff's JVM ends, and the host reads an exit or a hang from the outside.
 *
 * Threading model: [main] on the JVM's main thread; the budget's watcher only reports and halts.
 */
internal object EstimateProbe {
    /** Arguments: the workload spec and the item count. Ends the JVM with [MeasuredJvm.halt]. */
    @JvmStatic
    fun main(args: Array<String>) {
        ProbeMain.run(ReportChannel.ESTIMATE, {
            EstimateReport(error = it)
        }, { EstimateReport(error = describe(it)) }) {
            val workload = Workloads.catalog.resolve(args[0])
            val context = RunContext(classpath = it.classpath)
            EstimateReport(nanos = SerialEstimate.workloadNanos(workload, args[1].toInt(), context))
        }
    }

    /** The error and, when it wraps another (an `ExceptionInInitializerError`), its root cause. */
    private fun describe(e: Throwable): String {
        fun named(t: Throwable) = ErrorText.cap(t.javaClass.simpleName + t.message?.let { ": $it" }.orEmpty())
        val own = if (e is CatalogException) e.message.orEmpty() else named(e)
        val root = generateSequence(e) { it.cause }.last()
        return if (root === e) own else "$own (caused by ${named(root)})"
    }
}
