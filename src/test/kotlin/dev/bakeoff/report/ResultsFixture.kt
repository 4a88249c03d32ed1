package dev.bakeoff.report

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.model.Family
import dev.bakeoff.model.Group
import dev.bakeoff.model.WaitForm
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.EventTally
import dev.bakeoff.result.Evidence
import dev.bakeoff.result.Latency
import dev.bakeoff.result.Machine
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.PerThread
import dev.bakeoff.result.Percentiles
import dev.bakeoff.result.PlanMode
import dev.bakeoff.result.PresetInfo
import dev.bakeoff.result.Results
import dev.bakeoff.result.SweepPoint
import dev.bakeoff.result.ThreadStats
import dev.bakeoff.result.TimeStats
import java.util.Random

/**
 * A hand-built, seeded [Results] for the format tests: two workloads, `direct` among the
 * strategies, and one cell of every non-ok status. The runs are drawn from a fixed seed, so every
 * build produces the same numbers (awkward fractions included, to exercise number formatting);
 * `java.util.Random` because its algorithm is specified, unlike Kotlin's seeded `Random`.
 */
internal object ResultsFixture {
    fun results(): Results {
        val random = Random(SEED)
        return Results(
            bakeoffVersion = "0.1.0-test",
            createdAt = "2025-01-02T03:04:05Z",
            complete = true,
            machine = Machine(
                cores = 8,
                hostCores = 16,
                memoryBytes = 34_359_738_368,
                os = "Linux 6.8.0",
                arch = "amd64",
                jdkVendor = "Eclipse Adoptium",
                jdkVersion = "21.0.5",
                jvmName = "OpenJDK 64-Bit Server VM",
                jdkHome = "/usr/lib/jvm/temurin-21",
                libraries = mapOf("kotlinx-coroutines" to "1.11.0", "jmh" to "1.37"),
            ),
            preset = PresetInfo("quick", forks = 1, summary = "a first look: 1 fork, short iterations"),
            cells = listOf(
                ok(random, "direct", Family("direct"), "lists", medianNs = 2_240_000.0, allocBytes = 1_843_200.0, peak = 21, virtual = 0, threadsUsed = 1),
                ok(random, "executor-fixed-cpu", Family("executor"), "lists", medianNs = 1_231_000.0, allocBytes = 1_851_392.5, peak = 29, virtual = 0, threadsUsed = 8),
                ok(random, "coroutine-default", Family("coroutines"), "lists", medianNs = 1_190_000.0, allocBytes = 1_910_000.25, peak = 29, virtual = 0, threadsUsed = 8),
                CellResult(
                    "fixture-throw",
                    Family("direct"),
                    "lists",
                    100,
                    WaitForm.BLOCKING,
                    CellStatus.FAILED,
                    error = "java.lang.IllegalStateException: fixture-throw: deliberate failure, \"on purpose\"\n\tat dev.bakeoff.strategy.FaultyStrategy.run",
                ),
                ok(random, "direct", Family("direct"), "network", medianNs = 4_950_000_000.0, allocBytes = 9_876.0, peak = 21, virtual = 0, threadsUsed = 1, mode = PlanMode.SINGLE_SHOT),
                ok(random, "virtual-threads", Family("virtual-thread"), "network", medianNs = 99_800_000.0, allocBytes = 123_456.789, peak = 23, virtual = 100, threadsUsed = 100),
                CellResult(
                    "fixture-skip-one",
                    Family("direct"),
                    "network",
                    100,
                    WaitForm.BLOCKING,
                    CellStatus.BROKEN,
                    error = "ledger broken: 1 of 100 items did not run exactly 1 time(s): item 99 ran 0 times",
                ),
                CellResult("fixture-hang", Family("direct"), "network", 100, WaitForm.BLOCKING, CellStatus.TIMEOUT, error = "exceeded its time limit of 60 s"),
            ),
        )
    }

