package dev.bakeoff.engine.fork

import dev.bakeoff.engine.plan.Profile
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardCopyOption

/**
 * async-profiler's native library for this machine, taken from the `tools.profiler:async-profiler`
 * jar on the classpath (it ships `linux-x64`, `linux-arm64` and `macos` builds) into a temporary
 * file the measured JVMs load, deleted when this JVM exits. Not thread-safe: one per run.
 */
internal object AsyncProfilerLibrary {
    /** The folder inside the jar for [osName] and [osArch], or null where async-profiler has no build. */
    fun platform(osName: String, osArch: String): String? {
        val os = osName.lowercase()
        return when {
            os.startsWith("mac") -> "macos"
            os.startsWith("linux") && osArch in setOf("amd64", "x86_64") -> "linux-x64"
            os.startsWith("linux") && osArch in setOf("aarch64", "arm64") -> "linux-arm64"
            else -> null
        }
    }

    private var extracted: Path? = null

    /**
     * Why async-profiler cannot sample [event] in a JVM started with [java] (the forks' JDK, on this
     * kernel), or null when it can: a `java -version` with the library as its agent, which says
     * `[ERROR]` (e.g. "Perf events unavailable") or warns that `perf_event_open` failed.
     */
    fun refusal(java: Path, event: String): String? {
        val sink = Files.createTempFile("bakeoff-profile-check-", ".txt")
        try {
            val agent = "-agentpath:${path()}=start,event=$event,file=$sink"
            val process = ProcessBuilder(java.toString(), agent, "-version").redirectErrorStream(true).start()
            val output = process.inputStream.bufferedReader().readLines()
            process.waitFor()
            return output.firstOrNull { it.startsWith("[ERROR]") || it.startsWith("[WARN] perf_event_open") }
        } finally {
            Files.deleteIfExists(sink)
        }
    }

    /** The extracted library; [IllegalStateException] with one line where there is none for this machine. */
    fun path(): Path = extracted ?: extract().also { extracted = it }

    private fun extract(): Path {
        val name = System.getProperty("os.name")
        val arch = System.getProperty("os.arch")
        val dir = platform(name, arch) ?: error("--profile: async-profiler has no library for $name on $arch")
        val resource = "$dir/libasyncProfiler.so"
        val input = AsyncProfilerLibrary::class.java.classLoader.getResourceAsStream(resource)
            ?: error("--profile: $resource is missing from the classpath (tools.profiler:async-profiler)")
        val file = Files.createTempFile("bakeoff-asyncProfiler-", ".so")
        file.toFile().deleteOnExit()
        input.use { Files.copy(it, file, StandardCopyOption.REPLACE_EXISTING) }
        return file
    }
}

/**
 * Attaches async-profiler to a cell's measured JVM through JMH's own integration (`-prof async`:
 * samples the measured iterations only, the warm-up's are discarded) and keeps its forward flame
 * graph next to the cell's log. Stateless apart from the extracted library; used on the run's thread.
 */
internal class CellProfiler(private val profile: Profile) {
    /** JMH's init line for its `AsyncProfiler`, writing into [dir]. */
    fun initLine(dir: Path): String = listOf(
        "libPath=${AsyncProfilerLibrary.path()}",
        "event=${profile.event}",
        "output=flamegraph",
        "direction=forward",
        "dir=$dir",
    ).joinToString(";")

    /**
     * A new folder for what JMH's profiler writes, in the system's temporary folder rather than the
     * user's `--out`: the path travels inside JMH's init line (`;`-separated) and async-profiler's
     * options (`,`-separated), where a `;` or `,` in a user's path would become an option of its own.
     */
    fun scratchDir(): Path = Files.createTempDirectory("bakeoff-profile-")

    /**
     * Moves the flame graph JMH wrote under [dir] to [target] and deletes [dir]; null when there is
     * none (the fork failed before its measured iterations ended).
     */
    fun collect(dir: Path, target: Path): Path? {
        if (!Files.isDirectory(dir)) return null
        val flame = Files.walk(dir).use { files ->
            files.filter { it.fileName.toString() == "flame-${profile.event}-forward.html" }.findFirst().orElse(null)
        }
        val kept = flame?.let { Files.move(it, target, StandardCopyOption.REPLACE_EXISTING) }
        discard(dir)
        return kept
    }

    /** Deletes [dir] and what is in it, if it is still there (a cell that failed leaves it uncollected). */
    fun discard(dir: Path) {
        if (!Files.exists(dir)) return
        Files.walk(dir).use { files -> files.sorted(Comparator.reverseOrder()).forEach(Files::delete) }
    }
}
