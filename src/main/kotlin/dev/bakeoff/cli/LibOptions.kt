package dev.bakeoff.cli

import com.github.ajalt.clikt.core.ParameterHolder
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.parameters.options.default
import com.github.ajalt.clikt.parameters.options.multiple
import com.github.ajalt.clikt.parameters.options.option
import dev.bakeoff.catalog.Libraries
import dev.bakeoff.engine.lib.LibAxis
import dev.bakeoff.engine.lib.LibRequest
import dev.bakeoff.engine.lib.LibResolutionException
import dev.bakeoff.engine.lib.MavenLibResolver
import java.io.File

/**
 * `--lib NAME=V1,V2` (issue 48) and where its versions come from: every cell runs once per version (per
 * combination, with several `--lib`), each in forks that load that version and no other. The versions are
 * resolved by [resolve], before anything runs: a version that does not exist or cannot be fetched is one line
 * and exit 2 ([UsageError]), as a bad `--jdk` is. Stateless; the command's thread.
 */
internal object LibOptions {
    fun ParameterHolder.libOption() = option(
        "--lib",
        help = "Library versions to run every cell on, NAME=V1,V2 (NAME: ${Libraries.versioned.keys.joinToString()}" +
            "; bakeoff list --libraries), repeatable for a grid; resolved from Maven Central and cached",
    ).multiple()

    fun ParameterHolder.libRepositoryOption() = option(
        "--lib-repository",
        envvar = "BAKEOFF_LIB_REPOSITORY",
        help = "The Maven repository --lib resolves from, Maven Central by default " +
            "(default: ${MavenLibResolver.CENTRAL})",
    ).default(MavenLibResolver.CENTRAL)

    fun ParameterHolder.libCacheOption() = option(
        "--lib-cache",
        envvar = "BAKEOFF_LIB_CACHE",
        help = "The local Maven repository --lib keeps its versions in (default: ~/.cache/bakeoff/m2)",
    )

    /**
     * Each of [libs] (`--lib` texts) resolved from [repository] through [cache], in order; none without one.
     * An [inProcess] run cannot swap a library.
     */
    fun resolve(libs: List<String>, repository: String, cache: String?, inProcess: Boolean): List<LibAxis> {
        if (libs.isEmpty()) return emptyList()
        if (inProcess) {
            throw UsageError("--lib runs each version in forks of its own; it cannot run in-process", statusCode = 2)
        }
        val host = System.getProperty("java.class.path").split(File.pathSeparator)
        val local = cache?.let { ResultFiles.userPath(it, "--lib-cache") } ?: MavenLibResolver.DEFAULT_CACHE
        val resolver = MavenLibResolver(local, repository)
        return try {
            LibRequest.parseAll(libs, Libraries.versioned).map { it.resolve(resolver, host) }
        } catch (e: IllegalArgumentException) {
            throw UsageError(e.message, statusCode = 2)
        } catch (e: LibResolutionException) {
            throw UsageError("--lib: ${e.message}", statusCode = 2)
        }
    }

    /** `2 library versions (kotlinx-coroutines 1.9.0, 1.11.0)`, or a grid's `6 library versions (…; …)`. */
    fun describe(libs: List<LibAxis>): String {
        val combinations = libs.fold(1) { n, axis -> n * axis.versions.size }
        return "$combinations library versions (" +
            libs.joinToString("; ") { a -> "${a.name} ${a.versions.joinToString { it.version }}" } + ")"
    }
}