    /**
     * [results] plus what only the HTML report draws: a pool-size sweep (`executor-fixed:size=N`
     * on `io-sleep`, 1,000 items, beside `thread-per-task`, which does not take `size`), an
     * item-count sweep of `direct` on `lists` (the sweep points mark [results]' 100-item cell and a
     * 1,000-item one), and a physical limit (`limitNs`, `efficiency`) on the sweep's cells.
     */
    fun withSweepsAndLimits(): Results {
        val random = Random(SEED + 1)
        val limit = 10_000_000.0
        val sweep = listOf(10 to 1_000_000_000.0, 100 to 100_000_000.0, 1000 to 12_000_000.0).map { (size, median) ->
            ok(random, "executor-fixed:size=$size", Family("executor"), "io-sleep", medianNs = median, allocBytes = 50_000.0 * size, peak = 20 + size, virtual = 0, threadsUsed = size, items = 1000)
                .copy(limitNs = limit, efficiency = limit / median, sweep = SweepPoint("size", "$size"))
        }
        val perTask = ok(random, "thread-per-task", Family("thread"), "io-sleep", medianNs = 15_000_000.0, allocBytes = 9e6, peak = 1020, virtual = 0, threadsUsed = 1000, items = 1000)
            .copy(limitNs = limit, efficiency = limit / 15_000_000.0)
        val directLists = ok(random, "direct", Family("direct"), "lists", medianNs = 22_400_000.0, allocBytes = 18_432_000.0, peak = 21, virtual = 0, threadsUsed = 1, items = 1000)
            .copy(sweep = SweepPoint("items", "1000"))
        val base = results()
        val marked = base.cells.map { c ->
            if (c.strategy == "direct" && c.workload == "lists") c.copy(sweep = SweepPoint("items", "100")) else c
        }
        return base.copy(cells = marked + sweep + perTask + directLists)
    }

    /**
     * [withSweepsAndLimits] plus a grid: `coroutine-chunked` swept over `chunk` x `items` on
     * `io-sleep` (2 x 2 cells, chunk=10 at 10,000 items the best per item), and one failed cell.
     */
    fun withGrid(): Results {
        val random = Random(SEED + 2)
        val grid = listOf(
            Triple(10, 1_000, 40_000_000.0),
            Triple(10, 10_000, 200_000_000.0),
            Triple(100, 1_000, 60_000_000.0),
            Triple(100, 10_000, 900_000_000.0),
        ).map { (chunk, items, median) ->
            ok(random, "coroutine-chunked:chunk=$chunk", Family("coroutines"), "io-sleep", medianNs = median, allocBytes = 1e6, peak = 24, virtual = 0, threadsUsed = 4, items = items)
                .copy(sweep = SweepPoint(mapOf("chunk" to "$chunk", "items" to "$items")))
        }
        val failed =
            CellResult(
                "coroutine-chunked:chunk=1",
                Family("coroutines"),
                "io-sleep",
                10_000,
                WaitForm.BLOCKING,
                CellStatus.TIMEOUT,
                error = "exceeded its time limit of 60 s",
                sweep = SweepPoint(mapOf("chunk" to "1", "items" to "10000")),
            )
        val base = withSweepsAndLimits()
        return base.copy(cells = base.cells + grid + failed)
    }

