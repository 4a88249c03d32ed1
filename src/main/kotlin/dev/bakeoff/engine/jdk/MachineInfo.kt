package dev.bakeoff.engine.jdk

import dev.bakeoff.catalog.Libraries
import dev.bakeoff.model.Library
import dev.bakeoff.result.Machine
import org.HdrHistogram.Histogram
import org.openjdk.jmh.runner.Runner
import java.io.File
import java.lang.management.ManagementFactory
import java.nio.file.Path

/** Describes the machine and the JDK the measured JVMs run on; every report states it. */
internal object MachineInfo {
    /** The harness's own libraries, under every cell whatever it measures; the plug-ins declare theirs. */
    private val HARNESS =
        listOf(
            Library("kotlin-stdlib", Unit::class.java),
            Library("jmh-core", Runner::class.java),
            Library("HdrHistogram", Histogram::class.java),
        )

    fun describe(jdkHome: Path, cpus: Int?): Machine {
        val jdk = Jdk.at(jdkHome)
        val os = ManagementFactory.getOperatingSystemMXBean() as com.sun.management.OperatingSystemMXBean
        val host = Runtime.getRuntime().availableProcessors()
        return Machine(
            cores = cpus ?: host,
            hostCores = host,
            memoryBytes = os.totalMemorySize,
            os = "${System.getProperty("os.name")} ${System.getProperty("os.version")}",
            arch = System.getProperty("os.arch"),
            jdkVendor = jdk?.vendor?.takeIf { it != Jdk.UNKNOWN_VENDOR } ?: System.getProperty("java.vendor"),
            jdkVersion = jdk?.runtimeVersion ?: jdk?.version ?: System.getProperty("java.version"),
            jvmName = System.getProperty("java.vm.name"),
            jdkHome = jdkHome.toString(),
            libraries = libraries(),
            cpuModel = cpuModel(),
        )
    }

    /** The first `model name` of Linux's `/proc/cpuinfo`; null elsewhere. */
    private fun cpuModel(): String? = runCatching {
        File("/proc/cpuinfo").useLines { lines ->
            lines.firstOrNull { it.startsWith("model name") }?.substringAfter(':')?.trim()
        }
    }.getOrNull()

    /** Each library's version by name, the harness's first, then the plug-ins'; "unknown" outside a versioned jar. */
    fun libraries(): Map<String, String> =
        (HARNESS + Libraries.declared).associate { it.name to (it.version ?: "unknown") }

    /** Major version of the JDK at [home], from its `release` file; null if it is not a JDK. */
    fun jdkMajor(home: Path): Int? = Jdk.at(home)?.let { Jdk.majorOf(it.version) }
}
