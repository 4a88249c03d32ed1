package dev.bakeoff.engine.lib

/** A library version that cannot be had (no such version, no repository reachable and none cached): one line. */
internal class LibResolutionException(message: String) : RuntimeException(message)

/**
 * Where library versions come from: [MavenLibResolver] (Maven Central through a local cache), or a test's
 * stand-in. Implementations are thread-safe.
 */
internal fun interface LibResolver {
    /**
     * The jars of [module] (`group:artifact`) at [version] and of its runtime dependencies, [module]'s own first;
     * throws [LibResolutionException] when it cannot be resolved.
     */
    fun resolve(module: String, version: String): List<LibJar>
}
