package dev.bakeoff.engine.cell

import dev.bakeoff.engine.link.ForkTimes
import dev.bakeoff.metrics.Trend
import java.io.File
import java.lang.management.ManagementFactory

/**
 * The fork side of a fork's anatomy ([ForkTimes]): where this JVM's wall time went, from clocks read only
 * between JMH's iterations and around the untimed passes, never inside a timed batch. It also applies the
 * trend test the decisions use ([Trend.steady]) to the fork's own iterations as they end (each iteration's
 * time per batch, over the last [WINDOW]), to say after how many warm-ups the fork was steady.
 *
 * Threading model: one thread at a time (JMH's benchmark thread, or a probe JVM's main thread).
 *
 * @param readyUs when JMH handed the benchmark over ([ForkTimes.nowUs]), before the settings were read.
 */
internal class ForkClock(private val readyUs: Long, private val settingsNs: Long) {
    private var setupNs = 0L
    private var iterationStart = 0L
    private var warmupNs = 0L
    private var warmups = 0
    private var timedNs = 0L
    private var runs = 0
    private var untimedStart = 0L
    private val perBatch = mutableListOf<Double>()
    private var steadyAfter: Int? = null
    private var search: SteadyWarmup.Found? = null

    /** The cell was built and opened in [nanos] (after the settings). */
    fun setUp(nanos: Long) {
        setupNs = nanos
    }

    /** The figures fork's steady-state search ended as [found]. */
    fun searched(found: SteadyWarmup.Found) {
        search = found
    }

    /** An iteration begins at [startNanos] (`System.nanoTime`; given by tests, whose iterations are scripted). */
    fun iterationStarted(startNanos: Long = System.nanoTime()) {
        iterationStart = startNanos
    }

    /**
     * The iteration begun by [iterationStarted] ended at [endNanos] (`System.nanoTime`, read before its
     * verification) after [batches] batches; [measured] ones are timed runs.
     */
    fun iterationEnded(measured: Boolean, batches: Int, endNanos: Long) {
        val wall = endNanos - iterationStart
        if (measured) {
            timedNs += wall
            runs++
        } else {
            warmupNs += wall
            warmups++
        }
        if (batches <= 0) return
        perBatch += wall.toDouble() / batches
        if (steadyAfter == null && perBatch.size >= WINDOW && Trend.steady(perBatch.takeLast(WINDOW)) == true) {
            steadyAfter = perBatch.size - WINDOW
        }
    }

    /** The untimed passes begin (after the last iteration). */
    fun untimedStarted() {
        untimedStart = System.nanoTime()
    }

    /** Appends this fork's times to [file], the report just written. */
    fun write(file: File?) {
        if (file == null) return
        val untimed = if (untimedStart == 0L) 0L else System.nanoTime() - untimedStart
        val times = ForkTimes(
            vmStartMs = ManagementFactory.getRuntimeMXBean().startTime,
            readyUs = readyUs,
            settingsNs = settingsNs,
            setupNs = setupNs,
            warmupNs = warmupNs,
            warmups = warmups,
            timedNs = timedNs,
            runs = runs,
            untimedNs = untimed,
            endUs = ForkTimes.nowUs(),
            steadyAfter = steadyAfter,
            steadyWarmups = search?.chunks,
            steadyWarmupNs = search?.nanos ?: 0,
        )
        ForkTimes.append(file, times)
    }

    companion object {
        /** Iterations the online trend test looks at: enough that one outlier is no trend ([Trend.MIN_RUNS]+1). */
        const val WINDOW = Trend.MIN_RUNS + 1
    }
}
