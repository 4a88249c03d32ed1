package dev.bakeoff.engine.lib

import java.io.File
import java.nio.file.Path

/**
 * One jar a library version puts on a fork's classpath: its Maven [group], [artifact] and [version], the
 * [path] of its copy in the local repository and its [sha256] (hex), computed from that copy. Immutable.
 */
internal data class LibJar(
    val group: String,
    val artifact: String,
    val version: String,
    val path: Path,
    val sha256: String,
) {
    /** `org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm:1.9.0`. */
    val coordinates: String get() = "$group:$artifact:$version"

    /** `org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm`: what any version of this jar is. */
    val module: String get() = "$group:$artifact"

    /**
     * True when classpath [entry] is a copy of this module, any version: a jar under a Maven repository's
     * `group/path/artifact/version/` folder named `artifact-version….jar`, as the launcher's and the tests'
     * classpaths name them.
     */
    fun isCopyOf(entry: String): Boolean {
        val path = entry.replace(File.separatorChar, '/')
        val name = path.substringAfterLast('/')
        return name.endsWith(".jar") && name.startsWith("$artifact-") &&
            path.contains("/${group.replace('.', '/')}/$artifact/")
    }
}

/**
 * One version of one library (`--lib NAME=V`): its [name] as the plug-ins declare it ([dev.bakeoff.model.Library]),
 * the [version] asked for and the [jars] a fork of it runs with: the library's own jars (its Maven group's) in place
 * of the ones Bakeoff was built with, and the dependencies of it that Bakeoff's classpath lacks (Bakeoff keeps its own
 * version of the others, as Maven's nearest-wins would). Immutable.
 */
internal data class LibVersion(val name: String, val version: String, val jars: List<LibJar>) {
    /** `kotlinx-coroutines 1.9.0`: how reports name it. */
    val label: String get() = "$name $version"

    companion object {
        /**
         * The version of [name] whose [resolved] jars (its [module] first, then its runtime dependencies) go on a
         * fork of a JVM whose classpath is [host]: every jar of [module]'s group, and each other one [host] lacks.
         */
        fun of(name: String, version: String, module: String, resolved: List<LibJar>, host: List<String>): LibVersion {
            val group = module.substringBefore(':')
            val jars = resolved.filter { jar -> jar.group == group || host.none(jar::isCopyOf) }
            return LibVersion(name, version, jars)
        }

        private val NUMBER = Regex("""\d+""")

        /**
         * True when [version] is [min] or later, compared number by number (`3.10.0` after `3.6`); a version that
         * starts as [min] and goes on (`3.6.0-M1`) counts as [min].
         */
        fun atLeast(version: String, min: String): Boolean {
            val v = NUMBER.findAll(version).map { it.value.toLong() }.toList()
            val m = NUMBER.findAll(min).map { it.value.toLong() }.toList()
            for (i in m.indices) {
                val part = v.getOrElse(i) { 0L }
                if (part != m[i]) return part > m[i]
            }
            return true
        }
    }
}

/**
 * `--lib NAME=V1,V2`: the versions of library [name] every cell runs on, in this order, the first the baseline.
 * Immutable.
 */
internal data class LibAxis(val name: String, val versions: List<LibVersion>)
