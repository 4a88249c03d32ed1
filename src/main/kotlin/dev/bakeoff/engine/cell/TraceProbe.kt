package dev.bakeoff.engine.cell

import dev.bakeoff.engine.link.InternalBakeoffApi

/**
 * The measured JVM of a cell that cannot win by its floor ([CellFloor], [RaceRules]): one traced
 * batch, which is its trace pass and its evidence window as in a single-shot cell's screening,
 * then the probe's untimed figures (threads, limit, leak check), written as its
 * [dev.bakeoff.engine.link.ProbeReport]. No timed batch: JMH cannot run a fork without one, so this
 * JVM is started by `TraceRunner` rather than by JMH. Ends the JVM with [MeasuredJvm.halt].
 */
internal object TraceProbe {
    /** Arguments: strategy spec, workload spec, items, wait form. */
    @JvmStatic
    @OptIn(InternalBakeoffApi::class)
    fun main(args: Array<String>) {
        val probe = CellProbe.start(args[0], args[1], args[2].toInt(), args[3])
        val code = try {
            probe.iterationStarted(false)
            probe.runBatch()
            probe.iterationEnded(false)
            probe.finish()
            0
        } catch (e: Throwable) {
            probe.failed(e)
            1
        }
        // Halt, not exit: no shutdown hook or thread the strategy left behind may delay this JVM's end.
        MeasuredJvm.halt(code)
    }
}
