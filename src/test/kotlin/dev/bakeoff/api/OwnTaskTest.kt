package dev.bakeoff.api

import com.example.PricingTask
import dev.bakeoff.cli.recordCliForTests
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.model.WaitForm
import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.ResultsFolderWriter
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.Results
import kotlinx.coroutines.delay
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * "Your own task": the sample's task (samples/my-task, compiled with the tests) through the API
 * (forked and in-process) and the CLI, and a class compiled here, outside the JVM's classpath,
 * through `--classpath`. Smoke preset, two strategies, few items.
 */
class OwnTaskTest {
    @TempDir
    lateinit var tmp: Path

    private fun options(name: String): CompareOptions {
        val strategies = CompareOptions.strategies("direct", "virtual-threads")
        return CompareOptions(items = 8, strategies = strategies, preset = Preset.SMOKE, out = tmp.resolve(name))
    }

    private fun assertAllOk(results: Results, workloadPrefix: String) {
        assertEquals(2, results.cells.size)
        for (c in results.cells) {
            assertEquals(CellStatus.OK, c.status, "${c.strategy}: ${c.error}")
            assertTrue(c.workload.startsWith(workloadPrefix), c.workload)
            assertTrue(c.limitNs != null && c.efficiency != null, "limit and efficiency of ${c.strategy}")
        }
    }

    @Test
    fun `the sample's task class runs through the API, each cell in its own JVM`() {
        val results = Bakeoff.compare(PricingTask::class, options("class"))
        assertAllOk(results, "task:class=com.example.PricingTask")
        // The declared 2 ms wait is part of the limit: no batch can beat its longest item.
        assertTrue(results.cells.all { it.limitNs!! >= 2_000_000 })
        assertEquals(results, JsonReportFormat.read(tmp.resolve("class/results.json")))
        assertEquals(RESULTS_FOLDER, names(tmp.resolve("class")), "the API's folder is the CLI's")
    }

    @Test
    fun `a function runs through the API in this JVM, blocking and suspending`() {
        assertAllOk(Bakeoff.compare(options("lambda")) { seed -> PricingTask.price(seed) }, "lambda:id=")
        val suspending = Bakeoff.compareSuspending(options("suspending")) { seed -> PricingTask.price(seed).also { delay(1) } }
        assertAllOk(suspending, "lambda:id=")
        assertTrue(suspending.cells.all { it.wait == WaitForm.SUSPENDING })
    }

    @Test
    fun `the sample's task class runs through the CLI`() {
        val out = tmp.resolve("cli")
        val (code, output) = recordCliForTests("run", "--task-class", "com.example.PricingTask", "-s", "direct", "-n", "8", "-p", "smoke", "--out", "$out")
        assertEquals(0, code, output)
        assertEquals(listOf("task:class=com.example.PricingTask"), JsonReportFormat.read(out.resolve("results.json")).cells.map { it.workload })
        assertEquals(RESULTS_FOLDER, names(out), "the CLI's folder is the API's")
    }

    @Test
    fun `a class outside the JVM's classpath runs through the CLI with --classpath`() {
        val classes = compileOutsideTask(tmp)
        val out = tmp.resolve("cp")
        val (code, output) = recordCliForTests("run", "--task-class", "outside.Doubler", "--classpath", "$classes", "-s", "direct", "-n", "8", "-p", "smoke", "--out", "$out")
        assertEquals(0, code, output)
        val cell = JsonReportFormat.read(out.resolve("results.json")).cells.single()
        assertEquals(CellStatus.OK, cell.status, cell.error)
    }

    @Test
    fun `a wrong task class or classpath is one line and exit 2`() {
        fun usage(expected: String, vararg args: String) {
            val (code, output) = recordCliForTests("run", *args, "--out", "${tmp.resolve("bad")}")
            assertEquals(2, code, output)
            assertContains(output, expected)
        }
        usage("task class 'com.example.Nope' not found on the classpath", "--task-class", "com.example.Nope")
        usage("task class 'java.lang.String' does not implement dev.bakeoff.model.Workload", "--task-class", "java.lang.String")
        usage("--classpath entry not found: /no/such.jar", "--task-class", "x.Y", "--classpath", "/no/such.jar")
        usage("invalid class '1bad'", "--task-class", "1bad")
    }

    private fun names(dir: Path) = Files.list(dir).use { s -> s.map { it.fileName.toString() }.toList().toSet() }

    private companion object {
        /** What `bakeoff run` and [Bakeoff.compare] both leave in a results folder, the same one writer's. */
        val RESULTS_FOLDER = setOf(
            ResultsFolderWriter.MARKER,
            "results.json",
            "results.csv",
            "report.html",
            "jmh.json",
            "cells",
        )
    }
}
