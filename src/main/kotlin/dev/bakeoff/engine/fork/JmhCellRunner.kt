package dev.bakeoff.engine.fork

import dev.bakeoff.engine.link.CellFiles
import dev.bakeoff.engine.link.Credentials
import dev.bakeoff.engine.link.ForkEntry
import dev.bakeoff.engine.link.ForkSettings
import dev.bakeoff.engine.link.ForkTimes
import dev.bakeoff.engine.link.ProbeReport
import dev.bakeoff.engine.link.ReportChannel
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.metrics.LimitFormula
import dev.bakeoff.metrics.TimeSummary
import dev.bakeoff.metrics.Trend
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.ForkRole
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.PlanMode
import org.openjdk.jmh.annotations.Mode
import org.openjdk.jmh.profile.AsyncProfiler
import org.openjdk.jmh.profile.GCProfiler
import org.openjdk.jmh.results.RunResult
import org.openjdk.jmh.runner.Runner
import org.openjdk.jmh.runner.RunnerException
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder
import org.openjdk.jmh.runner.options.OptionsBuilder
import org.openjdk.jmh.runner.options.TimeValue
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicBoolean
import java.util.regex.Pattern
import java.util.stream.Stream

/**
 * Runs one cell through JMH (its own forked JVM) and turns JMH's result plus the fork's probe
 * report into a [CellResult]. A cell that throws, breaks its ledger, exceeds its time limit or
 * kills its JVM yields a result with that status and the reason, never an exception.
 *
 * Threading model: one cell at a time; a daemon watchdog kills the forked JVM at the deadline.
 */
internal class JmhCellRunner(private val options: RunOptions, private val workDir: Path) {
    private val profiler = options.profile?.let(::CellProfiler)

    private val defaultJvm = ForkJvm(options)

    /** A finished cell: what goes into results.json, and JMH's own result for jmh.json. */
    class Outcome(val result: CellResult, val jmh: RunResult?)

    /**
     * Runs cell number [index] with [plan]; with [figures] false only its timed runs are measured
     * (a race's further fork: the cell's other figures come from its first fork). With [figures], one
     * screening fork searches for the steady state, times [plan]'s runs and then takes the untimed figures
     * ([CellForks]); profiled, the figures come from a fork of their own first, whose iterations the profiler
     * samples, and a timing fork follows. In-process, one run does both (there is no fork to spare the passes).
     */
    fun run(
        index: Int,
        spec: CellSpec,
        plan: MeasurementPlan,
        expectedSerialNanos: Long,
        figures: Boolean = true,
    ): Outcome {
        if (!figures || options.inProcess) {
            return runJmh(index, spec, plan, expectedSerialNanos, ForkRole.TIMING, figures)
        }
        if (profiler == null) {
            val screened = runJmh(index, spec, plan, expectedSerialNanos, ForkRole.SCREENING, figures = true)
            val result = screened.result
            return Outcome(result.copy(plan = CellForks.steadyPlan(plan, result.forks)), screened.jmh)
        }
        val measured = runJmh(index, spec, plan, expectedSerialNanos, ForkRole.FIGURES, figures = true)
        // A cell that ended before its figures (killed, stalled, failed) is that; one whose close failed is timed.
        if (measured.result.status != CellStatus.OK && measured.result.threads == null) return measured
        val timingPlan = CellForks.steadyPlan(plan, measured.result.forks)
        val timing = runJmh(index, spec, timingPlan, expectedSerialNanos, ForkRole.TIMING, figures = false)
        return Outcome(CellForks.merged(timing.result, measured.result), timing.jmh)
    }

