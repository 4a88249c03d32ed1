package dev.bakeoff.engine.link

import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.LoadFigures
import kotlinx.serialization.Serializable

/**
 * What a load JVM (`LoadProbe`) reports through [ReportChannel.LOAD] to [ForkSettings.probeFile]: how it
 * ended and, when it ran, its figures. Immutable.
 */
@Serializable
internal data class LoadReport(val status: CellStatus, val error: String? = null, val figures: LoadFigures? = null)
