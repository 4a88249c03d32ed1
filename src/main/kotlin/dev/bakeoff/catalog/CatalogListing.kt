package dev.bakeoff.catalog

import dev.bakeoff.model.CatalogEntry
import dev.bakeoff.model.ScenarioEntry
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.WorkloadEntry
import kotlinx.serialization.Serializable

/** The machine-readable form of `bakeoff list --json`. */
@Serializable
internal data class CatalogListing(
    val strategies: List<StrategyListing>,
    val workloads: List<WorkloadListing>,
    val scenarios: List<ScenarioListing> = emptyList(),
) {
    companion object {
        fun of(
            strategies: List<StrategyEntry>,
            workloads: List<WorkloadEntry>,
            scenarios: List<ScenarioEntry> = emptyList(),
        ) = CatalogListing(
            strategies.map { e ->
                StrategyListing(
                    e.id,
                    e.summary,
                    e.family.family.id,
                    e.group.id,
                    params(e),
                    e.shared.map {
                        SharedListing(it.id, it.summary)
                    },
                )
            },
            workloads.map { e -> WorkloadListing(e.id, e.summary, e.waitForms.map { it.id }, params(e)) },
            scenarios.map { e ->
                ScenarioListing(e.id, e.summary, e.defaultItems, e.strategies.split(','), params(e))
            },
        )

        private fun params(e: CatalogEntry<*>) = e.params.map {
            ParamListing(it.key, it.summary, it.default, it.validValues)
        }
    }
}

@Serializable
internal data class StrategyListing(
    val id: String,
    val summary: String,
    val family: String,
    val group: String,
    val params: List<ParamListing>,
    val sharedSchedulers: List<SharedListing>,
)

@Serializable
internal data class WorkloadListing(
    val id: String,
    val summary: String,
    val waitForms: List<String>,
    val params: List<ParamListing>,
)

@Serializable
internal data class ScenarioListing(
    val id: String,
    val summary: String,
    val defaultItems: Int,
    val defaultStrategies: List<String>,
    val params: List<ParamListing>,
)

@Serializable
internal data class ParamListing(val key: String, val summary: String, val default: String, val valid: String)

@Serializable
internal data class SharedListing(val id: String, val summary: String)
