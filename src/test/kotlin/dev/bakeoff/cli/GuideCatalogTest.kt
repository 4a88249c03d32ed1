package dev.bakeoff.cli

import dev.bakeoff.report.CatalogListing
import dev.bakeoff.report.CatalogMarkdown
import dev.bakeoff.scenario.Scenarios
import dev.bakeoff.strategy.Strategies
import dev.bakeoff.workload.Workloads
import org.junit.jupiter.api.Test
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** README's catalog section must be what `./bakeoff list --markdown` prints (Renaissance keeps its table the same way). */
class ReadmeCatalogTest {
    @Test
    fun `README's catalog table is up to date`() {
        val readme = File("README.md").readText()
        val begin = readme.indexOf(CatalogMarkdown.BEGIN)
        val end = readme.indexOf(CatalogMarkdown.END)
        assertTrue(begin >= 0 && end > begin, "README.md has no catalog markers")
        val expected = CatalogMarkdown.render(CatalogListing.of(Strategies.catalog.entries, Workloads.catalog.entries, Scenarios.catalog.entries))
        assertEquals(expected, readme.substring(begin, end + CatalogMarkdown.END.length), "README catalog is stale: paste the output of ./bakeoff list --markdown")
    }
}
