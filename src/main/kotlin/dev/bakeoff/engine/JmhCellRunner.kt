package dev.bakeoff.engine

import dev.bakeoff.engine.jmh.CellBenchmark
import dev.bakeoff.engine.jmh.ScenarioBenchmark
import dev.bakeoff.metrics.LimitFormula
import dev.bakeoff.metrics.TimeSummary
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.PlanMode
import dev.bakeoff.result.ProbeReport
import kotlinx.serialization.json.Json
import org.openjdk.jmh.annotations.Mode
import org.openjdk.jmh.profile.GCProfiler
import org.openjdk.jmh.results.RunResult
import org.openjdk.jmh.runner.Runner
import org.openjdk.jmh.runner.RunnerException
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder
import org.openjdk.jmh.runner.options.OptionsBuilder
import org.openjdk.jmh.runner.options.TimeValue
import java.io.File
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicBoolean
import java.util.regex.Pattern
import kotlin.io.path.exists
import kotlin.io.path.readLines
import kotlin.io.path.readText

/**
 * Runs one cell through JMH (its own forked JVM) and turns JMH's result plus the fork's probe
 * report into a [CellResult]. A cell that throws, breaks its ledger, exceeds its time limit or
 * kills its JVM yields a result with that status and the reason, never an exception.
 *
 * Threading model: one cell at a time; a daemon watchdog kills the forked JVM at the deadline.
 */
internal class JmhCellRunner(private val options: RunOptions, private val workDir: Path) {
    private val jdkHome: Path = options.jdk ?: Path.of(System.getProperty("java.home"))

    /** A finished cell: what goes into results.json, and JMH's own result for jmh.json. */
    class Outcome(val result: CellResult, val jmh: RunResult?)

    fun run(index: Int, spec: CellSpec, plan: MeasurementPlan, expectedSerialNanos: Long): Outcome {
        val name = "cell-%03d".format(index)
        val probeFile = workDir.resolve("$name.probe.json").also { Files.deleteIfExists(it) }
        val log = workDir.resolve("$name.log")
        val timeoutSeconds = options.cellTimeoutSeconds ?: defaultTimeoutSeconds(plan, expectedSerialNanos)
        val fork = fork(probeFile, plan)
        val settingsFile = fork.writeSettings()
        val properties = fork.toProperties(settingsFile)
        val jmhOptions = jmhOptions(spec, plan, properties, log, timeoutSeconds)
        val timedOut = AtomicBoolean()
        // In-process cells have no JVM of their own to kill (killing this JVM's children could hit
        // the user's processes).
        val watchdog = if (options.inProcess) {
            null
        } else {
            Thread.ofPlatform().daemon().name("bakeoff-watchdog").start {
                killAfter(timeoutSeconds, timedOut)
            }
        }
        val base = CellResult(
            spec.strategy.spec,
            spec.strategy.entry.family,
            spec.subject,
            spec.items,
            spec.wait,
            CellStatus.OK,
            plan = plan,
            scenario = spec.scenario?.entry?.id,
            // The scenario's own settings say where it ran (e.g. which database); a secret one never goes into results.
            params = spec.scenario?.let { sc ->
                sc.values + options.settings.filterKeys(sc.entry::recorded).mapValues { Credentials.masked(it.value) }
            },
            limitNs = spec.createScenario(options.context())?.limit()?.nanos?.toDouble(),
            sweep = spec.sweep,
        )
        return try {
            // JVM arguments do not reach an in-process run: hand the probe its settings as this JVM's properties.
            if (options.inProcess) properties.forEach { (k, v) -> System.setProperty(k, v) }
            val jmh = Runner(jmhOptions).run().single()
            Outcome(complete(base, jmh, readProbe(probeFile)), jmh)
        } catch (e: RunnerException) {
            val probe = readProbe(probeFile)
            val result =
                when {
                    timedOut.get() -> base.copy(
                        status = CellStatus.TIMEOUT,
                        error = "exceeded its time limit of $timeoutSeconds s; its JVM was killed",
                    )

                    probe != null && probe.status != CellStatus.OK -> base.copy(
                        status = probe.status,
                        error = probe.error,
                        memory = probe.memory,
                    )

                    else -> base.copy(
                        status = CellStatus.FAILED,
                        error =
                        failureFromLog(log) ?: (e.cause?.message ?: e.message),
                    )
                }
            Outcome(result, null)
        } finally {
            watchdog?.interrupt()
            if (options.inProcess) properties.keys.forEach(System::clearProperty)
            settingsFile?.let(Files::deleteIfExists)
        }
    }

