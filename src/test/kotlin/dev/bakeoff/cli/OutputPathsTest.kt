package dev.bakeoff.cli

import dev.bakeoff.report.JsonReportFormat
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.report.writeTo
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/**
 * What `check`, `compare` and `report` write never costs the user a file: an output that is an input,
 * a link or a file of the user's own is refused in one line before anything is read, and temporary
 * files are created new under random names, so a planted one is never written through. In-process,
 * on results files written from the fixture; nothing here forks a JVM.
 */
class OutputPathsTest {
    @TempDir
    lateinit var tmp: Path

    private val victim: Path get() = tmp.resolve("victim.txt")

    private fun run(name: String): Path =
        ResultFiles.prepareOut(tmp.resolve(name)).let { JsonReportFormat.writeTo(ResultsFixture.results(), it) }

    private fun refused(vararg args: String): String {
        val (code, output) = cli(*args)
        assertEquals(2, code, output)
        assertEquals(1, output.trim().lines().size, output)
        return output
    }

    @Test
    fun `check never writes its JUnit XML or summary over a run it reads, or another run's results`() {
        val base = run("s1")
        val now = run("s2")
        val before = Files.readString(base)
        assertContains(refused("check", "$base", "$now", "--junit", "$base"), "is one of this command's inputs")
        assertContains(refused("check", "${base.parent}", "${now.parent}", "--summary", "$now"), "inputs")
        val other = run("s3")
        assertContains(refused("check", "$base", "$now", "--junit", "$other"), "is a file of a Bakeoff results folder")
        assertContains(refused("check", "$base", "$now", "--junit", "${tmp.resolve("j")}", "--summary", "${tmp.resolve("j")}"), "inputs")
        assertEquals(before, Files.readString(base))
    }

    @Test
    fun `check refuses an output that is a link, and one it cannot write, before printing its report`() {
        val base = run("s1")
        Files.writeString(victim, "keep")
        val link = Files.createSymbolicLink(tmp.resolve("junit.xml"), victim)
        assertContains(refused("check", "$base", "$base", "--junit", "$link"), "is a symbolic link")
        val file = Files.writeString(tmp.resolve("plain"), "x")
        assertContains(refused("check", "$base", "$base", "--summary", "$file/s.md"), "is not a writable directory")
        // A folder where no file can be made, whatever the access check says (root passes it for /proc).
        assertContains(refused("check", "$base", "$base", "--junit", "/proc/nope/j.xml"), "is not a writable directory")
        assertEquals("keep", Files.readString(victim))
    }

    @Test
    fun `compare writes no compare html through a planted link, and keeps a compare html of the user's own`() {
        val a = run("a")
        val b = run("b")
        Files.writeString(victim, "keep")
        Files.createSymbolicLink(b.resolveSibling("compare.html"), victim)
        assertContains(refused("compare", "$a", "$b"), "is a symbolic link")
        Files.delete(b.resolveSibling("compare.html"))
        val mine = Files.writeString(b.resolveSibling("compare.html"), "<p>my notes</p>")
        assertContains(refused("compare", "$a", "$b"), "exists and Bakeoff did not write it")
        assertEquals("<p>my notes</p>", Files.readString(mine))
        Files.delete(mine)
        for (time in 1..2) assertEquals(0, cli("compare", "$a", "$b").first, "compare replaces its own page")
        assertEquals("keep", Files.readString(victim))
    }

    @Test
    fun `report writes through no planted temporary file, and replaces only a page Bakeoff wrote`() {
        val json = run("r")
        Files.writeString(victim, "keep")
        // The fixed temporary name of every atomic replace, once: now random and created new.
        Files.createSymbolicLink(json.resolveSibling(".report.html.tmp"), victim)
        assertEquals(0, cli("report", "$json").first)
        assertEquals("keep", Files.readString(victim))
        assertFalse(Files.isSymbolicLink(json.resolveSibling("report.html")))
        assertEquals(0, cli("report", "$json").first, "report replaces the page it wrote")
        val elsewhere = JsonReportFormat.writeTo(ResultsFixture.results(), tmp.resolve("mine"))
        Files.writeString(elsewhere.resolveSibling("report.html"), "<p>my own report</p>")
        assertContains(refused("report", "$elsewhere"), "exists and Bakeoff did not write it")
        assertTrue(Files.readString(elsewhere.resolveSibling("report.html")).contains("my own"))
    }
}
