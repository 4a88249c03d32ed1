package dev.bakeoff.cli

import dev.bakeoff.report.CompareFixture
import dev.bakeoff.result.JdkInfo
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals

/** The console's JDK-against-JDK table of a several-JDK run, and none for one JDK. */
class JdkTablesTest {
    @Test
    fun `a several-JDK run prints each later JDK against the first with the verdict per cell`() {
        val on21 = CompareFixture.run(1, slower = "virtual-threads" to "network", factor = 20.0).cells.map { it.copy(jdk = "21.0.8") }
        val on25 = CompareFixture.run(2).cells.map { it.copy(jdk = "25") }
        val results = CompareFixture.run(1).copy(
            cells = on21 + on25,
            jdks = listOf(JdkInfo("21.0.8", "v", "/a"), JdkInfo("25", "v", "/b")),
        )
        val text = outputTerminal().renderJdkTables(results)
        assertContains(text, "JDK 25 against JDK 21.0.8, per strategy and workload")
        val pinned = text.lines().single { it.contains("virtual-threads × network, 100 items (blocking)") }
        assertContains(pinned, "faster")
        val counts = "1 faster, 0 slower, \\d+ same within 5%, \\d+ not told apart, 0 not tested"
        assertContains(text, Regex("$counts \\(12 cells compared, 0 not compared\\)"))
        assertEquals("", outputTerminal().renderJdkTables(CompareFixture.run(1)))
    }
}
