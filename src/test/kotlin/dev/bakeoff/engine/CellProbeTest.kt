package dev.bakeoff.engine

import dev.bakeoff.engine.cell.CellProbe
import dev.bakeoff.engine.cell.ForkClock
import dev.bakeoff.engine.cell.MachineCpu
import dev.bakeoff.engine.link.ForkSettings
import dev.bakeoff.engine.link.ForkTimes
import dev.bakeoff.engine.link.InternalBakeoffApi
import dev.bakeoff.engine.link.ProbeReport
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.result.CellStatus
import kotlinx.serialization.json.Json
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import java.util.concurrent.atomic.AtomicBoolean
import kotlin.concurrent.thread
import kotlin.io.path.readText
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** The fork-side probe driven as JMH drives it: iteration set-up, batches, iteration tear-down, trial tear-down. */
@OptIn(InternalBakeoffApi::class)
class CellProbeTest {
    @TempDir
    lateinit var dir: Path

    /** Drives a probe as a measured JVM's ([inProcess] false: it has an owner) or as an in-process run's. */
    private fun drive(
        traceWarmup: Boolean,
        inProcess: Boolean = false,
        figures: Boolean = true,
        workload: String = "arithmetic",
        strategy: String = "direct",
        items: Int = 10,
        clock: ForkClock? = null,
    ): ProbeReport {
        val out = dir.resolve("probe.json")
        val owner = if (inProcess) null else ProcessHandle.current().pid()
        val times = dir.resolve("times.jsonl").toFile()
        val fork = ForkSettings(out.toFile(), traceWarmup, ownerPid = owner, figures = figures, timesFile = times)
        val spec = CellSpec.parse(strategy, workload, items, "blocking")
        val probe = if (clock == null) CellProbe(spec, fork) else CellProbe(spec, fork, clock)
        for (measured in listOf(false, true, true, true)) {
            probe.iterationStarted(measured)
            probe.cell.runBatch()
            probe.iterationEnded(measured)
        }
        probe.finish()
        return Json.decodeFromString(ProbeReport.serializer(), out.readText())
    }

    @Test
    fun `a traced warm-up batch is the whole trace pass and the evidence batch, with no extra batch`() {
        val report = drive(traceWarmup = true)
        assertEquals(CellStatus.OK, report.status)
        assertEquals(1, report.tracedBatches)
        assertEquals(10, report.perThread!!.minTasks)
        assertEquals(1, report.evidence!!.batches)
    }

    @Test
    fun `a failure cell is traced after the measurement, never in a warm-up, and has failure figures but no limit`() {
        val report = drive(traceWarmup = true, workload = "fail-at:item=3:work=arithmetic")
        assertEquals(CellStatus.OK, report.status)
        val failure = assertNotNull(report.failure)
        // direct returns at item 3's failure: items 4 to 9 never start.
        assertEquals(6, failure.notStarted)
        assertEquals(3, failure.completed)
        assertTrue(report.tracedBatches >= 1)
        assertNull(report.limitNs, "a batch that may stop at its failure has no limit of all its items")
    }

    @Test
    fun `without a traced warm-up the trace pass and the evidence pass run their own batches after the measurement`() {
        val report = drive(traceWarmup = false)
        assertTrue(report.tracedBatches in 1..ForkSettings.TRACE_BATCHES)
        assertEquals(0, report.threads!!.aliveAfterClose)
        val evidence = assertNotNull(report.evidence)
        assertTrue(evidence.batches >= 1 && evidence.wallNs > 0, "$evidence")
        assertNotNull(evidence.pinned, "JFR recorded the pass: ${evidence.unavailable}")
        assertNotNull(evidence.cpuUtilisation)
    }

    @Test
    fun `the machine's busy CPU is read at each measured iteration's ends only, and what others kept busy is the fork's`() {
        // A machine whose busy CPU grows by a second of CPU between any two reads: far more than this JVM's own.
        var reads = 0
        val machine = MachineCpu { reads++ * 1_000_000_000L }
        drive(traceWarmup = false, figures = false, clock = ForkClock(readyUs = 0, settingsNs = 0, machine = machine))
        assertEquals(6, reads, "two reads for each of the 3 measured iterations, none in the warm-up")
        val times = ForkTimes.read(dir.resolve("times.jsonl")).single()
        assertTrue(times.otherCores!! > 1.0, "a second of others' CPU in each iteration of milliseconds: $times")
        // Without /proc the figure is not measured: absent, never 0.
        drive(traceWarmup = false, figures = false, clock = ForkClock(0, 0) { null })
        assertNull(ForkTimes.read(dir.resolve("times.jsonl")).last().otherCores)
    }

