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
}
