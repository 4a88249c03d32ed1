package dev.bakeoff.report

import dev.bakeoff.result.Results
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.StructureKind
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertEquals

/** docs/RESULTS.md must name every field of results.json and every column of results.csv, so it cannot fall behind the model. */
class ResultsDocTest {
    private val doc = Files.readString(Path.of("docs", "RESULTS.md"))

    @Test
    fun `every results json field is documented`() {
        val missing = fieldNames(Results.serializer().descriptor).filterNot { doc.contains("`$it`") }
        assertEquals(emptyList(), missing, "fields missing from docs/RESULTS.md")
    }

    @Test
    fun `every results csv column is documented`() {
        val missing = CsvReportFormat.header.filterNot { doc.contains("`$it`") }
        assertEquals(emptyList(), missing, "columns missing from docs/RESULTS.md")
    }

    private fun fieldNames(d: SerialDescriptor): Set<String> = when (d.kind) {
        StructureKind.CLASS -> (0 until d.elementsCount).flatMap { i -> setOf(d.getElementName(i)) + fieldNames(d.getElementDescriptor(i)) }.toSet()
        StructureKind.LIST -> fieldNames(d.getElementDescriptor(0))
        else -> emptySet()
    }
}
