package dev.bakeoff.engine.jdk

import dev.bakeoff.result.Machine
import java.io.File
import java.lang.management.ManagementFactory
import java.nio.file.Path

/** Describes the machine and the JDK the measured JVMs run on; every report states it. */
internal object MachineInfo {
    /** Library name -> a class it ships; the version is read from that class's jar name. */
    private val LIBRARIES =
        mapOf(
            "kotlin-stdlib" to "kotlin.Unit",
            "kotlinx-coroutines" to "kotlinx.coroutines.Job",
            "rxjava" to "io.reactivex.rxjava3.core.Flowable",
            "reactor-core" to "reactor.core.publisher.Flux",
            "jmh-core" to "org.openjdk.jmh.runner.Runner",
            "HdrHistogram" to "org.HdrHistogram.Histogram",
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
            libraries = LIBRARIES.mapValues { (_, cls) -> versionOf(cls) },
            cpuModel = cpuModel(),
        )
    }

    /** The first `model name` of Linux's `/proc/cpuinfo`; null elsewhere. */
    private fun cpuModel(): String? = runCatching {
        File("/proc/cpuinfo").useLines { lines ->
            lines.firstOrNull { it.startsWith("model name") }?.substringAfter(':')?.trim()
        }
    }.getOrNull()

    /** `rxjava-3.1.12.jar` -> `3.1.12`; "unknown" when the class is not loaded from a versioned jar. */
    private fun versionOf(className: String): String {
        val path =
            runCatching { Class.forName(className).protectionDomain.codeSource.location.path }.getOrNull()
                ?: return "unknown"
        return Regex("-(\\d[\\w.-]*)\\.jar$").find(path)?.groupValues?.get(1) ?: "unknown"
    }

    /** Major version of the JDK at [home], from its `release` file; null if it is not a JDK. */
    fun jdkMajor(home: Path): Int? = Jdk.at(home)?.let { Jdk.majorOf(it.version) }
}
