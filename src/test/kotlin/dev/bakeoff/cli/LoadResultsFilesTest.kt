package dev.bakeoff.cli

import dev.bakeoff.report.CsvReportFormat
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.LoadFixture
import dev.bakeoff.report.writeTo
import dev.bakeoff.result.Results
import dev.bakeoff.result.fingerprint
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * Load results in the files and commands that take any results: a row per load cell in results.csv,
 * `compare` of two load runs (p99 per strategy and rate, capacity per strategy, old against new) and
 * `merge` of load shards (every load cell once; one given twice is a conflict).
 */
class LoadResultsFilesTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `results csv has a row per load cell with its rate, percentiles and lag, batch columns empty`() {
        val csv = buildString { CsvReportFormat.write(LoadFixture.run(), this) }.split("\r\n").filter { it.isNotEmpty() }
        val header = csv.first().split(",")
        val rows = csv.drop(1).map { line -> header.zip(line.split(",")).toMap() }
        assertEquals(9, rows.size, "4 + 4 measured load cells and the skipped one")
        val knee = rows.single { it["strategy"] == "executor-fixed:size=4" && it["rate_per_sec"] == "3200" }
        assertEquals("9800000", knee["latency_p99_ns"])
        assertEquals("3200", knee["achieved_per_sec"])
        assertEquals("true", knee["rate_kept"])
        assertEquals("poisson", knee["arrival"])
        assertEquals("12", knee["threads_peak"])
        assertEquals("0.02", knee["little_deviation"])
        assertEquals("", knee["median_ns"], "a load cell has no batch time")
        val skipped = rows.single { it["strategy"] == "parallel-stream" }
        assertEquals("skipped", skipped["status"])
        assertEquals("", skipped["latency_p99_ns"])
    }

    @Test
    fun `compare of two load runs prints each strategy's p99 and capacity old against new, and writes them to compare html`() {
        val base = save(LoadFixture.run(), "base")
        val new = save(LoadFixture.run(latencyFactor = 2.0, capacityFactor = 0.5), "new")
        val (code, output) = cli("compare", "$base", "$new")
        assertEquals(0, code, output)
        val p99 = output.lines().single { "executor-fixed:size=4 × storage (blocking), poisson at 3200/s" in it }
        assertContains(p99, "9.80 ms")
        assertContains(p99, "19.6 ms")
        assertContains(p99, "×2.00")
        val capacity = output.lines().single { "virtual-threads × storage at p99=20ms" in it }
        assertContains(capacity, "8000/s")
        assertContains(capacity, "4000/s")
        assertContains(capacity, "×0.500")
        val html = Files.readString(tmp.resolve("new/compare.html"))
        assertContains(html, "Open loop: p99 and capacity")
        assertContains(html, "virtual-threads × storage at p99=20ms")
    }

    @Test
    fun `merge combines the load cells and capacities of shards, each once, and refuses one given twice`() {
        val run = LoadFixture.run()
        fun shard(dir: String, strategies: Set<String>): Path {
            val part = run.copy(
                load = run.load!!.filter { it.strategy in strategies },
                capacity = run.capacity!!.filter { it.strategy in strategies },
            )
            JsonReportFormat.writeTo(part, tmp.resolve(dir))
            return tmp.resolve(dir)
        }
        val a = shard("a", setOf("executor-fixed:size=4"))
        val b = shard("b", setOf("virtual-threads", "parallel-stream"))
        val (code, output) = cli("merge", "$a", "$b", "--out", "${tmp.resolve("m")}")
        assertEquals(0, code, output)
        assertContains(output, "0 cells and 9 load cells on 1 machine(s)")
        val merged = JsonReportFormat.read(tmp.resolve("m/results.json"))
        val load = assertNotNull(merged.load)
        assertEquals(run.load!!.map { it.strategy to it.ratePerSec }, load.map { it.strategy to it.ratePerSec })
        assertEquals(listOf("executor-fixed:size=4", "virtual-threads"), merged.capacity!!.map { it.strategy })
        assertTrue(load.all { it.machine == merged.machine.fingerprint }, "every load cell names its machine")

        val (twice, refused) = cli("merge", "$a", "$b", "$a", "--out", "${tmp.resolve("m2")}")
        assertEquals(2, twice, refused)
        assertContains(refused, "two results for load executor-fixed:size=4 x storage x 100 (blocking), poisson at 1000/s")
        assertContains(refused, "two results for capacity of executor-fixed:size=4 x storage at p99=20ms")
        assertContains(refused, "5 cell(s) appear twice; nothing was written")
    }

    private fun save(results: Results, dir: String): Path = JsonReportFormat.writeTo(results, tmp.resolve(dir))
}
