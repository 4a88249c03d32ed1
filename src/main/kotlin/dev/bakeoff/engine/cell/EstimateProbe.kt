package dev.bakeoff.engine.cell

import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.link.ForkSettings
import dev.bakeoff.engine.link.InternalBakeoffApi
import dev.bakeoff.engine.plan.SerialEstimate
import dev.bakeoff.model.CatalogException
import dev.bakeoff.model.RunContext
import dev.bakeoff.result.ErrorText
import kotlinx.serialization.Serializable
import kotlinx.serialization.json.Json
import java.io.File
import java.util.concurrent.atomic.AtomicBoolean

/**
 * What a planning probe reports: the workload's serial batch time, or why there is none.
 * Bakeoff-internal (host and probe are the same build), never part of the results.
 */
@Serializable
internal data class EstimateReport(val nanos: Long? = null, val error: String? = null)

/**
 * The planning probe: a short JVM of its own, started by [EstimateRunner] with a cell's JVM
 * options and [ForkSettings], that times a workload's items ([SerialEstimate.workloadNanos]) and
 * writes an [EstimateReport] to [ForkSettings.probeFile]. Whatever the workload's code does
 * (throw, exit, halt, block, start threads) happens here, never in Bakeoff's own JVM: a thrown
 * error is reported, a thread budget ([ThreadBudget], as in a measured JVM) halts it, it halts
 * when Bakeoff's JVM ends, and the host reads an exit or a hang from the outside.
 *
 * Threading model: [main] on the JVM's main thread; the budget's watcher only reports and halts.
 */
internal object EstimateProbe {
    private val reported = AtomicBoolean()

    /** Arguments: the workload spec and the item count. Ends the JVM with [MeasuredJvm.halt]. */
    @JvmStatic
    @OptIn(InternalBakeoffApi::class)
    fun main(args: Array<String>) {
        val fork = ForkSettings.fromSystemProperties()
        fork.ownerPid?.let(MeasuredJvm::adopt)
        val out = checkNotNull(fork.probeFile) { "no report file given" }
        val budget = ThreadBudget.watch(fork) { report(out, EstimateReport(error = it)) }
        val report = try {
            val workload = Workloads.catalog.resolve(args[0])
            val context = RunContext(classpath = fork.classpath)
            EstimateReport(nanos = SerialEstimate.workloadNanos(workload, args[1].toInt(), context))
        } catch (e: Throwable) {
            EstimateReport(error = describe(e))
        }
        report(out, report)
        budget?.close()
        // Halt, not exit: no shutdown hook or thread the workload left behind may delay this JVM's end.
        MeasuredJvm.halt(0)
    }

    /** Writes the first report only: the budget's watcher and the main thread may both try. */
    private fun report(out: File, report: EstimateReport) {
        if (reported.compareAndSet(false, true)) out.writeText(Json.encodeToString(EstimateReport.serializer(), report))
    }

    /** The error and, when it wraps another (an `ExceptionInInitializerError`), its root cause. */
    private fun describe(e: Throwable): String {
        fun named(t: Throwable) = ErrorText.cap(t.javaClass.simpleName + t.message?.let { ": $it" }.orEmpty())
        val own = if (e is CatalogException) e.message.orEmpty() else named(e)
        val root = generateSequence(e) { it.cause }.last()
        return if (root === e) own else "$own (caused by ${named(root)})"
    }
}
