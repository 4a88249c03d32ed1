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
 * [benchmark], measured with the same [plan] one fork at a time, [forks] forks a side. The fork is
 * the unit: [ratio] is the median of Bakeoff's fork medians over the plain side's (1: the harness
 * adds nothing), [ciLow]–[ciHigh] its 95% bootstrap interval over forks, [pValue] the Mann–Whitney
 * U test's on the fork medians; absent when either side did not measure ([error] says why).
 * [bareRuns] are the twin's runs in one plain JVM with JMH's defaults and no Bakeoff beside it
 * ([bareError] when that failed).
 */
@Serializable
public data class SelfCheckPair(
    val strategy: String,
    val workload: String,
    val items: Int,
    val benchmark: String,
    val plan: MeasurementPlan,
    /** Bakeoff's runs, one list per fork. */
    val bakeoffForks: List<List<Double>> = emptyList(),
    /** The plain twin's runs, one list per fork. */
    val plainForks: List<List<Double>> = emptyList(),
    val forks: Int = 0,
    val ratio: Double? = null,
    val ciLow: Double? = null,
    val ciHigh: Double? = null,
    val pValue: Double? = null,
    val error: String? = null,
    val bareRuns: List<Double> = emptyList(),
    val bareError: String? = null,
) {
    /** Every run of Bakeoff's forks. */
    val bakeoffRuns: List<Double> get() = bakeoffForks.flatten()

    /** Every run of the plain twin's forks. */
    val plainRuns: List<Double> get() = plainForks.flatten()
}
