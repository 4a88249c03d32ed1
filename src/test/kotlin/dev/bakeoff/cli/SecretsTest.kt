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

    @Test
    fun `a password from --jdbc-password-file is in no file of the run`() {
        val file = Files.writeString(tmp.resolve("pw"), "file-s3cret-31\n")
        run("file-s3cret-31", "--jdbc-password-file", "$file")
    }

    @Test
    fun `a password before the host of --jdbc-url is refused in one line that does not show it`() {
        for (url in listOf("jdbc:postgresql://rtuser:u/rl-s3cret@127.0.0.1:1/db", "jdbc:oracle:thin:rtuser/url-s3cret@db:1521:x")) {
            val (code, output) = cli("scenario", "order-status", "-n", "4", "-s", "direct", "--jdbc-url", url, "--out", "${tmp.resolve("o")}")
            assertEquals(2, code, output)
            assertEquals(1, output.trim().lines().size, output)
            assertTrue("s3cret" !in output && "BAKEOFF_JDBC_PASSWORD" in output, output)
        }
    }

    @Test
    fun `the password is given once, and BAKEOFF_JDBC_PASSWORD is ambient, an explicit one winning and others ignoring it`() {
        val env = mapOf("BAKEOFF_JDBC_PASSWORD" to "env-s3cret")
        val file = Files.writeString(tmp.resolve("pw"), "x\n")
        val twice = cli("scenario", "order-status", "--jdbc-password-file", "$file", "--jdbc-password", "y", "--dry-run")
        assertEquals(2, twice.first, twice.second)
        assertTrue("give the password once" in twice.second, twice.second)
        val (code, output) = cli("scenario", "order-status", "--jdbc-password-file", "$file", "--dry-run", env = env)
        assertEquals(0, code, output)
        // A scenario without a database ran refused while the variable was exported (battery 4, case 4).
        val other = cli("scenario", "file-sender", "--dry-run", env = env)
        assertEquals(0, other.first, other.second)
        assertTrue("env-s3cret" !in output + other.second)
    }

    @Test
    fun `a refused --param never shows a password the user typed`() {
        val (code, output) = cli("scenario", "file-sender", "--param", "password=p4ram-s3cret", "--dry-run")
        assertEquals(2, code, output)
        assertTrue("p4ram-s3cret" !in output && "password=***" in output, output)
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
