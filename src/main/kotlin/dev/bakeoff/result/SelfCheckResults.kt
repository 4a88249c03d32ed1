package dev.bakeoff.result

import kotlinx.serialization.Serializable

/**
 * What `bakeoff selfcheck` measured: Bakeoff cells and plain JMH benchmarks of the same loops, run
 * side by side with the same plan on [machine]. Written as `selfcheck.json`.
 */
@Serializable
public data class SelfCheckResults(
    val bakeoffVersion: String,
    val createdAt: String,
    val machine: Machine,
    val preset: PresetInfo,
    val pairs: List<SelfCheckPair>,
)

/**
 * One Bakeoff cell ([strategy] × [workload], [items] items, blocking) and its plain JMH twin
 * [benchmark], measured with the same [plan]. [ratio] is the Bakeoff median over the plain median
 * (1: the harness adds nothing), [ciLow]–[ciHigh] its 95% bootstrap interval, [pValue] the
 * Mann–Whitney U test's; absent when either side did not measure ([error] says why).
 */
@Serializable
public data class SelfCheckPair(
    val strategy: String,
    val workload: String,
    val items: Int,
    val benchmark: String,
    val plan: MeasurementPlan,
    val bakeoffRuns: List<Double> = emptyList(),
    val plainRuns: List<Double> = emptyList(),
    val ratio: Double? = null,
    val ciLow: Double? = null,
    val ciHigh: Double? = null,
    val pValue: Double? = null,
    val error: String? = null,
)