    @Test
    fun `an in-process run records its evidence without JFR, whose threads would outlive it`() {
        val evidence = assertNotNull(drive(traceWarmup = false, inProcess = true).evidence)
        assertEquals(null, evidence.pinned)
        assertTrue(evidence.unavailable!!.contains("in-process"), evidence.unavailable)
        assertNotNull(evidence.cpuUtilisation)
    }

    @Test
    fun `a race's further fork measures its runs only, with the leak check but no untimed pass`() {
        val report = drive(traceWarmup = false, figures = false)
        assertEquals(CellStatus.OK, report.status)
        assertEquals(0, report.tracedBatches)
        assertEquals(null, report.evidence)
        assertEquals(null, report.limitNs)
        assertEquals(null, report.threads)
        assertNotNull(report.cpuNsPerOp)
    }

    @Test
    fun `a sleeping batch allocates nearly nothing, whatever the JVM's other threads allocate meanwhile`() {
        // A stand-in for the JVM's and the harness's background threads (a watchdog polling the census, JMH's link).
        val running = AtomicBoolean(true)
        val background = thread(isDaemon = true, name = "busy-background") {
            var sink = 0
            while (running.get()) {
                sink += ByteArray(64 * 1024).size
                Thread.sleep(1)
            }
            check(sink > 0)
        }
        try {
            val alloc = assertNotNull(drive(false, workload = "io-sleep:ms=100", items = 1).allocBytesPerOp)
            assertTrue(alloc < 16 * 1024, "a 100 ms sleep on the calling thread: $alloc bytes a batch")
            // Allocation is the figures fork's: a timing fork reads no thread's allocation between its iterations.
            assertEquals(null, drive(false, workload = "io-sleep:ms=100", items = 1, figures = false).allocBytesPerOp)
        } finally {
            running.set(false)
            background.join()
        }
    }

    @Test
    fun `what the strategy's own threads allocate counts, pool threads, threads that ended and virtual threads' carriers alike`() {
        val direct = assertNotNull(drive(false, workload = "lists", items = 50).allocBytesPerOp)
        assertTrue(direct > 50 * 1024, "lists allocates a fresh collection at every step: $direct bytes a batch")
        for (strategy in listOf("executor-fixed-cpu", "thread-per-task", "virtual-threads")) {
            val alloc = assertNotNull(drive(false, workload = "lists", items = 50, strategy = strategy).allocBytesPerOp)
            assertTrue(alloc > direct / 2, "$strategy: $alloc bytes a batch, direct $direct")
        }
    }

    @Test
    fun `the figures setting reaches the fork as a property only when it is off`() {
        val on = ForkSettings(null, traceWarmup = false)
        assertEquals(null, on.toProperties(null)["bakeoff.figures"])
        assertEquals("false", on.copy(figures = false).toProperties(null)["bakeoff.figures"])
    }

    @Test
    fun `a fork's steady-state search reaches it with its chunk length and, for a timing fork, its cap`() {
        val none = ForkSettings(null, traceWarmup = false).toProperties(null)
        assertTrue(none.keys.none { it.startsWith("bakeoff.steadyWarmup") }, "$none")
        val timing = ForkSettings(null, traceWarmup = false, steadyWarmupMillis = 100, steadyWarmupCap = 11)
        assertEquals("100", timing.toProperties(null)["bakeoff.steadyWarmupMillis"])
        assertEquals("11", timing.toProperties(null)["bakeoff.steadyWarmupCap"])
    }

    @Test
    fun `a search capped below its window runs its chunks and finds no steady state`() {
        val times = dir.resolve("times.jsonl")
        val fork = ForkSettings(
            dir.resolve("probe.json").toFile(),
            traceWarmup = false,
            ownerPid = ProcessHandle.current().pid(),
            figures = false,
            timesFile = times.toFile(),
            steadyWarmupMillis = 1,
            steadyWarmupCap = ForkClock.WINDOW - 1,
        )
        val probe = CellProbe(CellSpec.parse("direct", "arithmetic", 10, "blocking"), fork)
        probe.iterationStarted(true)
        probe.cell.runBatch()
        probe.iterationEnded(true)
        probe.finish()
        val written = ForkTimes.read(times).single()
        val window = ForkClock.WINDOW
        assertNull(written.steadyWarmups, "a window of $window chunks never fits in ${window - 1}")
        assertTrue(written.steadyWarmupNs >= (ForkClock.WINDOW - 1) * 1_000_000L, "each chunk ran its 1 ms at least")
    }
}
