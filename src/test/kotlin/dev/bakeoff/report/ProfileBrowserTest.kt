package dev.bakeoff.report

import dev.bakeoff.cli.cli
import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import org.openqa.selenium.logging.LogType
import org.openqa.selenium.support.ui.WebDriverWait
import java.nio.file.Files
import java.time.Duration
import java.util.logging.Level
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * `--profile wall` on a real, small run: async-profiler samples the measured JVM, its flame graph
 * lands next to the cell's log, results.json and report.html point at it, and the link opens a
 * drawn flame graph in headless Chromium ([HeadlessChromium]).
 */
class ProfileBrowserTest : BrowserTest() {
    @Test
    fun `a profiled run writes a flame graph per cell that the report links and Chromium draws`() {
        val out = tmp.resolve("profiled")
        val (code, output) = cli("run", "-w", "arithmetic", "-s", "direct", "-p", "smoke", "--profile", "wall", "--out", "$out")
        assertEquals(0, code, output)
        val cell = JsonReportFormat.read(out.resolve("results.json")).cells.single()
        assertEquals("cells/cell-001.flame-wall.html", cell.profile)
        assertTrue(Files.isRegularFile(out.resolve(cell.profile!!)), "no flame graph at ${cell.profile}")
        assertTrue(Files.notExists(out.resolve("cells/cell-001.profile")), "JMH's profile folder was left behind")

        driver.get(out.resolve("report.html").toUri().toString())
        val links = driver.findElements(By.cssSelector("a[href='${cell.profile}']"))
        assertEquals(2, links.size, "the group's flame-graph line and the figure table each link it")
        links.first().click()
        WebDriverWait(driver, Duration.ofSeconds(30)).until { driver.currentUrl!!.endsWith(cell.profile!!) }
        val canvas = driver.findElement(By.id("canvas"))
        assertTrue(canvas.size.height > 0 && canvas.size.width > 0, "the flame graph drew nothing: ${canvas.size}")
        assertContains(driver.findElement(By.tagName("h1")).text.lowercase(), "wall")
        val errors = driver.manage().logs().get(LogType.BROWSER).all.filter { it.level.intValue() >= Level.SEVERE.intValue() }
        assertEquals(emptyList(), errors.map { it.message }, "the flame graph page logged errors")
    }

    @Test
    fun `a profile mode that does not exist is one usage line`() {
        val (code, output) = cli("run", "-w", "arithmetic", "-s", "direct", "--profile", "heap", "--dry-run")
        assertEquals(2, code, output)
        assertContains(output, "invalid value for --profile")
    }
}
