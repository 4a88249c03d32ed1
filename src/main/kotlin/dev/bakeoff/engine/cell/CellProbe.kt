package dev.bakeoff.engine.cell

import dev.bakeoff.engine.link.ForkSettings
import dev.bakeoff.engine.link.ForkTimes
import dev.bakeoff.engine.link.InternalBakeoffApi
import dev.bakeoff.engine.link.ProbeReport
import dev.bakeoff.engine.link.ReportChannel
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.probe.DeadlineStats
import dev.bakeoff.engine.probe.EvidenceRecorder
import dev.bakeoff.engine.probe.FailureStats
import dev.bakeoff.engine.probe.MemoryProbe
import dev.bakeoff.engine.probe.TraceStats
import dev.bakeoff.model.ItemTrace
import dev.bakeoff.model.LedgerException
import dev.bakeoff.model.RunContext
import dev.bakeoff.model.VerificationException
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.ErrorText
import dev.bakeoff.result.ThreadStats
import dev.bakeoff.wording.Units
import java.io.File
import java.lang.management.ManagementFactory

/**
 * The fork-side companion of the JMH entry point: owns the [Cell], adds up process CPU time over
 * measured iterations, runs the untimed trace pass and evidence pass at the end (JFR events,
 * context switches, CPU use: an [EvidenceRecorder]) and writes a [ProbeReport]. It also
 * watches memory (a [MemoryProbe], which also counts what the batches' own threads allocate in the measured
 * iterations) and, when [ForkSettings.maxThreads] is set, keeps the JVM within that many
 * live platform threads (a [ThreadBudget]), both from before the strategy opens.
 * Called only from JMH's benchmark thread, one call at a time (the budget's watcher excepted,
 * which only ever reports and halts).
 */
