package dev.bakeoff.cli

import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.model.Family
import dev.bakeoff.model.WaitForm
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.LoadFixture
import dev.bakeoff.report.ResultsFileException
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.report.writeTo
import dev.bakeoff.result.CapacityResult
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.EventTally
import dev.bakeoff.result.Evidence
import dev.bakeoff.result.FootprintPoint
import dev.bakeoff.result.FootprintResult
import dev.bakeoff.result.GroupResult
import dev.bakeoff.result.LoadFigures
import dev.bakeoff.result.LoadResult
import dev.bakeoff.result.MemoryStats
import dev.bakeoff.result.ModelKneeFit
import dev.bakeoff.result.PairTest
import dev.bakeoff.result.Results
import dev.bakeoff.result.Slope
import dev.bakeoff.result.SweepPoint
import dev.bakeoff.result.copy
import org.junit.jupiter.api.Named
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.MethodSource
import java.io.RandomAccessFile
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/**
 * Results files that decode but hold figures no run produces, and files too large to read: every
 * reader (report, compare, merge, recommend) refuses them with exit code 2 and the reason, and
 * writes nothing; a text sweep value that reads as a non-finite number is shown, not charted.
 */
class OddResultsTest {
    @TempDir
    lateinit var tmp: Path

    private fun save(results: Results, dir: String): Path = JsonReportFormat.writeTo(results, tmp.resolve(dir))

    /** The fixture with [change] applied to its first ok cell (direct x lists). */
    private fun odd(change: (CellResult) -> CellResult): Results {
        val base = ResultsFixture.withGrid()
        return base.copy(cells = listOf(change(base.cells.first())) + base.cells.drop(1))
    }

    private fun times(ns: Double) = { c: CellResult ->
        val t = c.timeNs!!
        c.copy(timeNs = t.copy(min = ns, median = ns, max = ns, mean = ns, runs = t.runs.map { ns }))
    }

    /** Every reader refuses [file] with exit 2 and [expected]; merge writes no folder. */
    private fun assertRefusedByEveryReader(file: Path, expected: String) {
        assertUsageError(expected, "report", "$file")
        assertUsageError(expected, "compare", "$file", "$file")
        assertUsageError(expected, "check", "$file", "$file")
        assertUsageError(expected, "recommend", "--from", "$file")
        val merged = tmp.resolve("merged-${file.parent.fileName}")
        val (code, output) = cli("merge", "$file", "--out", "$merged")
        assertEquals(2, code, output)
        assertContains(output, expected)
        assertFalse(Files.exists(merged), "merge made $merged")
    }

    private val noWall = Evidence(batches = 1, wallNs = 0.0, gcPauses = EventTally(1.0, 5.0))

    @Test
    fun `times of 0 or beyond any run, no items, no wall time and no runs are refused by every reader`() {
        val cases = mapOf(
            "zero" to (odd(times(0.0)) to "cannot be shown: cell 1 (direct x lists): timeNs.min is 0.0 ns"),
            "tiny" to (odd(times(1e-300)) to "timeNs.min is 1.0E-300 ns; valid: 0.001 to 1.0E22 ns"),
            "huge" to (odd(times(1e308)) to "timeNs.min is 1.0E308 ns"),
            "run" to (odd { it.copy(timeNs = it.timeNs!!.copy(runs = it.timeNs!!.runs + 0.0)) } to "a run in timeNs"),
            "no-runs" to (odd { it.copy(timeNs = it.timeNs!!.copy(runs = emptyList())) } to "timeNs has no runs"),
            "items" to (odd { it.copy(items = 0) } to "items is 0; a batch has at least 1 item"),
            "wall" to (odd { it.copy(evidence = noWall) } to "evidence.wallNs is 0.0 ns"),
            "negative" to (odd { it.copy(efficiency = -1.0) } to "efficiency is -1.0; valid: 0 to 1.0E22"),
        )
        for ((name, case) in cases) {
            val (results, expected) = case
            assertRefusedByEveryReader(save(results, name), expected)
        }
    }

    @Test
    fun `the run of a task declaring waits of Long MAX_VALUE is shown, its efficiency a measurement problem`() {
        val limit = Long.MAX_VALUE.toDouble()
        val base = ResultsFixture.withGrid()
        val cells = base.cells.map { c ->
            val t = c.timeNs
            if (c.workload != "network" || t == null) c else c.copy(limitNs = limit, efficiency = limit / t.median)
        }
        val file = save(base.copy(cells = cells), "declared")
        val (code, output) = cli("recommend", "--from", "$file")
        assertEquals(0, code, output)
        assertContains(output, "efficiency is 9.24e10, above 1, which no batch can reach: a measurement problem")
        assertEquals(0, cli("report", "$file").first)
    }