    /**
     * A large run as a race leaves it: every E1 and beyond strategy (`-s all` without the sweeps) on
     * each default-suite workload (n x 5 cells), medians 4% apart so that groups end tied or undecided,
     * direct eleventh, two cells in three not steady, evidence on every cell (the two virtual-thread
     * strategies pinned on every other workload), a physical limit, the two slowest cells of every
     * group stopped at their floor, and one timeout. For what the console prints after a default run.
     */
    fun largeRun(): Results {
        val random = Random(SEED + 3)
        val strategies = Strategies.catalog.entries.filter { it.group == Group.E1 || it.group == Group.BEYOND }
        val workloads = Workloads.catalog.entries.filter { it.defaultSuite }.map { it.id }
        val cells = workloads.flatMapIndexed { w, workload ->
            strategies.mapIndexed { s, entry ->
                // Catalog order rotated, so that direct (first in the catalog) ranks eleventh.
                val rank = (s + 10) % strategies.size
                val median = 1e6 * (w + 1) * (1 + 0.04 * rank)
                val virtual = "virtual" in entry.id
                val threads = if (virtual) 100 else 8
                val pinned = if (w % 2 == 0 && virtual) 3.0 else 0.0
                val evidence = Evidence(
                    batches = 3,
                    wallNs = median,
                    cpuUtilisation = 0.2 + 0.02 * rank,
                    voluntarySwitches = 100.0 + rank,
                    involuntarySwitches = 5.0,
                    pinned = EventTally(pinned, pinned * 1_000),
                    monitorEnters = EventTally(20.0, 300_000.0),
                    gcPauses = EventTally(1.0, median * 0.06),
                )
                val alloc = 1e5 * (rank + 1)
                val cell = ok(random, entry.id, entry.family.family, workload, median, alloc, 20 + threads, 0, threads)
                    .copy(
                        steady = s % 3 == 0,
                        drift = if (s % 3 == 0) null else 0.08,
                        evidence = evidence,
                        limitNs = 1e6 * (w + 1) * 0.7,
                        efficiency = 0.7 / (1 + 0.04 * rank),
                    )
                when {
                    rank >= strategies.size - 2 -> cell.copy(timeNs = null, floorNs = 9e9, tracedNs = 9.1e9)

                    rank == strategies.size - 3 && w == workloads.lastIndex ->
                        cell.copy(status = CellStatus.TIMEOUT, timeNs = null, error = "exceeded its time limit of 60 s")

                    else -> cell
                }
            }
        }
        val base = results()
        return base.copy(
            machine = base.machine.copy(harnessNsPerItem = 1.75),
            preset = PresetInfo("race", forks = 1, summary = "racing within 4 m"),
            cells = cells,
        )
    }

    private fun ok(
        random: Random,
        strategy: String,
        family: Family,
        workload: String,
        medianNs: Double,
        allocBytes: Double,
        peak: Int,
        virtual: Int,
        threadsUsed: Int,
        mode: PlanMode = PlanMode.AVERAGE_TIME,
        items: Int = 100,
    ): CellResult {
        // Five runs whose median is exactly medianNs (so tests can state ratios), in a seeded order.
        val spread = List(4) { 0.05 * random.nextDouble() }
        val ordered = listOf(1 - spread[0], 1 - spread[1], 1.0, 1 + spread[2], 1 + spread[3]).map { medianNs * it }
        val rotation = random.nextInt(ordered.size)
        val runs = ordered.drop(rotation) + ordered.take(rotation)
        val sorted = runs.sorted()
        return CellResult(
            strategy = strategy,
            family = family,
            workload = workload,
            items = items,
            wait = WaitForm.BLOCKING,
            status = CellStatus.OK,
            plan = MeasurementPlan(mode, forks = 1, warmupIterations = 2, measurementIterations = runs.size, iterationMillis = if (mode == PlanMode.SINGLE_SHOT) 0 else 1000, reason = "fixture"),
            timeNs = TimeStats(sorted.first(), sorted[2], sorted.last(), runs.average(), error = medianNs * 0.021, runs = runs),
            allocBytesPerOp = allocBytes,
            threads = ThreadStats(startLive = 20, peakLive = peak, created = (peak - 20).toLong(), aliveAfterClose = 0, virtualUsed = virtual),
            latencyNs = Latency(Percentiles(1_200, 45_000, 98_000, 120_000), Percentiles(10_000L + random.nextInt(1_000), 20_000, 31_000, 40_000)),
            perThread = PerThread(threadsUsed, minTasks = items / threadsUsed - 1, avgTasks = items.toDouble() / threadsUsed, maxTasks = items / threadsUsed + 2),
            throughputPerSec = items * 1e9 / sorted[2],
            cpuNsPerOp = sorted[2] * threadsUsed.coerceAtMost(8) * 0.9,
        )
    }

    private const val SEED = 42L
}
