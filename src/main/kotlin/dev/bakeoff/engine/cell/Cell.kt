package dev.bakeoff.engine.cell

import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.probe.ThreadCensus
import dev.bakeoff.metrics.LimitFormula
import dev.bakeoff.model.ArrivalBatch
import dev.bakeoff.model.Batch
import dev.bakeoff.model.DeadlinePassed
import dev.bakeoff.model.FailingBatch
import dev.bakeoff.model.FailingWorkload
import dev.bakeoff.model.ItemSink
import dev.bakeoff.model.ItemSite
import dev.bakeoff.model.ItemTrace
import dev.bakeoff.model.LedgerException
import dev.bakeoff.model.OpenScenario
import dev.bakeoff.model.RunContext
import dev.bakeoff.model.Scenario
import dev.bakeoff.model.SerialWorkload
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.TaskLedger
import dev.bakeoff.model.Workload
import dev.bakeoff.model.WorkloadBatch
import dev.bakeoff.model.isPlannedFailure
import dev.bakeoff.model.withoutFailure
import java.util.concurrent.atomic.AtomicLong

/**
 * One cell, ready to be timed: the strategy opened, the workload built, the ledger primed with
 * the direct single-threaded results. The JMH entry point and the tests drive it the same way:
 * [open], then [runBatch] any number of times with [verify] in between (outside the timed
 * section), optionally one [trace] pass, then [close].
 *
 * A scenario cell runs the scenario as its workload (expected results from the scenario's seeded
 * definition) and adds [beforeBatch] and [afterBatch] around every batch, outside the timed
 * section: the scenario's reset and its verification.
 *
 * A cell whose workload is a [FailingWorkload] (with its failing item within the batch) expects
 * every batch to fail: [runBatch] returns normally when the strategy reported the [dev.bakeoff.model.PlannedFailure]
 * (thrown, or wrapped in its own exception), [verify] checks that every batch did and the ledger's
 * [TaskLedger.verifyAtMost], and [trace] waits for the items the strategy left running and notes the threads
 * the batch started that outlived them; [closeAndCheck] counts, in each traced batch's [ItemTrace.threadsLeft], those
 * still alive once the strategy closed (figures computed by `probe.FailureStats`).
 *
 * A cell with a [deadlineNanos] (`--deadline`) runs every batch through [Strategy.runWithin]: a batch may
 * end early, its strategy saying so ([dev.bakeoff.model.DeadlinePassed]); [verify] then checks that no item
 * completed twice, and [trace] waits for what was left running, as for a failure (figures computed by
 * `probe.DeadlineStats`).
 *
 * Threading model: all methods are called from one thread at a time (the benchmark thread); the
 * strategy fans the items out to its own threads inside [runBatch].
 */
