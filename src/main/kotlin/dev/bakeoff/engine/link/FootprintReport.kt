package dev.bakeoff.engine.link

import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.FootprintPoint
import kotlinx.serialization.Serializable

/**
 * What a footprint JVM (`FootprintProbe`) reports through [ReportChannel.FOOTPRINT] to [ForkSettings.probeFile]:
 * how it ended, its [points], how many tasks were waiting on the gate when it opened ([parked]) and how many
 * ended after it ([released]), and the threads still alive after the strategy closed ([threadsLeft]). Immutable.
 */
@Serializable
internal data class FootprintReport(
    val status: CellStatus,
    val error: String? = null,
    val points: List<FootprintPoint> = emptyList(),
    val parked: Int = 0,
    val released: Int = 0,
    val threadsLeft: List<String> = emptyList(),
)
