package dev.bakeoff.cli

import dev.bakeoff.catalog.CatalogListing
import dev.bakeoff.catalog.CatalogMarkdown
import dev.bakeoff.catalog.Scenarios
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import org.junit.jupiter.api.Test
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The user guide's catalog section (docs/GUIDE.md, "The catalog") must be what `./bakeoff list --markdown`
 * prints (Renaissance keeps its README table the same way).
 */
class GuideCatalogTest {
    @Test
    fun `the guide's catalog table is up to date`() {
        val guide = File(GUIDE).readText()
        val begin = guide.indexOf(CatalogMarkdown.BEGIN)
        val end = guide.indexOf(CatalogMarkdown.END)
        assertTrue(begin >= 0 && end > begin, "$GUIDE has no catalog markers")
        val listing =
            CatalogListing.of(Strategies.catalog.entries, Workloads.catalog.entries, Scenarios.catalog.entries)
        assertEquals(
            CatalogMarkdown.render(listing),
            guide.substring(begin, end + CatalogMarkdown.END.length),
            "the catalog in $GUIDE is stale: paste the output of ./bakeoff list --markdown",
        )
    }

    private companion object {
        const val GUIDE = "docs/GUIDE.md"
    }
}