    /** What the fork-side [CellProbe] reads besides the JMH parameters. */
    private fun fork(probeFile: Path, plan: MeasurementPlan) = ForkSettings(
        probeFile = probeFile.toFile(),
        traceWarmup = plan.mode == PlanMode.SINGLE_SHOT && plan.warmupIterations > 0,
        settings = options.settings,
        classpath = options.classpath.map { it.toString() },
        maxThreads = options.maxThreads,
        ownerPid = if (options.inProcess) null else ProcessHandle.current().pid(),
    )

    private fun jmhOptions(
        spec: CellSpec,
        plan: MeasurementPlan,
        properties: Map<String, String>,
        log: Path,
        timeoutSeconds: Long,
    ): org.openjdk.jmh.runner.options.Options {
        // Scenario cells reset and verify around every batch; workload cells keep a fixture-free timing loop.
        val benchmark = if (spec.scenario != null) ScenarioBenchmark::class.java else CellBenchmark::class.java
        val jvmArgs = properties.map { (k, v) -> "-D$k=$v" }.toMutableList()
        jvmArgs += "-Dfile.encoding=UTF-8"
        options.cpus?.let { jvmArgs += "-XX:ActiveProcessorCount=$it" }
        jvmArgs += options.jvmArgs
        // JMH reads fields through sun.misc.Unsafe; JDK 24+ prints a warning into every fork's log unless allowed.
        if ((MachineInfo.jdkMajor(jdkHome) ?: 0) >= 24) jvmArgs += "--sun-misc-unsafe-memory-access=allow"
        cdsArchive()?.let {
            jvmArgs +=
                listOf(
                    "-XX:+AutoCreateSharedArchive",
                    "-XX:SharedArchiveFile=$it",
                    "-Xlog:cds=off",
                    "-Xlog:cds+dynamic=off",
                )
        }
        val b: ChainedOptionsBuilder =
            OptionsBuilder()
                .include("^" + Pattern.quote(benchmark.name) + "\\.batch$")
                .param("strategy", spec.strategy.spec)
                .param("workload", spec.subject)
                .param("items", spec.items.toString())
                .param("wait", spec.wait.id)
                .forks(if (options.inProcess) 0 else plan.forks)
                .warmupIterations(plan.warmupIterations)
                .measurementIterations(plan.measurementIterations)
                .timeUnit(TimeUnit.NANOSECONDS)
                .addProfiler(GCProfiler::class.java)
                .jvmArgs(*jvmArgs.toTypedArray())
                .timeout(TimeValue.seconds(timeoutSeconds))
                .output(log.toString())
                .shouldFailOnError(true)
        options.jdk?.let { b.jvm(it.resolve("bin/java").toString()) }
        if (plan.mode == PlanMode.SINGLE_SHOT) {
            b.mode(Mode.SingleShotTime).warmupBatchSize(1).measurementBatchSize(1)
        } else {
            b.mode(
                Mode.AverageTime,
            ).warmupTime(
                TimeValue.milliseconds(plan.iterationMillis),
            ).measurementTime(TimeValue.milliseconds(plan.iterationMillis))
        }
        return b.build()
    }

