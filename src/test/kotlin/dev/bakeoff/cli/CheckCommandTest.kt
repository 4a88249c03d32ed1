package dev.bakeoff.cli

import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.model.Family
import dev.bakeoff.model.WaitForm
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.report.writeTo
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.Results
import dev.bakeoff.result.TimeStats
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import org.w3c.dom.Element
import java.nio.file.Files
import java.nio.file.Path
import java.util.SplittableRandom
import javax.xml.XMLConstants
import javax.xml.parsers.DocumentBuilderFactory
import javax.xml.transform.stream.StreamSource
import javax.xml.validation.SchemaFactory
import kotlin.io.path.createDirectories
import kotlin.io.path.readText
import kotlin.io.path.writeText
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * `bakeoff check` in-process on synthetic runs with fork-level data (no timing): [run] builds two
 * groups of three strategies, [CHANGES] making one cell slower or faster on purpose, and records
 * their decisions as a run does.
 */
class CheckCommandTest {
    @TempDir
    lateinit var dir: Path

    @Test
    fun `two results files of the same run pass, and so does a second honest run of the same code`() {
        val base = file("base", run(seed = 1))
        val (code, output) = cli("check", "$base", "${file("copy", run(seed = 1))}")
        assertEquals(0, code, output)
        assertContains(output, "passed: 2 group(s), every gate held")
        val (again, out2) = cli("check", "$base", "${file("again", run(seed = 2))}")
        assertEquals(0, again, out2)
    }

    @Test
    fun `a strategy made slower on purpose fails the slower gate, naming the cell, the ratio and its interval`() {
        val base = file("base", run(seed = 1))
        val slow = file("slow", run(seed = 2, changes = mapOf(DELAYED to ARITHMETIC to 1.3)))
        val summary = dir.resolve("summary.md")
        val (code, output) = cli("check", "$base", "$slow", "--strategy", DELAYED, "--summary", "$summary")
        assertEquals(1, code, output)
        val line = output.lines().single { it.trim().startsWith("FAILED") }
        assertContains(line, "slower · arithmetic, 100 items (blocking): fixture-delay slower: ×1.")
        assertTrue(INTERVAL.containsMatchIn(line), line)
        assertContains(line, "beyond the 5% margin")
        // As a reader sees it: the summary escapes every Markdown metacharacter of its data.
        val md = rendered(summary.readText())
        assertContains(md, "## Bakeoff check: failed")
        assertContains(md, "- **slower** · arithmetic, 100 items (blocking): fixture-delay slower: ×1.")
        // Not the winner: without --strategy, the slower gate holds each group's winner, which did not move.
        assertEquals(0, cli("check", "$base", "$slow").first)
        assertEquals(0, cli("check", "$base", "$slow", "--strategy", DELAYED, "--margin", "50%").first)
    }

    @Test
    fun `the winner changing fails the winner-changed gate, and --gate can leave it out`() {
        val base = file("base", run(seed = 1))
        val now = file("now", run(seed = 2, changes = mapOf("direct" to NETWORK to 0.2)))
        val (code, output) = cli("check", "$base", "$now")
        assertEquals(1, code, output)
        assertContains(
            output,
            "FAILED winner-changed · network, 100 items (blocking): winner changed: executor-fixed-cpu, " +
                "the baseline's winner, is behind direct ×",
        )
        assertContains(output, "order executor-fixed-cpu, direct, $DELAYED → direct, executor-fixed-cpu, $DELAYED")
        val (only, out2) = cli("check", "$base", "$now", "--gate", "status")
        assertEquals(0, only, out2)
    }

    @Test
    fun `an undecided difference does not fail, and says why`() {
        val base = file("base", run(seed = 1, forks = 2, noise = 0.08))
        val now = file("now", run(seed = 3, forks = 2, noise = 0.08, changes = mapOf(DELAYED to ARITHMETIC to 1.1)))
        val (code, output) = cli("check", "$base", "$now", "--strategy", DELAYED)
        assertEquals(0, code, output)
        assertContains(output, "slower not told apart: 2 forks a side, fixture-delay ×")
        val one = file("one", run(seed = 3, forks = 1, changes = mapOf(DELAYED to ARITHMETIC to 1.5)))
        val (code1, out1) = cli("check", "$base", "$one", "--strategy", DELAYED)
        assertEquals(0, code1, out1)
        assertContains(out1, "$DELAYED has 2 steady fork(s) in the baseline and 1 now, and a test takes at least 2")
    }