    @Test
    fun `a results file over the size cap is refused by every reader without reading it all`() {
        val file = tmp.resolve("huge/results.json")
        Files.createDirectories(file.parent)
        // A sparse file: over the cap on disk in no time, zeros inside.
        RandomAccessFile(file.toFile(), "rw").use { it.setLength(JsonReportFormat.MAX_BYTES + 1L) }
        assertRefusedByEveryReader(file, "is over 64 MiB")
    }

    @Test
    fun `a sweep value that reads as infinity or NaN is shown but not charted`() {
        val base = ResultsFixture.withGrid()
        val cells = base.cells.map { c ->
            if (c.sweep?.get("size") == "10") c.copy(sweep = SweepPoint("size", "Infinity")) else c
        }
        val file = save(base.copy(cells = cells), "text-sweep")
        val (code, output) = cli("report", "$file")
        assertEquals(0, code, output)
        assertTrue(Files.exists(file.resolveSibling("report.html")))
        val merged = tmp.resolve("merged")
        val (mergeCode, mergeOutput) = cli("merge", "$file", "--out", "$merged")
        assertEquals(0, mergeCode, mergeOutput)
        assertTrue(Files.exists(merged.resolve("report.html")))
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    fun `a results file that breaks one rule is refused in one line naming the entry and the field`(
        results: Results,
        expected: String,
    ) {
        val text = buildString { JsonReportFormat.write(results, this) }
        val e = assertFailsWith<ResultsFileException> { JsonReportFormat.parse(text, "odd.json") }
        assertContains(e.message!!, "odd.json cannot be shown: ")
        assertContains(e.message!!, expected)
        assertEquals(1, e.message!!.lines().size, e.message)
    }

    @Test
    fun `the file every rule is tested on is sound`() {
        val text = buildString { JsonReportFormat.write(valid(), this) }
        assertEquals(valid(), JsonReportFormat.parse(text))
    }

    @Test
    fun `a group margin the harness's cost widened beyond 1 is a run's own figure, and read`() {
        // A real run of a user's task (OwnTaskTest, --classpath) recorded 1.27: refusing it refused that run.
        val widened = group { it.copy(margin = 1.27) }
        assertEquals(widened, JsonReportFormat.parse(buildString { JsonReportFormat.write(widened, this) }))
    }

    @Test
    fun `what crashed a reader is one line and exit code 2 in every reader`() {
        val cases = mapOf(
            "forks" to (forks(2, 2) to "timeNs.forks adds up to 4 runs, but timeNs.runs holds 5"),
            "p42" to (capacity { it.copy(percentile = "p42") } to "percentile is 'p42'; valid: p50, p90, p99, p99.9"),
            "tiny-capacity" to (capacity { it.copy(capacityPerSec = 5e-324) } to "capacityPerSec is 4.9E-324"),
            "huge-capacity" to (capacity { it.copy(capacityPerSec = 1e308) } to "capacityPerSec is 1.0E308"),
            "low-only" to (heap(Slope(600.0, low = 500.0)) to "heapBytesPerTask has one bound of its interval"),
        )
        for ((name, case) in cases) {
            val (results, expected) = case
            assertRefusedByEveryReader(save(results, name), expected)
        }
    }

    @Test
    fun `a file of more cells than the cap is refused by every reader, naming the cap`() {
        assertRefusedByEveryReader(save(many(), "many"), "it holds ${CAP + 1} cells; Bakeoff reads at most $CAP")
    }

    @Test
    fun `two files within the cap whose merge is over it are not merged`() {
        val all = many()
        val first = save(all.copy(cells = all.cells.take(CAP / 2 + 1)), "first")
        val second = save(all.copy(cells = all.cells.drop(CAP / 2 + 1)), "second")
        val merged = tmp.resolve("merged")
        assertUsageError(
            "the merged results cannot be shown: it holds ${CAP + 1} cells; Bakeoff reads at most $CAP; nothing",
            "merge",
            "$first",
            "$second",
            "--out",
            "$merged",
        )
        assertFalse(Files.exists(merged.resolve("results.json")), "merge wrote $merged")
    }

    companion object {
        /** The cell cap, as docs/RESULTS.md states it. */
        private const val CAP = 10_000

        /**
         * A small sound file with every section: the grid fixture's cells and their recorded decisions, a
         * capacity run's load points and capacities, and two footprint rows.
         */
        fun valid(): Results {
            val base = ResultsFixture.withGrid()
            val load = LoadFixture.run()
            val point = FootprintPoint(tasks = 1000, heapBytes = 5_000_000, platformThreads = 20)
            val footprint = listOf(
                FootprintResult(
                    "virtual-threads",
                    Family("virtual"),
                    10,
                    CellStatus.OK,
                    points = listOf(point),
                    heapBytesPerTask = Slope(1100.0, 1050.0, 1150.0),
                ),
                FootprintResult(
                    "thread-per-task",
                    Family("thread"),
                    10,
                    CellStatus.OK,
                    heapBytesPerTask = Slope(600.0, 500.0, 700.0),
                    threadReservedPerTask = Slope(1_052_000.0),
                    threadCommittedPerTask = Slope(-5.0, -10.0, 2.0),
                ),
            )
            val groups = GroupDecision.all(base.cells, harnessNsPerItem = null)
            return base.copy(groups = groups, load = load.load, capacity = load.capacity, footprint = footprint)
        }

        /** One slim cell over the cap: a skipped cell each, a few hundred bytes. */
        private fun many(): Results {
            val slim = CellResult("direct", Family("direct"), "lists", 100, WaitForm.BLOCKING, CellStatus.SKIPPED, "x")
            return ResultsFixture.results().copy(cells = List(CAP + 1) { slim.copy(strategy = "s$it") })
        }

        private fun cell(change: (CellResult) -> CellResult): Results =
            valid().let { r -> r.copy(cells = listOf(change(r.cells.first())) + r.cells.drop(1)) }

        private fun forks(vararg sizes: Int) = cell { it.copy(timeNs = it.timeNs!!.copy(forks = sizes.toList())) }

        private fun capacity(change: (CapacityResult) -> CapacityResult) =
            valid().let { r -> r.copy(capacity = listOf(change(r.capacity!!.first())) + r.capacity!!.drop(1)) }

        private fun load(change: (LoadResult) -> LoadResult) =
            valid().let { r -> r.copy(load = listOf(change(r.load!!.first())) + r.load!!.drop(1)) }

        private fun figures(change: (LoadFigures) -> LoadFigures) =
            load { it.copy(figures = change(it.figures!!)) }

        private fun footprint(change: (FootprintResult) -> FootprintResult) =
            valid().let { r -> r.copy(footprint = listOf(change(r.footprint!!.first())) + r.footprint!!.drop(1)) }

        private fun heap(slope: Slope) = footprint { it.copy(heapBytesPerTask = slope) }

        private fun group(change: (GroupResult) -> GroupResult) =
            valid().let { r -> r.copy(groups = listOf(change(r.groups!!.first())) + r.groups!!.drop(1)) }

        private fun test(change: (PairTest) -> PairTest) =
            group { g -> g.copy(tests = listOf(change(g.tests.first())) + g.tests.drop(1)) }

        private fun case(name: String, results: Results, expected: String) =
            Arguments.of(Named.of(name, results), expected)

        @JvmStatic
        fun rules(): List<Arguments> = listOf(
            case("forks that do not add up to the runs", forks(2, 2), "adds up to 4 runs, but timeNs.runs holds 5"),
            case("a fork of no runs", forks(5, 0), "cell 1 (direct x lists): timeNs.forks[1] is 0; valid: 1 or more"),
            case("a negative error", cell { it.copy(timeNs = it.timeNs!!.copy(error = -1.0)) }, "timeNs.error is -1.0"),
            case("a plan of no forks", cell { it.copy(plan = it.plan!!.copy(forks = 0)) }, "plan forks is 0"),
            case(
                "a negative thread count",
                cell { it.copy(threads = it.threads!!.copy(peakLive = -1)) },
                "threads peakLive is -1; valid: 0 or more",
            ),
            case(
                "latency percentiles out of order",
                cell { it.copy(latencyNs = it.latencyNs!!.copy(run = it.latencyNs!!.run.copy(p90 = 1))) },
                "latencyNs.run.p50 (",
            ),
            case("a drift beyond any figure", cell { it.copy(drift = 1e308) }, "drift is 1.0E308"),
            case("a negative first-to-last ratio", cell { it.copy(firstToLast = -2.0) }, "firstToLast is -2.0"),
            case(
                "evidence of no batches",
                cell { it.copy(evidence = Evidence(batches = 0, wallNs = 1e6)) },
                "evidence batches is 0; valid: 1 or more",
            ),
            case(
                "a negative memory figure",
                cell { it.copy(memory = MemoryStats(heapPeakBytes = -1)) },
                "memory heapPeakBytes is -1",
            ),
            case("no cores", valid().let { it.copy(machine = it.machine.copy(cores = 0)) }, "machine: cores is 0"),
            case(
                "a preset margin above 1",
                valid().let { it.copy(preset = it.preset.copy(margin = 2.0)) },
                "preset margin is 2.0; valid: 0 to 1",
            ),
            case("a decision's margin below 0", group { it.copy(margin = -0.05) }, "margin is -0.05"),
            case("a ratio of 0", test { it.copy(ratio = 0.0) }, "ratio is 0.0"),
            case("a ratio beyond any two figures", test { it.copy(ratio = 1e308) }, "ratio is 1.0E308"),
            case("a p-value above 1", test { it.copy(pValue = 1.5) }, "pValue is 1.5; valid: 0 to 1"),
            case("a rate of 0", load { it.copy(ratePerSec = 0.0) }, "load point 1 (executor-fixed:size=4 x storage)"),
            case("a negative rate", load { it.copy(ratePerSec = -1000.0) }, "ratePerSec is -1000.0"),
            case("a rate of 1e308", load { it.copy(ratePerSec = 1e308) }, "ratePerSec is 1.0E308"),
            case("a window of no time", load { it.copy(durationSeconds = 0.0) }, "durationSeconds is 0.0"),
            case(
                "more completed than arrived",
                figures { it.copy(completed = it.arrived + 1) },
                "completed (2001) is above arrived (2000)",
            ),
            case("a negative achieved rate", figures { it.copy(achievedPerSec = -1.0) }, "achievedPerSec is -1.0"),
            case(
                "load latencies out of order",
                figures { it.copy(latencyNs = it.latencyNs.copy(p999 = 1)) },
                "latencyNs.p99 (2100000) is above latencyNs.p999 (1)",
            ),
            case("a percentile outside the set", capacity { it.copy(percentile = "p42") }, "percentile is 'p42'"),
            case("a capacity of 5e-324", capacity { it.copy(capacityPerSec = 5e-324) }, "capacityPerSec is 4.9E-324"),
            case("a capacity of 1e308", capacity { it.copy(capacityPerSec = 1e308) }, "capacityPerSec is 1.0E308"),
            case("a sweep rate of 0", capacity { it.copy(points = it.points + 0.0) }, "a rate in points is 0.0"),
            case("an objective of 0 ns", capacity { it.copy(limitNs = 0) }, "limitNs is 0; valid: 1 or more"),
            case("a model knee at 0/s", capacity { it.copy(modelKnee = ModelKneeFit(0.0, saturationPerSec = 4000.0, anchorNs = 2e6, forks = 9)) }, "modelKnee perSec is 0.0"),
            case("a model knee of no fork", capacity { it.copy(modelKnee = ModelKneeFit(saturationPerSec = 4000.0, anchorNs = 2e6, forks = 0)) }, "modelKnee forks is 0"),
            case(
                "a slope with a low bound and no high",
                heap(Slope(600.0, low = 500.0)),
                "footprint row 1 (virtual-threads, depth 10): heapBytesPerTask has one bound of its interval",
            ),
            case("a slope's interval above it", heap(Slope(600.0, 700.0, 800.0)), "heapBytesPerTask.low (700.0) is"),
            case("no heap per task", heap(Slope(0.0)), "heapBytesPerTask.value is 0.0"),
            case("a negative heap per task", heap(Slope(-600.0)), "heapBytesPerTask.value is -600.0"),
            case("a heap per task of 1e308", heap(Slope(1e308)), "heapBytesPerTask.value is 1.0E308"),
            case(
                "a footprint point of no heap",
                footprint { it.copy(points = it.points.map { p -> p.copy(heapBytes = 0) }) },
                "point 1: heapBytes is 0",
            ),
            case("a depth of 0", footprint { it.copy(depth = 0) }, "depth is 0; valid: 1 or more"),
            case("more cells than the cap", many(), "it holds ${CAP + 1} cells; Bakeoff reads at most $CAP"),
        )
    }
}
