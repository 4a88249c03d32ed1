package dev.bakeoff.catalog

import dev.bakeoff.model.Library

/**
 * The third-party libraries the plug-ins declare ([dev.bakeoff.model.CatalogEntry.libraries]), each once by
 * name, in catalog order: the ones whose versions results files record beside the harness's own. Immutable;
 * thread-safe.
 */
internal object Libraries {
    val declared: List<Library> by lazy {
        (Strategies.catalog.entries + Workloads.catalog.entries + Scenarios.catalog.entries)
            .flatMap { it.libraries }
            .distinctBy { it.name }
    }

    /**
     * The libraries `--lib` can run on other versions: those declared (and kotlinx.coroutines, which the model itself
     * uses) whose declaration names a Maven module.
     */
    val swappable: List<Library> by lazy {
        (listOf(Library.KOTLINX_COROUTINES) + declared).distinctBy { it.name }.filter { it.module != null }
    }

    /** [swappable] by name: its Maven module each. */
    val versioned: Map<String, String> get() = swappable.associate { it.name to checkNotNull(it.module) }

    /** `reactor-bounded-elastic-virtual >= 3.6`: the strategies that need a version of library [name] or later. */
    fun neededBy(name: String): List<String> = Strategies.catalog.entries.mapNotNull { e ->
        e.minVersions[name]?.let { "${e.id} >= $it" }
    }
}
