package dev.bakeoff.engine.link

import kotlinx.serialization.Serializable

/**
 * What a planning probe (`EstimateProbe`) reports through [ReportChannel.ESTIMATE]: the workload's serial batch
 * time, or why there is none. Bakeoff-internal (host and probe are the same build), never part of the
 * results. Immutable.
 */
@Serializable
internal data class EstimateReport(val nanos: Long? = null, val error: String? = null)
