package dev.bakeoff.engine.fork

import dev.bakeoff.engine.jdk.MachineInfo
import dev.bakeoff.engine.lib.LibClasspath
import dev.bakeoff.engine.lib.LibVersion
import dev.bakeoff.engine.link.ForkEntry
import dev.bakeoff.engine.link.ForkSettings
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.RunOptions
import java.io.File
import java.nio.file.Files
import java.nio.file.Path

/**
 * How every JVM that runs a workload is started, whether JMH forks it for a cell
 * ([JmhCellRunner]) or [EstimateRunner] for a planning probe: on the cell's JDK, with this JVM's
 * classpath and the same options (the [ForkSettings] properties, `--cpus`, every `--jvm-arg`), and
 * with `--cpus` (or a cell's own [cpus], from a `cpus=` sweep) on that many cores ([CpuAffinity]), and
 * with a cell's [libs] (`--lib`) in place of Bakeoff's own copies of those libraries ([LibClasspath]).
 * Immutable; thread-safe.
 */
internal class ForkJvm(
    private val options: RunOptions,
    jdk: Path? = options.jdk,
    private val cpus: Int? = options.cpus,
    private val libs: List<LibVersion> = emptyList(),
) {
    /** The JDK the forks run on: [jdk] (a cell's, or `--jdk`), or the one running Bakeoff. */
    val home: Path = jdk ?: Path.of(System.getProperty("java.home"))

    /** Whether the forks run on another JDK than Bakeoff's own (JMH must then be told its `java`). */
    val other: Boolean = jdk != null

    val java: Path get() = home.resolve("bin").resolve("java")

    /** How to start [java]: under `taskset` on the `--cpus` cores when set, so that the count is a bound. */
    val launcher: List<String> get() = cpus?.let(CpuAffinity::prefix).orEmpty() + java.toString()

    /**
     * The `java` JMH must start its forks with, or null for this JVM's own: JMH takes one path, so
     * with `--cpus` a script that runs [java] under `taskset` ([CpuAffinity.wrapper]), and with [libs] one that
     * gives it [classpath] in place of JMH's.
     */
    fun jmhJava(): String? = when {
        cpus != null || libs.isNotEmpty() ->
            CpuAffinity.wrapper(java, cpus, classpath = classpath.takeIf { libs.isNotEmpty() }).toString()

        other -> java.toString()

        else -> null
    }

    /** The classpath of this JVM, which the forks use too (JMH's own forks do), with [libs] in place. */
    val classpath: String get() = LibClasspath.of(System.getProperty("java.class.path"), libs)

    /**
     * What a JVM of this run is told besides its command line: [probeFile] for its report, the
     * run's scenario [settings], classpath, thread budget, batch deadline (unless [deadline] is false: Bakeoff's
     * own cost, [HarnessCost], is the floor under every figure, never cut short) and, outside an in-process run,
     * this process as its owner (see [ForkSettings]).
     */
    fun forkSettings(
        probeFile: Path,
        traceWarmup: Boolean,
        figures: Boolean = true,
        settings: Map<String, String> = options.settings,
        deadline: Boolean = true,
    ) = ForkSettings(
        probeFile = probeFile.toFile(),
        traceWarmup = traceWarmup,
        settings = settings,
        classpath = options.classpath.map { it.toString() },
        maxThreads = options.maxThreads,
        ownerPid = if (options.inProcess) null else ProcessHandle.current().pid(),
        figures = figures,
        deadlineNanos = options.deadlineNanos?.takeIf { deadline },
    )

    /**
     * Runs [main] (a trace-only or load JVM's entry point) in a JVM of this run for [spec]: its
     * arguments the cell's strategy, subject, items and wait form, then [extra]; its report in
     * [probeFile], its output in [log], the run's settings served meanwhile; killed at [limitSeconds]
     * ([ProbeProcess]), its settings as [adjust] makes them. Its exit status, or null when it was killed.
     */
    fun runCell(
        main: ForkEntry,
        spec: CellSpec,
        probeFile: Path,
        log: Path,
        limitSeconds: Long,
        traceWarmup: Boolean,
        extra: List<String> = emptyList(),
        adjust: (ForkSettings) -> ForkSettings = { it },
    ): Int? {
        val cell = listOf(spec.strategy.spec, spec.subject, spec.items.toString(), spec.wait.id)
        return runMain(main, cell + extra, probeFile, log, limitSeconds, adjust(forkSettings(probeFile, traceWarmup)))
    }

    /**
     * Runs [main] with [arguments] in a JVM of this run told [fork] (the run's settings served
     * meanwhile), its output in [log], killed at [limitSeconds] ([ProbeProcess]): [runCell] for a JVM
     * that runs no cell of a workload (`bakeoff footprint`'s). Its exit status, or null when it was killed.
     */
    fun runMain(
        main: ForkEntry,
        arguments: List<String>,
        probeFile: Path,
        log: Path,
        limitSeconds: Long,
        fork: ForkSettings = forkSettings(probeFile, false),
    ): Int? {
        val settings = fork.serveSettings()
        val command = launcher + args(fork.toProperties(settings?.socket)) +
            listOf("-cp", classpath, main.className) + arguments
        return try {
            ProbeProcess.run(command, log, limitSeconds)
        } finally {
            settings?.close()
        }
    }

    /** The JVM options of a fork: [properties] as `-D` options, then the run's own. */
    fun args(properties: Map<String, String>): List<String> {
        val args = properties.map { (k, v) -> "-D$k=$v" }.toMutableList()
        args += "-Dfile.encoding=UTF-8"
        cpus?.let { args += "-XX:ActiveProcessorCount=$it" }
        args += options.jvmArgs
        // JMH reads fields through sun.misc.Unsafe; JDK 24+ prints a warning into every fork's log unless allowed.
        if ((MachineInfo.jdkMajor(home) ?: 0) >= 24) args += "--sun-misc-unsafe-memory-access=allow"
        args += setUp()
        return args
    }

    /**
     * The options that only make a fork start sooner, whatever it measures (results.json records them with each
     * fork's anatomy): the shared class-data archive ([cdsArchive]) where the classpath allows one.
     */
    fun setUp(): List<String> = cdsArchive(classpath.split(File.pathSeparator), home)?.let {
        listOf("-XX:+AutoCreateSharedArchive", "-XX:SharedArchiveFile=$it", "-Xlog:cds=off", "-Xlog:cds+dynamic=off")
    }.orEmpty()

    /**
     * What every fork of a cell adds to [setUp]: an initial heap of [CELL_HEAP], so that its timed runs are not
     * also the heap growing on a loaded machine ([docs/RESULTS.md], "Forks"); none when the run's own `--jvm-arg`s
     * size the heap. Not pre-touched: a fork's RSS figures count the pages it used, and its warm-up touches those.
     */
    fun heapSetUp(): List<String> =
        if (options.jvmArgs.any { a -> HEAP_OPTIONS.any(a::startsWith) }) emptyList() else listOf("-Xms$CELL_HEAP")

    companion object {
        /** A cell's forks' initial heap ([heapSetUp]). */
        const val CELL_HEAP = "512m"

        /** Options by which a run sizes the heap itself. */
        private val HEAP_OPTIONS = listOf("-Xms", "-Xmx", "-XX:InitialHeapSize", "-XX:MaxHeapSize", "-XX:MaxRAM")

        /**
         * A dynamic class-data-sharing archive shared by every fork of this classpath ([entries]) and
         * JDK ([home]): the first fork writes it, later ones start faster (class loading only;
         * compiled code and measured behaviour are unaffected). The JVM can archive only an all-jar
         * classpath, as the launcher's is; with class directories on it (tests), there is none. The
         * name covers each jar's size and time too: the JVM refuses an archive whose jars changed (a
         * rebuild) and does not write a new one over it, so a name of the paths alone would cost every
         * later fork its class-data sharing (measured: 0.4 s more per fork before its first batch).
         */
        internal fun cdsArchive(
            entries: List<String>,
            home: Path,
            dir: Path = Path.of(System.getProperty("java.io.tmpdir")),
        ): Path? {
            if (entries.any { !it.endsWith(".jar") || !Files.isRegularFile(Path.of(it)) }) return null
            val jars = entries.map { jar ->
                val p = Path.of(jar)
                "$jar:${Files.size(p)}:${Files.getLastModifiedTime(p).toMillis()}"
            }
            val key = "$home|$jars".hashCode().toUInt().toString(16)
            return dir.resolve("bakeoff-cds-$key.jsa")
        }
    }
}
