package dev.bakeoff.engine.lib

import java.io.File

/**
 * The classpath of a fork that runs on other library versions, and how such a fork fails when the version lacks
 * an API Bakeoff or a strategy calls. Stateless; thread-safe.
 */
internal object LibClasspath {
    /**
     * [host] (a `java.class.path`) with each of [libs]' jars in place of every copy of the same module, whatever
     * its version, so that the fork loads that version and no other; [host] itself without [libs].
     */
    fun of(host: String, libs: List<LibVersion>): String {
        if (libs.isEmpty()) return host
        val jars = libs.flatMap { it.jars }
        val kept = host.split(File.pathSeparator).filter { entry -> jars.none { it.isCopyOf(entry) } }
        return (kept + jars.map { it.path.toString() }).joinToString(File.pathSeparator)
    }

    /** The linkage errors by which a JVM says a class or member it was compiled against is not there. */
    private val MISSING = Regex(
        """\b(?:java\.lang\.)?(NoSuchMethodError|NoSuchFieldError|ClassNotFoundException|NoClassDefFoundError|""" +
            """AbstractMethodError|IncompatibleClassChangeError)\b:?\s*([^\n]*)""",
    )

    /**
     * Why a cell could not run on [libs], from its fork's [error]: the first missing class or member it names
     * (`NoSuchMethodError: 'void reactor…'`), or null when [error] is no such failure or the cell ran on no other
     * version (a missing class is then a bug, not a version's).
     */
    fun missingApi(error: String?, libs: List<LibVersion>): String? {
        if (error == null || libs.isEmpty()) return null
        val m = MISSING.find(error) ?: return null
        val what = m.groupValues[2].trim().take(MAX_DETAIL)
        return "not run: it needs an API that ${libs.joinToString(" + ") { it.label }} lacks " +
            "(${m.groupValues[1]}${if (what.isEmpty()) "" else ": $what"})"
    }

    private const val MAX_DETAIL = 200
}
