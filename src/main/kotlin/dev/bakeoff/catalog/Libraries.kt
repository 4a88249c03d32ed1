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
     * The libraries `--lib` can run on other versions, by name: those declared (and kotlinx.coroutines, which the
     * model itself uses) whose declaration names a Maven module, that module each.
     */
    val versioned: Map<String, String> by lazy {
        (listOf(Library.KOTLINX_COROUTINES) + declared).distinctBy { it.name }
            .mapNotNull { lib -> lib.module?.let { lib.name to it } }
            .toMap()
    }
}