internal class Cell(
    val spec: CellSpec,
    val context: RunContext = RunContext(),
    val deadlineNanos: Long? = null,
) : AutoCloseable, BatchProgress {
    private val strategy: Strategy = spec.strategy.entry.create(spec.strategy.params(context))
    private val scenario: Scenario? = spec.createScenario(context)

    // Measured items run where the strategy puts them: a hazard workload hands its nested work there.
    private val workload: Workload? = spec.workload?.let {
        it.entry.create(it.params(context.copy(site = ItemSite.OfStrategy(spec.strategy.spec) { strategy.site })))
    }

    /** The opened scenario of a scenario cell, from [open] to [close]. */
    private var opened: OpenScenario? = null

    /**
     * A workload cell's workload with every wait scaled to zero: the ledger's expected results
     * (results never depend on how long an item waited) and the per-item CPU calibration.
     */
    private val reference: Workload? =
        spec.workload?.let { it.entry.create(it.params(context.copy(waitScale = 0.0))).withoutFailure() }

    /** The item that fails in every batch, or null (a happy path, or a batch too small to reach it). */
    val failingItem: Int? = (workload as? FailingWorkload)?.failingItem?.takeIf { it < spec.items }
    private val expected: IntArray = scenario?.let { s -> IntArray(spec.items) { s.expected(it) } }
        ?: IntArray(spec.items) { checkNotNull(reference).run(it) }
    private val ledger = TaskLedger(expected)

    /** Whether a batch's items may outlive the strategy's return: it may return at a failure or a deadline. */
    val outlives: Boolean get() = failingItem != null || deadlineNanos != null

    /** How the strategy honours [deadlineNanos] ([Strategy.deadlineForm]). */
    val deadlineForm: String get() = strategy.deadlineForm

    /** The measured batch; a scenario cell's needs the opened scenario, so [open] makes it. */
    private var batch: WorkloadBatch? = workload?.let {
        if (outlives) FailingBatch(it, spec.wait, ledger) else WorkloadBatch(it, spec.wait, ledger)
    }

    /** What [runBatch] runs: [batch], or its traced form between [startTrace] and [stopTrace]. */
    private var next: Batch? = batch
    private var batches = 0

    /** A failure cell's batches since [open], and how many of them reported the failure. */
    private var failureBatches = 0L
    private var reported = 0L

    /** A deadline cell's batches since [open] (counted by [verify], as [failureBatches]). */
    private var deadlineBatches = 0L
    private var census: ThreadCensus? = null

    /**
     * Each traced batch of a failure or deadline cell, with the threads it started that outlived its items. Only
     * [closeAndCheck] judges them: a pool may start its own threads in that batch and end them at close.
     */
    private val outlivedItems = mutableListOf<Pair<ItemTrace, List<Thread>>>()

    /** Batch starts and ends so far, each one step: odd while a batch runs. Written with release stores only. */
    private val flight = AtomicLong()

    /** The thread census of this cell, started by [open]. */
    val threads: ThreadCensus get() = checkNotNull(census) { "open() first" }

    /**
     * Starts the thread census, then opens the scenario's resources and the strategy, so that the
     * census covers both.
     */
    fun open() {
        census = ThreadCensus(spec.strategy.entry.shared + scenario?.shared.orEmpty())
        scenario?.open()?.let { o ->
            opened = o
            batch = WorkloadBatch(o, spec.wait, ledger)
            next = batch
        }
        strategy.open()
    }

    /** Resets the scenario's state before a batch (nothing for a workload cell). Never timed. */
    fun beforeBatch() {
        opened?.reset()
    }

    /**
     * Verifies the scenario's outcome after a batch, throwing [dev.bakeoff.model.VerificationException]
     * (nothing for a workload cell). Never timed.
     */
    fun afterBatch() {
        opened?.verify()
    }

    /**
     * Runs one batch. This is the measured operation: nothing else happens here but two release stores
     * (plain stores on x86) that tell a [ProgressWatchdog] a batch is running.
     */
    fun runBatch() {
        val b = checkNotNull(next) { "open() first" }
        flight.setRelease(flight.plain + 1)
        val deadline = deadlineNanos
        try {
            if (deadline == null) strategy.run(b) else strategy.runWithin(b, deadline)
        } catch (e: Throwable) {
            // Off the fast path: only a failure or deadline cell's batches get here without a fault of their own.
            if (deadline != null && e is DeadlinePassed) {
                missed++
            } else {
                if (failingItem == null || !isPlannedFailure(e)) throw e
                reported++
            }
        } finally {
            flight.setRelease(flight.plain + 1)
        }
        batches++
    }

    override val size: Int get() = spec.items

    override fun flight(): Long = flight.acquire

    override fun fingerprint(): Long = ledger.fingerprint()

    override fun outstanding(): Int = ledger.pending(batches)

    /** Checks every batch since the last call ran each item exactly once with the right results. */
    fun verify() {
        verifyCounting()
    }

    /** [verify], returning how many batches it checked. */
    fun verifyCounting(): Int {
        val checked = batches
        batches = 0
        if (deadlineNanos != null) {
            // Each batch ended in time, at the deadline or at the failure: no item completed twice either way.
            deadlineBatches += checked
            ledger.verifyAtMost(deadlineBatches, failingItem)
            return checked
        }
        val failing = failingItem ?: return checked.also { ledger.verify(it) }
        failureBatches += checked
        if (reported != failureBatches) {
            throw LedgerException(
                "the strategy returned normally from ${failureBatches - reported} of $failureBatches batches " +
                    "in which item $failing failed: it must report the failure",
            )
        }
        ledger.verifyAtMost(failureBatches, failing)
        return checked
    }

    /** Batches since [open] whose deadline passed before every item finished: the strategy said so. */
    var missed = 0L
        private set

    /**
     * Runs one extra, untimed batch recording when and on which thread each item ran. [starting] runs right before
     * it, once what earlier batches left running has ended; [returned] right after the strategy returned, before
     * what it left running is waited for (a test closes and opens what those wait on).
     */
    fun trace(starting: () -> Unit = {}, returned: () -> Unit = {}): ItemTrace {
        beforeBatch()
        val failing = batch as? FailingBatch
        // A failure cell's traced batch starts with no leftover of an earlier batch holding a pool's threads.
        failing?.let(::settle)
        starting()
        val mark = failing?.let { threads.mark() }
        val trace = startTrace()
        try {
            runBatch()
        } finally {
            trace.returnNs = System.nanoTime()
            stopTrace()
            returned()
        }
        if (failing != null) {
            // What the strategy left running ends (or not) on its own: wait for it, outside any timing.
            settle(failing)
            outlivedItems += trace to threads.startedSince(checkNotNull(mark))
        }
        afterBatch()
        verify()
        return trace
    }

    private fun settle(failing: FailingBatch) {
        check(failing.settle()) { "items still running a minute after the strategy returned (${failing.pending()})" }
    }

    /** Makes the next batch record when and on which thread each item ran; call right before it. */
    fun startTrace(): ItemTrace = ItemTrace(spec.items).also {
        next = checkNotNull(batch) { "open() first" }.traced(it)
        it.begin()
    }

    fun stopTrace() {
        next = batch
    }

    /**
     * The strategy's open-loop form ([dev.bakeoff.model.Strategy.openLoop]) over [arrivals] items that
     * cycle through this cell's seeds (each pass in one seeded shuffled order), with the batch that checks
     * them; null when the strategy only knows a fixed batch. A scenario cell's arrivals are its opened
     * scenario's requests (the batch proves each got its own response, or a repeat's result where a run
     * changes state; the scenario's per-batch verification has no batch to check). A failure cell's
     * failing item throws in each pass, which counts as its run. Call after [open]; close the sink before [close].
     */
    fun openLoop(arrivals: Int): OpenLoop? {
        val work = checkNotNull(workload ?: opened) { "open() first" }
        val items = ArrivalBatch(work, spec.wait, expected, arrivals, scenario?.repeated, failingItem)
        return strategy.openLoop(items)?.let { OpenLoop(it, items) }
    }

    /**
     * The physical limit of the cell's batch on [cores] processors, through [LimitFormula], each
     * item's wait from the definition as the run's wait form really waits it (see
     * [dev.bakeoff.model.WaitForm.effectiveWaitNanos]). A workload cell's items' CPU comes from
     * [ItemCpuCalibration] (measured now, single-threaded, waits at zero); for a [SerialWorkload],
     * whose items never overlap, the sum of CPU and waits is its serial part. A scenario cell's
     * CPU is its components' ([ComponentCpuCalibration], before and after the wait, every thread's;
     * the scenario is reset afterwards). Call after [open], outside any timed section.
     */
    fun physicalLimit(cores: Int, budgetNanos: Long = ItemCpuCalibration.BUDGET_NANOS): LimitFormula.Bound {
        val waits = waits()
        val ref = reference ?: return scenarioLimit(waits, cores, budgetNanos)
        val cpu = ItemCpuCalibration.measure(ref, spec.items, budgetNanos)
        // Items that share one lock run one after another: all of their CPU and waits in a row.
        val serial = if (workload is SerialWorkload) cpu.indices.sumOf { cpu[it] + waits[it] } else 0.0
        return LimitFormula.of(cpu, waits, cores, serial)
    }

    /** Each item's wait from the definition as the run's wait form really waits it, in ns. */
    fun waits(): LongArray {
        val nominal: (Int) -> Long = scenario?.let { it::waitNanos } ?: checkNotNull(workload)::waitNanos
        return LongArray(spec.items) { spec.wait.effectiveWaitNanos((nominal(it) * context.waitScale).toLong()) }
    }

    private fun scenarioLimit(waits: LongArray, cores: Int, budgetNanos: Long): LimitFormula.Bound {
        val open = checkNotNull(opened) { "open() first" }
        val cost = try {
            ComponentCpuCalibration.measure(open.components(), spec.items, budgetNanos, open::reset)
        } finally {
            open.reset()
        }
        val before = DoubleArray(spec.items) { cost.beforeNs }
        return LimitFormula.split(before, DoubleArray(spec.items) { cost.afterNs }, waits, cores)
    }

    /**
     * Closes the strategy and the scenario, then reports leaked threads and shared schedulers over their bound, and
     * sets each traced batch's [ItemTrace.threadsLeft]: the threads it started that are among the leaked.
     */
    fun closeAndCheck(): CloseReport {
        close()
        val census = threads
        val alive = census.leaked()
        outlivedItems.forEach { (trace, started) -> trace.threadsLeft = started.count { it in alive } }
        val leaked = alive.map { it.name }
        val live = census.sharedLive()
        val overBound =
            spec.strategy.entry.shared
                .filter { live.getValue(it) > it.bound(context.cpus, spec.items) }
                .map { "${it.id}: ${live.getValue(it)} threads > bound ${it.bound(context.cpus, spec.items)}" }
        return CloseReport(leaked, spec.strategy.entry.shared.associate { it.id to live.getValue(it) }, overBound)
    }

    override fun close() {
        try {
            strategy.close()
        } finally {
            opened?.close()
            opened = null
        }
    }
}

/** A strategy's open-loop [sink] and the [batch] of arrivals it runs, which verifies them afterwards. */
internal class OpenLoop(val sink: ItemSink, val batch: ArrivalBatch)
