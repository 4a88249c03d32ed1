package dev.bakeoff.result

import kotlinx.serialization.Serializable

/**
 * The queueing model's knee beside a capacity search's measured one (docs/RESULTS.md): the rate at which the
 * model's predicted latency at the objective's percentile reaches the objective ([perSec]), the predicted
 * percentile being the one measured at the search's lowest rate ([anchorNs]) plus the wait's percentile of the
 * servers and the cores at the rate, from the median costs of the [forks] below the measured knee; its
 * [agreement] with the capacity range's middle and whether it falls [inside] the range, and the assumptions the
 * queueing model named broken on the forks at the range's ends ([broken]). Immutable.
 */
@Serializable
public class ModelKneeFit(
    /** The model's knee (a second); absent when the lowest rate's percentile alone, its waits taken out, breaks it. */
    public val perSec: Double? = null,
    /** [perSec] over [saturationPerSec]: the bottleneck's utilisation at the model's knee. */
    public val utilisation: Double? = null,
    /** Where the model's first queue (the servers or the cores) saturates, a second. */
    public val saturationPerSec: Double,
    /** True when the model's waits never reach the objective below saturation: its knee is [saturationPerSec]. */
    public val atSaturation: Boolean = false,
    /** The objective's percentile measured at the search's lowest rate (ns): the service time and hand-off. */
    public val anchorNs: Double,
    /** The forks below the measured knee whose median costs the model took. */
    public val forks: Int,
    /** [perSec] over the capacity range's middle; absent without a knee or a bracketed range. */
    public val agreement: Double? = null,
    /** Whether [perSec] lies within the capacity range (an end not found leaves that side open). */
    public val inside: Boolean? = null,
    /** The assumptions the queueing model named broken on the forks at the range's ends. */
    public val broken: List<ModelAssumption> = emptyList(),
) : ResultValue() {
    override val fields
        get() = listOf(
            ::perSec, ::utilisation, ::saturationPerSec, ::atSaturation, ::anchorNs, ::forks, ::agreement, ::inside,
            ::broken,
        )
}
