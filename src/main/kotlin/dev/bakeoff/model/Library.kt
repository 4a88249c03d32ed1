package dev.bakeoff.model

import kotlinx.coroutines.Job

/**
 * A third-party library a plug-in is built on: results files record its version under [name]
 * (`machine.libraries`), read from the jar that holds [anchor], one of its classes. Declared by the plug-in
 * that uses it, on its family ([StrategyFamily.library]) or its entry ([CatalogEntry.libraries]), so that a
 * new library is recorded without a change to the engine. [module] is its Maven `group:artifact`, by which
 * `--lib` fetches other versions of it (null: not available to `--lib`). Immutable; thread-safe.
 */
internal class Library(val name: String, val anchor: Class<*>, val module: String? = null) {
    /**
     * `rxjava-3.1.12.jar` -> `3.1.12`: the version in the name of the jar [anchor] was loaded from; null
     * when it was not loaded from a versioned jar (a class folder, a shaded jar).
     */
    val version: String?
        get() {
            val path = runCatching { anchor.protectionDomain.codeSource.location.path }.getOrNull() ?: return null
            return VERSIONED_JAR.find(path)?.groupValues?.get(1)
        }

    companion object {
        /** kotlinx.coroutines, which the model itself waits with (`delay`, `runBlocking`) besides its plug-ins. */
        val KOTLINX_COROUTINES =
            Library("kotlinx-coroutines", Job::class.java, "org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm")

        private val VERSIONED_JAR = Regex("-(\\d[\\w.-]*)\\.jar$")
    }
}
