package dev.bakeoff.cli

import com.github.ajalt.clikt.core.UsageError
import dev.bakeoff.engine.fork.AsyncProfilerLibrary
import dev.bakeoff.engine.fork.JavaCheck
import dev.bakeoff.engine.jdk.Jdk
import dev.bakeoff.engine.jdk.JdkFinder
import dev.bakeoff.engine.plan.Profile
import dev.bakeoff.engine.plan.ProfileMode
import java.nio.file.Path
import java.nio.file.Paths

/**
 * The checks [MeasureOptions] makes of its options before anything runs, each refusal one line and exit
 * code 2 ([UsageError]): the JDKs, the JVM options and the profiler.
 * Stateless; the command's thread.
 */
internal object RunChecks {
    /**
     * Checks before anything runs that async-profiler can sample [mode] in the forks' JVM ([jdkHome]'s,
     * else this one's): where the kernel refuses perf events, `cpu` falls back to `itimer` and says so
     * in one line; a machine without the library, or refusing the mode outright, is one line and exit 2.
     */
    fun profiler(mode: ProfileMode, jdkHome: Path?): Profile {
        val java = (jdkHome ?: Paths.get(System.getProperty("java.home"))).resolve("bin").resolve("java")
        val refused = try {
            AsyncProfilerLibrary.refusal(java, mode.event)
        } catch (e: IllegalStateException) {
            throw UsageError("${e.message} (--profile ${mode.id})", statusCode = 2)
        } ?: return Profile(mode)
        val fallback = mode.fallback?.takeIf { AsyncProfilerLibrary.refusal(java, it) == null }
            ?: throw UsageError("--profile ${mode.id}: async-profiler cannot sample here: $refused", statusCode = 2)
        return Profile(mode, fallback, "async-profiler cannot use perf events here ($refused); sampling with $fallback")
    }

    /** The JDKs `--jdk` [spec] names, each proved to start; one line and exit 2 otherwise. */
    fun jdks(spec: String): List<Jdk> {
        val jdks = try {
            JdkFinder().resolve(spec) { ResultFiles.userPath(it, "--jdk") }
        } catch (e: IllegalArgumentException) {
            throw UsageError(e.message, statusCode = 2)
        }
        // A folder can look like a JDK (a release file, an executable bin/java) and still not start one.
        jdks.firstNotNullOfOrNull(JavaCheck::problem)?.let { throw UsageError("--jdk: $it", statusCode = 2) }
        return jdks
    }

    /**
     * Starts the measured JVMs' `java` ([jdkHome]'s) once with the `--jvm-arg`s [jvmArgs] (and `-version`), so an
     * option it rejects, or one that holds the JVM (a debugger's `suspend=y`), is one line now rather than a
     * failed or hung JVM per cell.
     */
    fun jvmArgs(jdkHome: Path?, jvmArgs: List<String>) {
        val java = (jdkHome ?: Paths.get(System.getProperty("java.home"))).resolve("bin").resolve("java")
        JavaCheck.refusal(java, jvmArgs)?.let {
            throw UsageError("--jvm-arg ${jvmArgs.joinToString(" ")}: the JVM $it", statusCode = 2)
        }
    }
}
