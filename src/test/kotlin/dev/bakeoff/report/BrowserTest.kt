package dev.bakeoff.report

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.io.TempDir
import org.openqa.selenium.chrome.ChromeDriver
import java.nio.file.Path

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
}
