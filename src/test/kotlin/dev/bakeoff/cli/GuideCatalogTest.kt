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
 * prints (Renaissance keeps its README table the same way); with `-Dbakeoff.updateCatalog=true` the test
 * writes it there first, as [dev.bakeoff.ApiDumpTest] does the API dump.
 */
class GuideCatalogTest {
    @Test
    fun `the guide's catalog table is up to date`() {
        val guide = File(GUIDE).readText()
        val begin = guide.indexOf(CatalogMarkdown.BEGIN)
        val markerEnd = guide.indexOf(CatalogMarkdown.END)
        assertTrue(begin >= 0 && markerEnd > begin, "$GUIDE has no catalog markers")
        val end = markerEnd + CatalogMarkdown.END.length
        val listing =
            CatalogListing.of(Strategies.catalog.entries, Workloads.catalog.entries, Scenarios.catalog.entries)
        val block = CatalogMarkdown.render(listing)
        if (System.getProperty(UPDATE).toBoolean()) {
            File(GUIDE).writeText(guide.replaceRange(begin, end, block))
        } else {
            assertEquals(
                block,
                guide.substring(begin, end),
                "the catalog in $GUIDE is stale: regenerate it with ./mvnw test -Dtest=GuideCatalogTest -D$UPDATE=true",
            )
        }
    }

    private companion object {
        const val GUIDE = "docs/GUIDE.md"

        const val UPDATE = "bakeoff.updateCatalog"
    }
}