    /**
     * One JMH run of cell number [index] with [plan], its forks in [role]: with the untimed passes (and the
     * allocation counter and profiler) when [figures], else timing only.
     */
    private fun runJmh(
        index: Int,
        spec: CellSpec,
        plan: MeasurementPlan,
        expectedSerialNanos: Long,
        role: ForkRole,
        figures: Boolean,
    ): Outcome {
        val files = CellFiles(workDir, index)
        val probeFile = files.probe.also { Files.deleteIfExists(it) }
        val times = files.forkTimes.also { Files.deleteIfExists(it) }
        val log = if (role == ForkRole.FIGURES) files.figuresLog else files.log
        val timeoutSeconds = options.cellTimeoutSeconds ?: defaultTimeoutSeconds(plan, expectedSerialNanos)
        val dump = files.threads.also { Files.deleteIfExists(it) }
        val search = CellForks.searchChunks(role, plan)
        val fork = defaultJvm.forkSettings(
            probeFile,
            traceWarmup = figures && plan.mode == PlanMode.SINGLE_SHOT && plan.warmupIterations > 0,
            figures = figures,
            deadline = index != HarnessCost.INDEX,
        ).watched(expectedSerialNanos, dump.toFile()).copy(
            timesFile = times.toFile().takeUnless { options.inProcess },
            // A fork first searches for the steady state in iterations' lengths ([CellForks.searchChunks]).
            steadyWarmupMillis = plan.iterationMillis.takeIf { search != null },
            steadyWarmupCap = search,
        )
        val settings = fork.serveSettings()
        val properties = fork.toProperties(settings?.socket)
        // Profiled in the fork that measures the cell's figures (a race's further forks add runs only).
        // Cell 0 is Bakeoff's own cost per item, not a user's cell: neither profiled nor under --deadline.
        val profileDir = profiler?.takeIf { figures && index != HarnessCost.INDEX }?.scratchDir()
        val jvm = jvmOf(spec)
        val jmhOptions =
            jmhOptions(spec, CellForks.jmhPlan(role, plan), properties, log, timeoutSeconds, profileDir, jvm, role)
        val launchUs = ForkTimes.nowUs()
        val setUp = jvm.setUp() + jvm.heapSetUp()
        val anatomy = { CellForks.anatomy(role, ForkTimes.read(times), launchUs, ForkTimes.nowUs(), setUp) }
        val timedOut = AtomicBoolean()
        // In-process cells have no JVM of their own to kill (killing this JVM's children could hit
        // the user's processes). Otherwise the processes this JVM starts while the cell runs (JMH's
        // fork) and what they start: never one it had before.
        val offspring = if (options.inProcess) null else forkOffspring()
        val watchdog = offspring?.let { o ->
            Thread.ofPlatform().daemon().name("bakeoff-watchdog").start { watch(timeoutSeconds, timedOut, o) }
        }
        val base = spec.result(plan = plan).copy(
            scenario = spec.scenario?.entry?.id,
            // The scenario's own settings say where it ran (e.g. which database); a secret one never goes into results.
            params = spec.scenario?.let { sc ->
                sc.values + options.settings.filterKeys(sc.entry::recorded).mapValues { Credentials.masked(it.value) }
            },
        )
        return try {
            // JVM arguments do not reach an in-process run: hand the probe its settings as this JVM's properties.
            if (options.inProcess) properties.forEach { (k, v) -> System.setProperty(k, v) }
            // JMH returns no result at all when its fork exits with status 0 before measuring.
            val jmh = Runner(jmhOptions).run().singleOrNull()
                ?: return Outcome(
                    failed(base, timedOut.get(), timeoutSeconds, files, log, JmhLog.exitedEarly(log)),
                    null,
                )
            val forks = anatomy().takeUnless { options.inProcess }
            val flameFile = files.flame("${options.profile?.mode?.id}")
            val flame = profileDir?.let { profiler.collect(it, flameFile) }
            val profile = flame?.let { options.out.relativize(it).toString() }
            val result = complete(base, jmh, ReportChannel.PROBE.read(probeFile))
            Outcome(result.copy(profile = profile, forks = forks), jmh)
        } catch (e: RunnerException) {
            val failure = failed(base, timedOut.get(), timeoutSeconds, files, log, e.cause?.message ?: e.message)
            Outcome(failure.copy(forks = anatomy().takeUnless { options.inProcess }), null)
        } finally {
            watchdog?.interrupt()
            profileDir?.let { profiler.discard(it) }
            // What a fork started and left behind when it halted (a task's own processes) ends with the cell.
            offspring?.endAll()
            if (options.inProcess) properties.keys.forEach(System::clearProperty)
            settings?.close()
        }
    }

