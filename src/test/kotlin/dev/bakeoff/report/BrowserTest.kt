package dev.bakeoff.report

import kotlinx.serialization.json.Json
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.io.TempDir
import org.openqa.selenium.By
import org.openqa.selenium.chrome.ChromeDriver
import org.openqa.selenium.logging.LogType
import org.openqa.selenium.support.ui.WebDriverWait
import java.nio.file.Path
import java.time.Duration
import java.util.logging.Level
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** A test class that opens pages in one headless Chromium ([HeadlessChromium]) for all its tests, and a temporary folder. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BrowserTest {
    @TempDir
    lateinit var tmp: Path

    protected lateinit var driver: ChromeDriver

    @BeforeAll
    fun startBrowser() {
        driver = HeadlessChromium.start()
    }

    @AfterAll
    fun stopBrowser() {
        if (::driver.isInitialized) driver.quit()
    }

    /** Opens [page] and waits until its script rendered [expectedCharts] charts, each an SVG with shapes drawn. */
    protected fun open(page: Path, expectedCharts: Int) {
        driver.manage().logs().get(LogType.PERFORMANCE) // drop the log of any earlier page
        driver.get(page.toUri().toString())
        WebDriverWait(driver, Duration.ofSeconds(60)).until { driver.executeScript("return document.body.dataset.chartsRendered || null") != null }
        assertEquals(expectedCharts.toString(), driver.executeScript("return document.body.dataset.chartsRendered"))
        val charts = driver.findElements(By.cssSelector("div.chart"))
        assertEquals(expectedCharts, charts.size)
        charts.forEachIndexed { i, chart ->
            val shapes = chart.findElements(By.cssSelector("svg path, svg rect, svg line")).size
            assertEquals(1, chart.findElements(By.tagName("svg")).size, "chart $i has no SVG")
            assertTrue(shapes > 5, "chart $i drew only $shapes shapes")
        }
    }

    /** Checks that the page logged no warning or error and requested nothing but the file itself. */
    protected fun checkQuietAndOffline() {
        val problems = driver.manage().logs().get(LogType.BROWSER).all.filter { it.level.intValue() >= Level.WARNING.intValue() }
        assertEquals(emptyList(), problems.map { "${it.level} ${it.message}" }, "the page logged warnings or errors")
        val requests = driver.manage().logs().get(LogType.PERFORMANCE).all.mapNotNull { entry ->
            val message = Json.parseToJsonElement(entry.message).jsonObject["message"]!!.jsonObject
            if (message["method"]?.jsonPrimitive?.content != "Network.requestWillBeSent") return@mapNotNull null
            message["params"]!!.jsonObject["request"]!!.jsonObject["url"]!!.jsonPrimitive.content
        }
        assertTrue(requests.any { it.startsWith("file:") }, "no request for the page itself was logged: $requests")
        assertEquals(emptyList(), requests.filterNot { it.startsWith("file:") || it.startsWith("data:") }, "requests that left the file")
    }
}
