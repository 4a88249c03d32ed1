package dev.bakeoff.engine.cell

import dev.bakeoff.engine.link.ForkSettings
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
 * Over the timed runs only it also measures the cores the rest of the machine kept busy ([ForkTimes.otherCores]):
 * at each measured iteration's start and end, beside the process CPU the probe reads there anyway, one read of the
 * machine's busy CPU ([MachineCpu], a file read of some 10 µs; never inside a batch); their differences minus this
 * JVM's CPU, summed over the measured iterations, over those iterations' summed wall time. `/proc/stat` counts in
 * 10 ms ticks per core, so one 100 ms iteration alone could not tell 0.1 core from none: the sum over all of a
 * fork's timed runs (0.4–1 s) is the resolution floor, a few hundredths of a core.
 *
 * Threading model: one thread at a time (JMH's benchmark thread, or a probe JVM's main thread).
 *
 * @param readyUs when JMH handed the benchmark over ([ForkTimes.nowUs]), before the settings were read.
 * @param machine the machine's busy CPU (a test's fake; [MachineCpu.SYSTEM] in a measured JVM).
 */
internal class ForkClock(
    private val readyUs: Long,
    private val settingsNs: Long,
    private val machine: MachineCpu = MachineCpu.SYSTEM,
) {
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

    // The timed runs' machine readings: busy CPU outside this JVM and the wall time it was summed over.
    private var machineAtStart: Long? = null
    private var processCpuAtStart = 0L
    private var otherNs = 0L
    private var otherWallNs = 0L
    private var unread = false

    /** The cell was built and opened in [nanos] (after the settings). */
    fun setUp(nanos: Long) {
        setupNs = nanos
    }

    /** The figures fork's steady-state search ended as [found]. */
    fun searched(found: SteadyWarmup.Found) {
        search = found
    }

    /**
     * An iteration begins at [startNanos] (`System.nanoTime`; given by tests, whose iterations are scripted); a
     * measured one gives this JVM's CPU just read ([processCpuNs], ns), and the machine's busy CPU is read beside it.
     */
    fun iterationStarted(startNanos: Long = System.nanoTime(), processCpuNs: Long? = null) {
        iterationStart = startNanos
        if (processCpuNs == null) return
        processCpuAtStart = processCpuNs
        machineAtStart = machine.busyNanos()
    }

    /**
     * A measured iteration's batches ended at [endNanos] with this JVM's CPU at [processCpuNs] (both just read,
     * before its verification runs): reads the machine's busy CPU beside them and adds what others kept busy.
     */
    fun batchesEnded(endNanos: Long, processCpuNs: Long) {
        val from = machineAtStart
        val to = machine.busyNanos()
        machineAtStart = null
        // A JVM without a process CPU clock reads -1.
        if (from == null || to == null || processCpuNs < 0 || processCpuAtStart < 0) {
            // One iteration unread would make the sum a part of the timed runs: the fork's figure is not measured.
            unread = true
            return
        }
        otherNs += (to - from) - (processCpuNs - processCpuAtStart)
        otherWallNs += endNanos - iterationStart
    }

    /** The cores the rest of the machine kept busy over the timed runs; null when some run had no reading. */
    private fun otherCores(): Double? =
        if (unread || otherWallNs <= 0) null else otherNs.coerceAtLeast(0).toDouble() / otherWallNs

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
            otherCores = otherCores(),
        )
        ForkTimes.append(file, times)
    }

    companion object {
        /** Iterations the online trend test looks at: enough that one outlier is no trend ([Trend.MIN_RUNS]+1). */
        const val WINDOW = ForkSettings.STEADY_WINDOW
    }
}
