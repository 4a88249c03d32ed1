package dev.bakeoff.report

import org.junit.jupiter.api.Assumptions.assumeTrue
import org.openqa.selenium.chrome.ChromeDriver
import org.openqa.selenium.chrome.ChromeDriverService
import org.openqa.selenium.chrome.ChromeOptions
import org.openqa.selenium.logging.LogType
import java.io.File

/**
 * The system's headless Chromium through its chromedriver, for the browser tests. Without them the
 * calling test is skipped with a message, except under CI (CI set), where it fails: .ci/run
 * installs the Debian packages chromium and chromium-driver.
 */
internal object HeadlessChromium {
    fun start(): ChromeDriver {
        val chromium = onPath("chromium", "chromium-browser", "google-chrome")
        val chromedriver = onPath("chromedriver")
        if (chromium == null || chromedriver == null) {
            val missing = "no ${if (chromium == null) "chromium" else "chromedriver"} on PATH (apt-get install chromium chromium-driver)"
            check(System.getenv("CI").isNullOrEmpty()) { "CI is set, so the browser test must run, but there is $missing" }
            assumeTrue(false, "browser test skipped: $missing; under CI it fails instead")
        }
        val options = ChromeOptions().apply {
            setBinary(chromium!!)
            addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--window-size=1400,1000")
            setCapability("goog:loggingPrefs", mapOf(LogType.BROWSER to "ALL", LogType.PERFORMANCE to "ALL"))
        }
        // An explicit driver and browser: Selenium Manager (which may download drivers) is never needed.
        return ChromeDriver(ChromeDriverService.Builder().usingDriverExecutable(chromedriver!!).build(), options)
    }

    private fun onPath(vararg names: String): File? = System.getenv("PATH").orEmpty().split(File.pathSeparator)
        .flatMap { dir -> names.map { File(dir, it) } }
        .firstOrNull { it.canExecute() }
}
