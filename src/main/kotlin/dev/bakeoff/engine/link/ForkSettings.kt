package dev.bakeoff.engine.link

import dev.bakeoff.metrics.Trend
import java.io.File
import java.nio.file.Path
import java.util.concurrent.TimeUnit

/**
 * Everything the host tells a measured JVM besides the JMH parameters, and the one place that
 * names the system properties carrying it: `JmhCellRunner` writes [toProperties] as `-D`
 * arguments of the fork (or as this JVM's properties for an in-process run), `CellProbe` reads
 * [fromSystemProperties] on the other side. The [settings] never go on a command line, where JMH
 * would copy them into `jmh.json` and every cell log, nor into any file: they may hold a password.
 * The host serves them on a socket for the cell's duration ([serveSettings], [SettingsChannel]).
 *
 * @property probeFile where the fork writes its report ([ReportChannel]).
 * @property traceWarmup trace the first warm-up batch instead of running an extra traced batch.
 * @property settings [dev.bakeoff.model.RunContext.settings] for a scenario (e.g. a JDBC URL).
 * @property classpath extra entries a user's own task class is loaded from (`--classpath`).
 * @property maxThreads the fork's thread budget; null lets the fork use [ThreadBudget.defaultMax].
 * @property ownerPid the process id of the Bakeoff JVM that started the measured JVM, which halts
 *   when that process ends, however it ended (a `kill -9` runs no shutdown hook that could end the
 *   fork), or at once if it is already gone; null in-process. An explicit id, not "the parent":
 *   a process whose parent died is re-parented, and would then watch the wrong one.
 * @property figures run the untimed passes after the measurement (limit calibration, trace, JFR
 *   and evidence); false for a race's further forks, which add runs to a cell whose other figures
 *   its screening fork already measured.
 * @property stallMillis how long a batch may go without one item completing before the fork's progress
 *   watchdog ends the cell as starved or deadlocked, as the host computed it ([watched]); null: no watchdog
 *   (in-process, nothing to halt).
 * @property threadDump where that watchdog writes the stalled cell's thread dump (JSON).
 * @property deadlineNanos the batch deadline (`--deadline`), from the strategy's call; null: none.
 * @property timesFile where the fork appends its [ForkTimes] (one line per fork); null: none (in-process).
 * @property steadyWarmupMillis a fork's search for the steady state before JMH's iterations, in untimed
 *   chunks of this many ms (`SteadyWarmup`); null: none.
 * @property steadyWarmupCap the most chunks that search runs ([STEADY_WARMUP_CHUNKS] when null): a timing fork's
 *   stands in for all its warm-up iterations but JMH's last one.
 */
