package dev.bakeoff.scenario

import dev.bakeoff.catalog.Scenarios
import dev.bakeoff.checkScenarioCell
import dev.bakeoff.model.VerificationException
import dev.bakeoff.model.WaitForm
import dev.bakeoff.scenarioCell
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.TestFactory
import kotlin.test.assertContains
import kotlin.test.assertFailsWith
import kotlin.test.fail

/**
 * order-status against a real PostgreSQL, named by `BAKEOFF_TEST_JDBC_URL` (with
 * `BAKEOFF_TEST_JDBC_USER` / `BAKEOFF_TEST_JDBC_PASSWORD`), which `.ci/run` installs, starts and
 * exports. In CI (`CI=true`) a missing database fails the build, so the PostgreSQL path can never
 * silently drop out; elsewhere the test is skipped with the reason.
 */
class OrderStatusPostgresTest {
    private val settings: Map<String, String> by lazy {
        val url = System.getenv("BAKEOFF_TEST_JDBC_URL")
        if (url.isNullOrBlank()) {
            val why = "BAKEOFF_TEST_JDBC_URL is not set: no PostgreSQL to run order-status against (.ci/run sets it up)"
            if (System.getenv("CI") == "true") fail(why)
            assumeTrue(false, why)
        }
        mapOf(Scenarios.JDBC_URL to url!!) +
            listOfNotNull(
                System.getenv("BAKEOFF_TEST_JDBC_USER")?.let { Scenarios.JDBC_USER to it },
                System.getenv("BAKEOFF_TEST_JDBC_PASSWORD")?.let { Scenarios.JDBC_PASSWORD to it },
            )
    }

    @TestFactory
    fun `order-status verifies on PostgreSQL and catches a row left READY`(): List<DynamicTest> = listOf("virtual-threads", "rx-parallel-io:rails=4", "coroutine-one").flatMap { s ->
        WaitForm.entries.map { wait ->
            DynamicTest.dynamicTest("$s x order-status on PostgreSQL (${wait.id})") {
                checkScenarioCell(scenarioCell(s, "order-status", wait, settings = settings))
            }
        }
    } +
        DynamicTest.dynamicTest("a skipped order is caught on PostgreSQL") {
            val cell = scenarioCell("fixture-skip-one", "order-status", WaitForm.BLOCKING, settings = settings)
            val e = assertFailsWith<VerificationException> { checkScenarioCell(cell, batches = 1) }
            assertContains(e.message!!, "READY=1")
        }
}