    @Test
    fun `a cell that was ok and is not fails the status gate`() {
        val base = file("base", run(seed = 1))
        val broken = run(seed = 2).let { r ->
            val cells = r.cells.map {
                val hit = it.strategy == DELAYED && it.workload == ARITHMETIC
                if (hit) it.copy(status = CellStatus.FAILED, error = "boom") else it
            }
            r.copy(cells = cells, groups = GroupDecision.all(cells, harnessNsPerItem = null))
        }
        val (code, output) = cli("check", "$base", "${file("broken", broken)}")
        assertEquals(1, code, output)
        assertContains(output, "FAILED status · arithmetic, 100 items (blocking): fixture-delay: ok → failed (boom)")
    }

    @Test
    fun `another machine kind is refused unless --across-machines, which compares decisions, and a new JDK is shown`() {
        val base = file("base", run(seed = 1))
        val slowElsewhere = run(seed = 2, changes = mapOf(DELAYED to ARITHMETIC to 1.3)).let {
            it.copy(machine = it.machine.copy(cpuModel = "Other CPU", jdkVersion = "25.0.1"))
        }
        val other = file("other", slowElsewhere)
        assertUsageError("the baseline ran on another machine kind", "check", "$base", "$other")
        val (code, output) = cli("check", "$base", "$other", "--across-machines", "--strategy", DELAYED)
        assertEquals(0, code, output)
        assertContains(output, "machine kind changed: unnamed processor, 16 cores (8 measured), 32 GiB, Linux amd64")
        assertContains(output, "across machines: decisions only")
        assertContains(output, "fixture-delay, behind before, is still behind direct")
        val newJdk = run(seed = 2).let { it.copy(machine = it.machine.copy(jdkVersion = "25.0.1")) }
        val (jdkCode, jdkOut) = cli("check", "$base", "${file("jdk", newJdk)}")
        assertEquals(0, jdkCode, jdkOut)
        assertContains(jdkOut, "JDK changed: Eclipse Adoptium 21.0.5 → Eclipse Adoptium 25.0.1")
        assertContains(jdkOut, "fingerprint changed: ")
    }

    @Test
    fun `bad input is one line and exit code 2`() {
        val base = file("base", run(seed = 1))
        val valid = "unknown 'faster'; valid: winner-changed, slower, status"
        assertUsageError(valid, "check", "$base", "$base", "--gate", "faster")
        assertUsageError("no strategy 'nope' in either run; valid: direct", "check", "$base", "$base", "-s", "nope")
        assertUsageError("cannot read results file", "check", "$base", "${dir.resolve("missing.json")}")
        val elsewhere = run(seed = 1).let { r -> r.copy(cells = r.cells.map { it.copy(items = 7) }, groups = null) }
        assertUsageError("no group in common", "check", "$base", "${file("elsewhere", elsewhere)}")
    }

    @Test
    fun `a results folder is read as its results json, and the newest run is results-latest`() {
        val folder = dir.resolve("run").createDirectories()
        JsonReportFormat.writeTo(run(seed = 1), folder)
        assertEquals(0, cli("check", "$folder", "$folder").first)
        val root = dir.resolve("results")
        assertNull(ResultFiles.latest(root))
        Files.createDirectories(root)
        Files.createSymbolicLink(root.resolve("latest"), folder)
        assertEquals(root.resolve("latest/results.json"), ResultFiles.latest(root))
    }

    @Test
    fun `the Markdown summary is appended to GITHUB_STEP_SUMMARY, one table row per group`() {
        val summary = dir.resolve("step-summary.md").also { it.writeText("earlier step\n") }
        val base = file("base", run(seed = 1))
        val now = file("now", run(seed = 2, changes = mapOf(DELAYED to ARITHMETIC to 1.3)))
        val env = mapOf("GITHUB_STEP_SUMMARY" to "$summary")
        val (code, output) = cli("check", "$base", "$now", "-s", DELAYED, env = env)
        assertEquals(1, code, output)
        val md = summary.readText()
        assertTrue(md.startsWith("earlier step\n## Bakeoff check: failed"), md)
        val table = md.lines().filter { it.startsWith("|") }
        assertEquals(2 + 2, table.size, md)
        // Every row has as many cells as the header: no unescaped pipe in a finding.
        val cells = table.map { row -> row.replace("\\|", "").count { it == '|' } }.distinct()
        assertEquals(1, cells.size, md)
        assertContains(rendered(table.last()), "network, 100 items (blocking)")
        assertContains(rendered(table[2]), "❌ failed: fixture-delay slower")
    }