internal data class ForkSettings(
    val probeFile: File?,
    val traceWarmup: Boolean,
    val settings: Map<String, String> = emptyMap(),
    val classpath: List<String> = emptyList(),
    val maxThreads: Int? = null,
    val ownerPid: Long? = null,
    val figures: Boolean = true,
    val stallMillis: Long? = null,
    val threadDump: File? = null,
    val deadlineNanos: Long? = null,
    val timesFile: File? = null,
    val steadyWarmupMillis: Long? = null,
    val steadyWarmupCap: Int? = null,
) {
    /**
     * These settings with the fork's progress watchdog on: a stall of [stallMillis] for a cell whose serial
     * batch takes [serialNanos], its thread dump written to [dump].
     */
    fun watched(serialNanos: Long, dump: File): ForkSettings =
        copy(stallMillis = stallMillis(serialNanos), threadDump = dump)

    /** Serves [settings] to the measured JVM until the caller closes it; null when there are none. */
    fun serveSettings(): SettingsChannel? = SettingsChannel.serve(settings)

    /** Everything but the settings as system properties, and the [SettingsChannel.socket] serving those. */
    fun toProperties(settingsSocket: Path?): Map<String, String> = buildMap {
        probeFile?.let { put(PROBE, it.toString()) }
        put(TRACE_WARMUP, traceWarmup.toString())
        settingsSocket?.let { put(SETTINGS_SOCKET, it.toString()) }
        if (classpath.isNotEmpty()) put(CLASSPATH, classpath.joinToString(File.pathSeparator))
        maxThreads?.let { put(MAX_THREADS, it.toString()) }
        ownerPid?.let { put(OWNER_PID, it.toString()) }
        if (!figures) put(FIGURES, "false")
        stallMillis?.let { put(STALL_MILLIS, it.toString()) }
        threadDump?.let { put(THREAD_DUMP, it.toString()) }
        deadlineNanos?.let { put(DEADLINE_NANOS, it.toString()) }
        timesFile?.let { put(TIMES_FILE, it.toString()) }
        steadyWarmupMillis?.let { put(STEADY_WARMUP_MILLIS, it.toString()) }
        steadyWarmupCap?.let { put(STEADY_WARMUP_CAP, it.toString()) }
    }

    companion object {
        /** Batches a cell's trace pass runs at most: the host's time limits count them too. */
        const val TRACE_BATCHES = 5

        /**
         * The most chunks (iterations) a figures fork's steady-state search runs, and so the most warm-up
         * iterations a timing fork gets: a list-heavy cell's 100 ms iterations kept falling for about 3 s.
         */
        const val STEADY_WARMUP_CHUNKS = 30

        /**
         * The last chunks or iterations the online trend test looks at (the steady-state search, `steadyAfter`):
         * enough that one outlier is no trend ([Trend.MIN_RUNS] and one).
         */
        const val STEADY_WINDOW = Trend.MIN_RUNS + 1

        /** The exit status of a measured JVM halted by its thread budget, which the host reports as such. */
        const val OVER_BUDGET_EXIT_CODE = 87

        /** The exit status of a measured JVM that halted because the JVM that started it ended. */
        const val ORPHAN_EXIT_CODE = 88

        /** The exit status of a measured JVM halted by its progress watchdog (its probe report says why). */
        const val STALLED_EXIT_CODE = 89

        /** The shortest stall that ends a cell ([stallMillis]). */
        const val STALL_FLOOR_MILLIS = 3_000L

        /**
         * The stall that ends a cell whose serial batch takes [serialNanos]: [STALL_FLOOR_MILLIS], or twice the
         * serial batch when longer. No item of a batch can take longer than the whole batch on one thread, so a
         * cell that is only slow always completes an item within that.
         */
        fun stallMillis(serialNanos: Long): Long =
            maxOf(STALL_FLOOR_MILLIS, TimeUnit.NANOSECONDS.toMillis(serialNanos) * 2)

        private const val PROBE = "bakeoff.probe"
        private const val TRACE_WARMUP = "bakeoff.traceWarmup"
        private const val SETTINGS_SOCKET = "bakeoff.settingsSocket"
        private const val CLASSPATH = "bakeoff.classpath"
        private const val MAX_THREADS = "bakeoff.maxThreads"
        private const val OWNER_PID = "bakeoff.ownerPid"
        private const val FIGURES = "bakeoff.figures"
        private const val STALL_MILLIS = "bakeoff.stallMillis"
        private const val THREAD_DUMP = "bakeoff.threadDump"
        private const val DEADLINE_NANOS = "bakeoff.deadlineNanos"
        private const val TIMES_FILE = "bakeoff.timesFile"
        private const val STEADY_WARMUP_MILLIS = "bakeoff.steadyWarmupMillis"
        private const val STEADY_WARMUP_CAP = "bakeoff.steadyWarmupCap"

        /** What the host set for this JVM; absent properties mean the defaults. */
        fun fromSystemProperties(): ForkSettings = ForkSettings(
            probeFile = System.getProperty(PROBE)?.let(::File),
            traceWarmup = System.getProperty(TRACE_WARMUP).toBoolean(),
            settings = System.getProperty(SETTINGS_SOCKET)?.let { SettingsChannel.read(Path.of(it)) }.orEmpty(),
            classpath = System.getProperty(CLASSPATH)?.split(File.pathSeparator).orEmpty()
                .filter { it.isNotEmpty() },
            maxThreads = System.getProperty(MAX_THREADS)?.toInt(),
            ownerPid = System.getProperty(OWNER_PID)?.toLong(),
            figures = System.getProperty(FIGURES) != "false",
            stallMillis = System.getProperty(STALL_MILLIS)?.toLong(),
            threadDump = System.getProperty(THREAD_DUMP)?.let(::File),
            deadlineNanos = System.getProperty(DEADLINE_NANOS)?.toLong(),
            timesFile = System.getProperty(TIMES_FILE)?.let(::File),
            steadyWarmupMillis = System.getProperty(STEADY_WARMUP_MILLIS)?.toLong(),
            steadyWarmupCap = System.getProperty(STEADY_WARMUP_CAP)?.toInt(),
        )
    }
}
