package dev.bakeoff.engine.cell

import dev.bakeoff.engine.link.ForkSettings
import dev.bakeoff.engine.link.ReportChannel
import java.util.concurrent.atomic.AtomicBoolean

/**
 * The start and end every probe JVM's `main` shares: read the host's [ForkSettings] and adopt the owner
 * ([MeasuredJvm.adopt]) before any of the user's code runs, keep the JVM within its thread budget, write one
 * report through its [ReportChannel], and halt with the exit status the host reads. Stateless; [run] on the
 * JVM's main thread, its budget's watcher on a daemon thread of its own.
 */
internal object ProbeMain {
    /** This JVM's settings from the host, its owner adopted: what every entry point does first. */
    fun settings(): ForkSettings = ForkSettings.fromSystemProperties().also { it.ownerPid?.let(MeasuredJvm::adopt) }

    /**
     * A probe JVM's whole life: [measure] with the host's settings, its report (or [failed]'s for what it
     * threw) written through [channel]; over the thread budget, [overBudget]'s report instead and the
     * budget's exit status ([ThreadBudget.watch]). Only the first report is written: the budget's watcher and
     * the main thread may both try. Halts with 0 once reported.
     */
    fun <T : Any> run(
        channel: ReportChannel<T>,
        overBudget: (reason: String) -> T,
        failed: (Throwable) -> T,
        measure: (ForkSettings) -> T,
    ): Nothing {
        val fork = settings()
        val reported = AtomicBoolean()
        val report = { r: T -> if (reported.compareAndSet(false, true)) channel.write(fork.probeFile, r) }
        val budget = ThreadBudget.watch(fork) { report(overBudget(it)) }
        val result = try {
            measure(fork)
        } catch (e: Throwable) {
            failed(e)
        }
        budget?.close()
        report(result)
        // Halt, not exit: no shutdown hook or thread the user's code left behind may delay this JVM's end.
        MeasuredJvm.halt(0)
    }
}