    private fun complete(base: CellResult, jmh: RunResult, probe: ProbeReport?): CellResult {
        val runs = jmh.benchmarkResults.flatMap { br -> br.iterationResults.map { it.primaryResult.score } }
        val time = TimeSummary.of(runs, jmh.primaryResult.scoreError)
        val alloc = jmh.secondaryResults["gc.alloc.rate.norm"]?.score?.takeIf { it.isFinite() }
        return base.copy(
            status = probe?.status ?: CellStatus.FAILED,
            error = probe?.error ?: if (probe == null) "the measured JVM wrote no probe report" else null,
            timeNs = time,
            allocBytesPerOp = alloc,
            threads = probe?.threads,
            latencyNs = probe?.latencyNs,
            perThread = probe?.perThread,
            throughputPerSec = base.items / (time.median / 1e9),
            cpuNsPerOp = probe?.cpuNsPerOp,
            tasks = probe?.tasks,
            memory = probe?.memory,
            // A workload cell's limit is calibrated in its JVM; a scenario's comes from its
            // definition (already in base).
            limitNs = probe?.limitNs ?: base.limitNs,
            efficiency = (probe?.limitNs ?: base.limitNs)?.let { LimitFormula.efficiency(it, time.median) },
            evidence = probe?.evidence,
        )
    }

    /**
     * A dynamic class-data-sharing archive shared by every fork of this classpath and JDK: the
     * first fork writes it, later ones start faster (class loading only; compiled code and
     * measured behaviour are unaffected). The JVM can archive only an all-jar classpath, as the
     * launcher's is; with class directories on it (tests), there is none.
     */
    private fun cdsArchive(): Path? {
        val classpath = System.getProperty("java.class.path").split(java.io.File.pathSeparator)
        if (classpath.any { !it.endsWith(".jar") || !Files.isRegularFile(Path.of(it)) }) return null
        val key = "$jdkHome|$classpath".hashCode().toUInt().toString(16)
        return Path.of(System.getProperty("java.io.tmpdir"), "bakeoff-cds-$key.jsa")
    }

    private fun readProbe(file: Path): ProbeReport? = if (file.exists()) {
        runCatching {
            Json.decodeFromString(ProbeReport.serializer(), file.readText())
        }.getOrNull()
    } else {
        null
    }

    /** The first exception line JMH logged for the failed fork (e.g. an OutOfMemoryError), if any. */
    private fun failureFromLog(log: Path): String? = if (!log.exists()) {
        null
    } else {
        log.readLines().firstOrNull { EXCEPTION_LINE.containsMatchIn(it) }?.trim()
            ?: log.readLines().lastOrNull { it.contains("VM terminated") || it.contains("exit code") }?.trim()
    }

    private fun killAfter(seconds: Long, timedOut: AtomicBoolean) {
        try {
            Thread.sleep(TimeUnit.SECONDS.toMillis(seconds))
        } catch (_: InterruptedException) {
            return
        }
        timedOut.set(true)
        // The only children of this JVM while a cell runs are JMH's forked JVMs.
        ProcessHandle.current().descendants().forEach { it.destroyForcibly() }
    }

    private companion object {
        val EXCEPTION_LINE = Regex("^\\s*([\\w.$]+(Exception|Error))(:|$)")

        /**
         * Generous: every planned batch at the expected serial time (at least one iteration
         * each), the trace pass, JVM start-up.
         */
        @OptIn(InternalBakeoffApi::class)
        fun defaultTimeoutSeconds(plan: MeasurementPlan, serialNanos: Long): Long {
            val batchSeconds = serialNanos / 1e9
            val iterations = plan.warmupIterations + plan.measurementIterations
            val perIteration = maxOf(batchSeconds, plan.iterationMillis / 1000.0)
            val perFork = iterations * perIteration + CellProbe.TRACE_BATCHES * batchSeconds + 60
            return (plan.forks * perFork * 2).toLong() + 60
        }
    }
}
