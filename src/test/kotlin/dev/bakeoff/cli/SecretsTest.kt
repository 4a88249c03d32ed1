package dev.bakeoff.cli

import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.result.CellStatus
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.isRegularFile
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * A password given on the command line or inside a JDBC URL reaches the measured JVM but no file
 * of the run: not results.json or .csv, not jmh.json (which copies every JVM argument), not a cell
 * log or probe report. Real forks on the embedded H2 database; every file of the run is read.
 */
class SecretsTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `a --jdbc-password is in no file of the run`() {
        val out = run("cli-s3cret-42", "--jdbc-password", "cli-s3cret-42")
        assertEquals(null, params(out)["jdbc-password"], "a secret setting is never recorded")
    }

    @Test
    fun `a password inside --jdbc-url is in no file of the run, and the URL is recorded masked`() {
        val out = run("url-s3cret-77", "--jdbc-url", "jdbc:h2:mem:bakeoff-secrets;PASSWORD=url-s3cret-77", "--jdbc-user", "sa")
        assertEquals("jdbc:h2:mem:bakeoff-secrets;PASSWORD=***", params(out)["jdbc-url"])
    }

    /** Runs one order-status cell with [settings], then reads every file it wrote for [secret]. */
    private fun run(secret: String, vararg settings: String): Path {
        val out = Files.createTempDirectory(tmp, "run")
        val cell = arrayOf("order-status", "-n", "4", "-s", "direct", "--wait", "blocking", "-p", "smoke")
        val (code, output) = cli("scenario", *cell, *settings, "--out", "$out")
        assertEquals(0, code, output)
        val files = Files.walk(out).use { paths -> paths.filter { it.isRegularFile() }.toList() }
        assertTrue(files.any { it.fileName.toString() == "jmh.json" } && files.any { it.toString().endsWith(".log") }, "$files")
        for (file in files) {
            assertTrue(secret !in String(Files.readAllBytes(file), Charsets.ISO_8859_1), "$file holds the secret")
        }
        return out
    }

    private fun params(out: Path): Map<String, String> {
        val cell = JsonReportFormat.read(out.resolve("results.json")).cells.single()
        assertEquals(CellStatus.OK, cell.status, cell.error)
        return cell.params.orEmpty()
    }
}
