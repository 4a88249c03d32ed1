package dev.bakeoff.result

import kotlinx.serialization.Serializable

/**
 * What `bakeoff selfcheck` measured: Bakeoff cells and plain JMH benchmarks of the same loops, run
 * side by side with the same plan on [machine]. Written as `selfcheck.json`.
 */
@Serializable
public class SelfCheckResults(
    public val bakeoffVersion: String,
    public val createdAt: String,
    public val machine: Machine,
    public val preset: PresetInfo,
    public val pairs: List<SelfCheckPair>,
) : ResultValue() {
    override val fields get() = listOf(::bakeoffVersion, ::createdAt, ::machine, ::preset, ::pairs)
}

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
public class SelfCheckPair(
    public val strategy: String,
    public val workload: String,
    public val items: Int,
    public val benchmark: String,
    public val plan: MeasurementPlan,
    /** Bakeoff's runs, one list per fork. */
    public val bakeoffForks: List<List<Double>> = emptyList(),
    /** The plain twin's runs, one list per fork. */
    public val plainForks: List<List<Double>> = emptyList(),
    public val forks: Int = 0,
    public val ratio: Double? = null,
    public val ciLow: Double? = null,
    public val ciHigh: Double? = null,
    public val pValue: Double? = null,
    public val error: String? = null,
    public val bareRuns: List<Double> = emptyList(),
    public val bareError: String? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::strategy, ::workload, ::items, ::benchmark, ::plan, ::bakeoffForks, ::plainForks, ::forks, ::ratio,
            ::ciLow, ::ciHigh, ::pValue, ::error, ::bareRuns, ::bareError,
        )

    /** This value with the given properties replaced: the module's own `copy`, not public API. */
    internal fun copy(
        strategy: String = this.strategy,
        workload: String = this.workload,
        items: Int = this.items,
        benchmark: String = this.benchmark,
        plan: MeasurementPlan = this.plan,
        bakeoffForks: List<List<Double>> = this.bakeoffForks,
        plainForks: List<List<Double>> = this.plainForks,
        forks: Int = this.forks,
        ratio: Double? = this.ratio,
        ciLow: Double? = this.ciLow,
        ciHigh: Double? = this.ciHigh,
        pValue: Double? = this.pValue,
        error: String? = this.error,
        bareRuns: List<Double> = this.bareRuns,
        bareError: String? = this.bareError,
    ): SelfCheckPair = SelfCheckPair(
        strategy, workload, items, benchmark, plan, bakeoffForks, plainForks, forks, ratio, ciLow, ciHigh, pValue,
        error, bareRuns, bareError,
    )

    /** Every run of Bakeoff's forks. */
    public val bakeoffRuns: List<Double> get() = bakeoffForks.flatten()

    /** Every run of the plain twin's forks. */
    public val plainRuns: List<Double> get() = plainForks.flatten()
}