@InternalBakeoffApi
public class CellProbe internal constructor(
    spec: CellSpec,
    fork: ForkSettings,
    private val clock: ForkClock = ForkClock(ForkTimes.nowUs(), 0),
) {
    private val constructed = System.nanoTime()
    private val out: File? = fork.probeFile
    private val timesFile: File? = fork.timesFile
    private val traceWarmup = fork.traceWarmup

    // Memory figures are the figures fork's: a timing fork adds no listener to every collection it times.
    private val memory = MemoryProbe().also { if (fork.figures) it.start() }
    private val budget = fork.maxThreads?.let { ThreadBudget(it, ::overBudget) }

    // JFR in a measured JVM only (in-process, where there is no owner to watch, its threads would outlive the run in
    // the caller's JVM), and only in a fork with the untimed passes ([ForkSettings.figures]). Prepared before the
    // cell (and its thread census) exists only when the first warm-up batch records the evidence; otherwise after
    // the timed iterations, which it would slow ([EvidenceRecorder]).
    private val evidence = EvidenceRecorder(
        Runtime.getRuntime().availableProcessors(),
        withJfr = fork.ownerPid != null && fork.figures,
        prepareNow = traceWarmup,
    )
    private val figures = fork.figures

    // Before the cell too, for the same reason; in a measured JVM only, which it halts when the items stall.
    private val watchdog = fork.threadDump?.takeIf { fork.ownerPid != null }?.let { dump ->
        fork.stallMillis?.let { ProgressWatchdog(it * 1_000_000, dump.toPath(), ::stalled) }
    }
    internal val cell: Cell =
        Cell(spec, RunContext(settings = fork.settings, classpath = fork.classpath), fork.deadlineNanos)
    private val os = ManagementFactory.getOperatingSystemMXBean() as com.sun.management.OperatingSystemMXBean
    private var cpuAtStart = 0L
    private var cpuNs = 0L
    private var measuredBatches = 0L

    init {
        cell.open()
        // JMH runs every batch on the thread that set the cell up: items of a strategy without threads run there.
        val batchThread = Thread.currentThread()
        watchdog?.watch(cell) { cell.threads.cellThreads() + batchThread }
        clock.setUp(System.nanoTime() - constructed)
    }

    private val traces = mutableListOf<ItemTrace>()
    private var tracing = false
    private var tracedStart = 0L
    private var tracedNs: Long? = null

    init {
        // After every field [failed] reads: a batch that breaks its ledger or its scenario's check in the search
        // is recorded as such (broken), as in a JMH iteration, before JMH's set-up fails with it.
        fork.steadyWarmupMillis?.let { millis ->
            try {
                val cap = fork.steadyWarmupCap ?: ForkSettings.STEADY_WARMUP_CHUNKS
                clock.searched(SteadyWarmup.run(cell, millis * NANOS_PER_MILLI, cap))
            } catch (e: RuntimeException) {
                failed(e)
                throw e
            } catch (e: Error) {
                failed(e)
                throw e
            }
        }
    }

    /** One measured batch: exactly the cell's batch, nothing else (see [Cell.runBatch]). */
    public fun runBatch() {
        cell.runBatch()
    }

    /** A scenario's reset before a batch; never timed. */
    public fun beforeBatch() {
        cell.beforeBatch()
    }

    /** A scenario's verification after a batch; never timed. */
    public fun afterBatch() {
        cell.afterBatch()
    }

    /**
     * In single-shot plans every batch is long, so the trace pass is the first warm-up batch
     * (never timed) instead of an extra batch after the measurement: same separation, one
     * multi-second batch less per cell.
     */
    public fun iterationStarted(measured: Boolean) {
        // A failure or deadline cell's traced batch waits for its leftovers and counts the threads they leave: never
        // a warm-up batch, whose pools are still starting threads that would count as left behind.
        tracing = !measured && traceWarmup && !cell.outlives && traces.isEmpty()
        if (tracing) {
            // The traced warm-up batch is the evidence batch too: as long, and no batch more.
            evidence.start()
            traces += cell.startTrace()
            tracedStart = System.nanoTime()
        }
        cpuAtStart = os.processCpuTime
        clock.iterationStarted(processCpuNs = cpuAtStart.takeIf { measured })
        // Last: the census and the window's own set-up stay out of the window (the figures fork's figure only).
        if (measured && figures) memory.startBatches(cell.threads.cellThreads() + Thread.currentThread())
    }

    /** Verifies the ledger for the iteration just ended; [measured] iterations count towards CPU per batch. */
    public fun iterationEnded(measured: Boolean) {
        if (measured && figures) memory.endBatches()
        val ended = System.nanoTime()
        val cpuNow = os.processCpuTime
        val cpu = cpuNow - cpuAtStart
        // Beside the process CPU, before the verification and the trace's end: the timed runs' window only.
        if (measured) clock.batchesEnded(ended, cpuNow)
        if (tracing) {
            tracedNs = System.nanoTime() - tracedStart
            cell.stopTrace()
            evidence.stop(1)
        }
        tracing = false
        val batches = cell.verifyCounting()
        clock.iterationEnded(measured, batches, ended)
        if (measured) {
            cpuNs += cpu
            measuredBatches += batches
        }
    }

    /**
     * Calibrates the items' (or a scenario's components') CPU cost for the physical limit (the JIT is warm by now;
     * this fork's processors are the usable cores, so `--cpus` is respected), runs the trace pass unless a
     * warm-up batch was traced (at least one batch, up to [ForkSettings.TRACE_BATCHES] within
     * [TRACE_BUDGET_NANOS]), then the evidence pass unless that warm-up batch recorded it, closes
     * the cell, writes the report.
     */
    public fun finish() {
        clock.untimedStarted()
        if (!figures) return finishTimesOnly()
        // A failure or deadline cell's batch may end early, far below any limit of all of its items.
        val limit = if (!cell.outlives) cell.physicalLimit(Runtime.getRuntime().availableProcessors()) else null
        val start = System.nanoTime()
        // A deadline cell's lateness is a percentile over these batches: more of them, within a larger budget.
        val (most, budget) =
            if (cell.deadlineNanos != null) DEADLINE_TRACES else ForkSettings.TRACE_BATCHES to TRACE_BUDGET_NANOS
        val missedBefore = cell.missed
        if (traces.isEmpty()) {
            // Short batches: a few of them for steadier percentiles, within a small time budget.
            do {
                traces += cell.trace()
            } while (traces.size < most && System.nanoTime() - start < budget)
        }
        val missed = (cell.missed - missedBefore).toInt()
        // Read before the evidence pass, whose first recording may start JFR's own threads.
        val census = cell.threads
        val endLive = census.live()
        val peakLive = census.peakLive()
        val created = census.created()
        if (!evidence.recorded) evidencePass()
        val memoryStats = memory.stats()
        val close = cell.closeAndCheck()
        val threads = ThreadStats(
            startLive = census.startLive,
            peakLive = peakLive,
            created = created,
            aliveAfterClose = close.leaked.size,
            virtualUsed = TraceStats.virtualThreads(traces.first()),
            endLive = endLive,
            liveAfterClose = census.live() - evidence.jfrThreads,
        )
        // Read back after the memory and thread figures, so reading the recordings never counts as the cell's.
        val figures = evidence.evidence()
        val deadline = cell.deadlineNanos?.let { DeadlineStats.of(traces, it, cell.deadlineForm, missed) }
        // A strategy that overran its deadline is failed, with its figures: never a run's answer.
        val problems = listOfNotNull(leakError(close.leaked), deadline?.let(DeadlineStats::overran))
        val status = if (problems.isEmpty()) CellStatus.OK else CellStatus.FAILED
        val error = problems.joinToString("; ").ifEmpty { null }
        write(
            ProbeReport(
                status,
                error,
                threads,
                TraceStats.latency(traces),
                TraceStats.perThread(traces.first()),
                if (measuredBatches > 0) cpuNs.toDouble() / measuredBatches else null,
                close.leaked,
                close.overBound,
                traces.size,
                TraceStats.tasks(traces.first()),
                memoryStats,
                limit?.limitNs,
                figures,
                tracedNs?.toDouble(),
                limit?.parts,
                cell.failingItem?.let { FailureStats.of(traces, it) },
                deadline,
                memory.allocatedPerBatch(measuredBatches),
            ),
        )
        clock.write(timesFile)
        stopWatching()
    }

    private fun leakError(leaked: List<String>): String? =
        leaked.takeIf { it.isNotEmpty() }?.let { "threads left alive after close: ${it.joinToString()}" }

    /** A fork that adds timed runs only: the leak check after closing, and the measured CPU per batch. */
    private fun finishTimesOnly() {
        val close = cell.closeAndCheck()
        val status = if (close.leaked.isEmpty()) CellStatus.OK else CellStatus.FAILED
        val error = leakError(close.leaked)
        val cpu = if (measuredBatches > 0) cpuNs.toDouble() / measuredBatches else null
        write(ProbeReport(status, error, cpuNsPerOp = cpu, leaked = close.leaked, overBound = close.overBound))
        clock.write(timesFile)
        stopWatching()
    }

    /**
     * Untimed batches back to back for at least [EVIDENCE_BUDGET_NANOS] (at least one), recorded
     * by [evidence] as one window: long enough for the process CPU clock's 10 ms ticks. A scenario
     * cell resets and verifies around each batch, inside the window, as in its measured iterations.
     */
    private fun evidencePass() {
        var batches = 0
        evidence.start()
        // Timed from here: starting a recording can take a while, and the window must still be long.
        val start = System.nanoTime()
        do {
            cell.beforeBatch()
            cell.runBatch()
            cell.afterBatch()
            batches++
        } while (System.nanoTime() - start < EVIDENCE_BUDGET_NANOS)
        evidence.stop(batches)
        cell.verify()
    }

    /**
     * Records a failure seen inside the measured JVM (a broken ledger, an exception such as an
     * OutOfMemoryError) before JMH reports it (a broken ledger or scenario outcome: broken), with
     * how many threads it had reached and its memory.
     */
    public fun failed(e: Throwable) {
        val status = if (e is LedgerException || e is VerificationException) CellStatus.BROKEN else CellStatus.FAILED
        // A resource death (out of memory, no more native threads) says how far the approach got.
        val reached = if (e is VirtualMachineError) " (${reached()})" else ""
        val error = ErrorText.of(e) + reached
        write(ProbeReport(status, error, memory = memory.stats()))
        stopWatching()
        runCatching { cell.close() }
    }

    /**
     * Called on the budget's watcher thread: records why and halts at once, which ends every
     * thread of the approach.
     */
    private fun overBudget(live: Int) {
        write(
            ProbeReport(
                CellStatus.FAILED,
                "${ThreadBudget.exceeded(live, budget?.max)} (${reached()})",
                memory = memory.stats(),
            ),
        )
        MeasuredJvm.halt(ForkSettings.OVER_BUDGET_EXIT_CODE)
    }

    /** Called on the watchdog's thread: records the stall (its dump is written) and halts, which ends every thread. */
    private fun stalled(stall: Stall) {
        write(ProbeReport(stall.status, stall.verdict, memory = memory.stats()))
        MeasuredJvm.halt(ForkSettings.STALLED_EXIT_CODE)
    }

    private fun reached(): String {
        val m = memory.stats()
        val rss = m.rssPeakBytes?.let { ", RSS peak ${Units.bytes(it.toDouble())}" }.orEmpty()
        val threads = runCatching {
            "reached ${cell.threads.peakLive()} live platform threads, " +
                "${cell.threads.created()} started since the strategy opened; "
        }.getOrDefault("")
        return "${threads}heap peak ${Units.bytes(m.heapPeakBytes.toDouble())}$rss"
    }

    private fun stopWatching() {
        watchdog?.close()
        budget?.close()
        memory.stop()
        evidence.close()
    }

    private fun write(report: ProbeReport) = ReportChannel.PROBE.write(out, report)

    public companion object {
        internal const val TRACE_BUDGET_NANOS = 150_000_000L
        internal const val EVIDENCE_BUDGET_NANOS = 150_000_000L
        private const val NANOS_PER_MILLI = 1_000_000L

        /** A deadline cell's trace pass: at most this many batches, within this budget (ns; at least one batch). */
        internal val DEADLINE_TRACES = 20 to 1_000_000_000L

        /**
         * Creates the probe for the JMH parameters, with the host's [ForkSettings] (the thread
         * budget defaults to [ThreadBudget.defaultMax]).
         */
        @JvmStatic
        public fun start(strategy: String, workload: String, items: Int, wait: String): CellProbe =
            start { CellSpec.parse(strategy, workload, items, wait) }

        /** [start] for a scenario cell: the `workload` parameter holds the scenario spec. */
        @JvmStatic
        public fun startScenario(strategy: String, scenario: String, items: Int, wait: String): CellProbe =
            start { CellSpec.parseScenario(strategy, scenario, items, wait) }

        private fun start(spec: () -> CellSpec): CellProbe {
            val ready = ForkTimes.nowUs()
            val t0 = System.nanoTime()
            // Before the spec is parsed: that may load a user's task class, whose static initializer may print.
            val fork = ProbeMain.settings()
            val clock = ForkClock(ready, System.nanoTime() - t0)
            return CellProbe(spec(), fork.copy(maxThreads = fork.maxThreads ?: ThreadBudget.defaultMax()), clock)
        }
    }
}
