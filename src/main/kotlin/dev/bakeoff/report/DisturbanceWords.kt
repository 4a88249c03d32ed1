package dev.bakeoff.report

import dev.bakeoff.metrics.DecisionReasons
import dev.bakeoff.metrics.Disturbance

/**
 * The words every output uses for a measured window the rest of the machine disturbed ([Disturbance]): the race's
 * forks line and the load console and report alike. Pure.
 */
internal object DisturbanceWords {
    /** Who kept the cores busy: `/proc/stat` cannot tell another process from the hypervisor's steal. */
    const val WHO = "other processes or the hypervisor (steal)"

    /** The rule on a host of [cores], as "over 5% of 2". */
    fun over(cores: Int): String = "over ${DecisionReasons.percent(Disturbance.SHARE)} of $cores"

    /** "1 fork", "3 forks". */
    fun forks(n: Int): String = if (n == 1) "1 fork" else "$n forks"
}