    /**
     * A cell that ended without JMH's result: killed at its time limit, failed or stalled as its
     * probe recorded (a stalled one with its thread dump), or as the fork's log says (else [fallback]).
     */
    private fun failed(
        base: CellResult,
        timedOut: Boolean,
        timeoutSeconds: Long,
        files: CellFiles,
        log: Path,
        fallback: String?,
    ): CellResult {
        val probe = ReportChannel.PROBE.read(files.probe)
        return when {
            timedOut -> base.copy(status = CellStatus.TIMEOUT, error = ProbeProcess.timeLimitExceeded(timeoutSeconds))

            probe != null && probe.status != CellStatus.OK -> base.copy(
                status = probe.status,
                error = probe.error,
                memory = probe.memory,
                threadDump = files.threadDump(probe.status.stalled, options.out),
            )

            else -> base.copy(status = CellStatus.FAILED, error = JmhLog.failureFromLog(log) ?: fallback)
        }
    }

    private fun jmhOptions(
        spec: CellSpec,
        plan: MeasurementPlan,
        properties: Map<String, String>,
        log: Path,
        timeoutSeconds: Long,
        profileDir: Path?,
        jvm: ForkJvm,
        role: ForkRole,
    ): org.openjdk.jmh.runner.options.Options {
        // Scenario cells reset and verify around every batch; workload cells keep a fixture-free timing loop.
        val benchmark = if (spec.scenario != null) ForkEntry.SCENARIO_BENCHMARK else ForkEntry.CELL_BENCHMARK
        val b = builder(benchmark.className, plan, log, properties, jvm)
            .param("strategy", spec.strategy.spec)
            .param("workload", spec.subject)
            .param("items", spec.items.toString())
            .param("wait", spec.wait.id)
            .timeout(TimeValue.seconds(timeoutSeconds))
        // JMH's own GC counters (jmh.json) where no run is kept: Bakeoff's allocation figure is the probe's.
        if (role == ForkRole.FIGURES) b.addProfiler(GCProfiler::class.java)
        if (profileDir != null) {
            b.addProfiler(AsyncProfiler::class.java, checkNotNull(profiler).initLine(profileDir))
            // JMH loads the library with System.load, which JDK 24+ warns about in every profiled fork's log.
            b.jvmArgsAppend("--enable-native-access=ALL-UNNAMED")
        }
        return b.build()
    }

    /** The JVM of [spec]'s forks: its own JDK, cores (a sweep's) or library versions, else the run's. */
    private fun jvmOf(spec: CellSpec): ForkJvm = if (spec.jdk != null || spec.cpus != null || spec.libs.isNotEmpty()) {
        ForkJvm(options, spec.jdk?.home ?: options.jdk, spec.cpus ?: options.cpus, spec.libs)
    } else {
        defaultJvm
    }

    /** The time limit of a cell with [plan] whose batch takes no more than an iteration. */
    fun timeoutSeconds(plan: MeasurementPlan): Long = options.cellTimeoutSeconds ?: defaultTimeoutSeconds(plan, 0)

    /**
     * JMH options for a plain benchmark class (`bakeoff selfcheck`'s twins of Bakeoff cells), with
     * exactly the JVM, JVM options, profiler and [plan] a cell's timing fork gets, and nothing of Bakeoff's probe.
     */
    fun plainOptions(benchmark: Class<*>, plan: MeasurementPlan, log: Path): org.openjdk.jmh.runner.options.Options =
        builder(benchmark.name, plan, log, emptyMap(), defaultJvm).build()