    @Test
    fun `the JUnit XML has a test case per group, a failure for each failed one, and passes the JUnit schema`() {
        val junit = dir.resolve("junit.xml")
        val base = file("base", run(seed = 1))
        val now = file("now", run(seed = 2, changes = mapOf(DELAYED to ARITHMETIC to 1.3)))
        assertEquals(1, cli("check", "$base", "$now", "-s", DELAYED, "--junit", "$junit").first)
        val doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile())
        val cases = doc.getElementsByTagName("testcase")
        val names = List(cases.length) { (cases.item(it) as Element).getAttribute("name") }
        assertEquals(listOf("arithmetic, 100 items (blocking)", "network, 100 items (blocking)"), names)
        val failure = doc.getElementsByTagName("failure")
        assertEquals(1, failure.length)
        assertEquals("slower", (failure.item(0) as Element).getAttribute("type"))
        assertEquals("1", (doc.getElementsByTagName("testsuite").item(0) as Element).getAttribute("failures"))
        validate(junit)
        assertFalse(junit.readText().contains("\u001B"), "no terminal styling in the XML")
    }

    /**
     * Validates [xml] against the JUnit report's schema as CI servers read it (src/test/resources/
     * junit-report.xsd: the elements and attributes Jenkins', GitLab's and GitHub's readers require).
     */
    private fun validate(xml: Path) {
        val xsd = checkNotNull(javaClass.getResource("/junit-report.xsd")) { "junit-report.xsd on the test classpath" }
        val schema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(xsd)
        schema.newValidator().validate(StreamSource(xml.toFile()))
    }

    /** Markdown's text as rendered: each backslash-escaped character as itself. */
    private fun rendered(md: String) = Regex("""\\(\p{Punct})""").replace(md, "$1")

    private fun file(name: String, results: Results): Path =
        dir.resolve("$name.json").also { it.writeText(buildString { JsonReportFormat.write(results, this) }) }

    private companion object {
        const val DELAYED = "fixture-delay"
        const val ARITHMETIC = "arithmetic"
        const val NETWORK = "network"
        const val RUNS_PER_FORK = 5

        /** `×1.29 (97.5% CI 1.24–1.35` and the like: a ratio of about 1.3 and its interval above 1. */
        val INTERVAL = Regex("""×1\.[23]\d* \(\d+(\.\d+)?% CI 1\.\d+–1\.\d+""")

        /** Each group's medians in ms, fastest first in the baseline. */
        val MEDIANS = mapOf(
            ARITHMETIC to mapOf("direct" to 1.0, DELAYED to 1.5, "executor-fixed-cpu" to 2.0),
            NETWORK to mapOf("executor-fixed-cpu" to 1.0, "direct" to 3.0, DELAYED to 3.2),
        )

        /**
         * One run: every cell [forks] forks of [RUNS_PER_FORK] runs, each fork's median off by [noise]
         * (Gaussian, from [seed]), times the factor [changes] gives the cell (strategy to workload).
         */
        fun run(
            seed: Long,
            forks: Int = 3,
            noise: Double = 0.01,
            changes: Map<Pair<String, String>, Double> = emptyMap(),
        ): Results {
            val random = SplittableRandom(seed)
            val cells = MEDIANS.flatMap { (workload, strategies) ->
                strategies.map { (strategy, ms) ->
                    val median = ms * 1e6 * (changes[strategy to workload] ?: 1.0)
                    val runs = (1..forks).flatMap {
                        val fork = median * (1 + noise * random.nextGaussian())
                        // Within a fork: a small wiggle with no trend, so every run is steady.
                        listOf(0.0, 0.004, -0.004, 0.002, -0.002).map { fork * (1 + it) }
                    }
                    cell(strategy, workload, runs, List(forks) { RUNS_PER_FORK })
                }
            }
            val base = ResultsFixture.results()
            return base.copy(cells = cells, groups = GroupDecision.all(cells, harnessNsPerItem = null))
        }

        fun cell(strategy: String, workload: String, runs: List<Double>, forks: List<Int>): CellResult {
            val sorted = runs.sorted()
            val median = (sorted[(runs.size - 1) / 2] + sorted[runs.size / 2]) / 2
            return CellResult(
                strategy,
                Family("direct"),
                workload,
                100,
                WaitForm.BLOCKING,
                CellStatus.OK,
                timeNs = TimeStats(sorted.first(), median, sorted.last(), runs.average(), 0.0, runs, forks),
            )
        }
    }
}