    private fun builder(
        benchmark: String,
        plan: MeasurementPlan,
        log: Path,
        properties: Map<String, String>,
        jvm: ForkJvm,
    ): ChainedOptionsBuilder {
        val jvmArgs = jvm.args(properties) + jvm.heapSetUp()
        val b: ChainedOptionsBuilder =
            OptionsBuilder()
                .include("^" + Pattern.quote(benchmark) + "\\.batch$")
                .forks(if (options.inProcess) 0 else plan.forks)
                .warmupIterations(plan.warmupIterations)
                .measurementIterations(plan.measurementIterations)
                .timeUnit(TimeUnit.NANOSECONDS)
                .jvmArgs(*jvmArgs.toTypedArray())
                .output(log.toString())
                .shouldFailOnError(true)
        jvm.jmhJava()?.let(b::jvm)
        if (plan.mode == PlanMode.SINGLE_SHOT) {
            b.mode(Mode.SingleShotTime).warmupBatchSize(1).measurementBatchSize(1)
        } else {
            b.mode(Mode.AverageTime)
                .warmupTime(TimeValue.milliseconds(plan.iterationMillis))
                .measurementTime(TimeValue.milliseconds(plan.iterationMillis))
        }
        return b
    }

    private fun complete(base: CellResult, jmh: RunResult, probe: ProbeReport?): CellResult {
        // One JMH benchmark result per fork: a trend is tested within a fork's runs, never across JVMs.
        val forks = jmh.benchmarkResults.map { br -> br.iterationResults.map { it.primaryResult.score } }
        val time = TimeSummary.of(forks.flatten(), jmh.primaryResult.scoreError, forks.map { it.size })
        val trend = Trend.largest(forks)
        val steady = Trend.all(forks.map(Trend::steady))
        // The limit is calibrated in the cell's JVM, a scenario's with its components' CPU.
        val figured = probe?.figuresOf(base)
            ?: base.copy(status = CellStatus.FAILED, error = "the measured JVM ${ReportChannel.unreported(null)}")
        return figured.copy(
            timeNs = time,
            // The batch's own threads' (the probe's), not JMH's gc.alloc.rate.norm: that one counts every thread.
            allocBytesPerOp = probe?.allocBytesPerOp,
            throughputPerSec = base.items / (time.median / 1e9),
            cpuNsPerOp = probe?.cpuNsPerOp,
            efficiency = figured.limitNs?.let { LimitFormula.efficiency(it, time.median) },
            steady = steady,
            drift = trend?.first,
            firstToLast = trend?.second,
        )
    }

    /**
     * The processes this cell starts: the children this JVM gains from now on (JMH's fork) and what
     * they start. Never the processes this JVM had before (a library user's own, a browser a test
     * drives), which Bakeoff must leave alone.
     */
    private fun forkOffspring(): Offspring {
        val before = ProcessHandle.current().children().toList().toSet()
        return Offspring {
            ProcessHandle.current().children().filter { it !in before }
                .flatMap { Stream.concat(Stream.of(it), it.descendants()) }
        }
    }

    /** Remembers the processes of the cell until [seconds] have passed, then kills them all; or until interrupted. */
    private fun watch(seconds: Long, timedOut: AtomicBoolean, offspring: Offspring) {
        val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds)
        try {
            while (System.nanoTime() - deadline < 0) {
                offspring.sample()
                Thread.sleep(Offspring.SAMPLE_MILLIS)
            }
        } catch (_: InterruptedException) {
            return
        }
        timedOut.set(true)
        offspring.endAll()
    }

    private companion object {

        /**
         * Generous: every planned batch at the expected serial time (at least one iteration
         * each), the trace pass, JVM start-up.
         */
        fun defaultTimeoutSeconds(plan: MeasurementPlan, serialNanos: Long): Long {
            val batchSeconds = serialNanos / 1e9
            val iterations = plan.warmupIterations + plan.measurementIterations
            val perIteration = maxOf(batchSeconds, plan.iterationMillis / 1000.0)
            // A figures fork's steady-state search too, at most as many iterations more.
            val searched = iterations + ForkSettings.STEADY_WARMUP_CHUNKS
            val perFork = searched * perIteration + ForkSettings.TRACE_BATCHES * batchSeconds + 60
            return (plan.forks * perFork * 2).toLong() + 60
        }
    }
}
