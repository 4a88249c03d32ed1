package dev.bakeoff.engine.recommend

import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.metrics.Prediction
import dev.bakeoff.model.CatalogException
import dev.bakeoff.model.ConcurrencyModel
import dev.bakeoff.model.ModelInput
import dev.bakeoff.model.ParamSpec
import dev.bakeoff.model.Resolved
import dev.bakeoff.model.RunContext
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.WaitForm
import dev.bakeoff.wording.Units
import java.nio.file.Path
import kotlin.math.ceil

/**
 * Work described for `recommend`: [items] items of [cpuMicros] µs CPU then a [waitMillis] ms
 * wait, waiting in [wait] form.
 */
internal data class WorkDescription(val cpuMicros: Int, val waitMillis: Int, val items: Int, val wait: WaitForm) {
    init {
        if (cpuMicros < 0 || waitMillis < 0) throw CatalogException("invalid work: --cpu-us and --wait-ms must be >= 0")
        if (items < 1) throw CatalogException("invalid --items '$items'; valid: a whole number >= 1")
        if (waitMillis > ParamSpec.MAX_WAIT_MS) {
            throw CatalogException("invalid --wait-ms '$waitMillis'; valid: 0 to ${ParamSpec.MAX_WAIT_MS} (one hour)")
        }
        if (cpuMicros > ParamSpec.MAX_CPU_US) {
            throw CatalogException("invalid --cpu-us '$cpuMicros'; valid: 0 to ${ParamSpec.MAX_CPU_US} (one minute)")
        }
        if (cpuMicros == 0 &&
            waitMillis == 0
        ) {
            throw CatalogException("describe some work: --cpu-us or --wait-ms must be > 0")
        }
    }

    /**
     * The `synthetic` workload that runs this work through the engine, named by the parts described (both
     * default to 0; a name keeps what it is given, so a 0 stated would show in every table).
     */
    val workloadSpec: String
        get() = "synthetic" + listOfNotNull(
            ":cpu-us=$cpuMicros".takeIf { cpuMicros > 0 },
            ":wait-ms=$waitMillis".takeIf { waitMillis > 0 },
        ).joinToString("")
}

/** One ranked strategy: its predicted batch time and why. */
internal data class Pick(
    val strategy: Resolved<StrategyEntry>,
    val predictedNs: Double,
    val overheadNs: Double,
    val reason: String,
)

/**
 * Ranks strategies for described work by [Prediction]'s model with the [ConcurrencyModel] each
 * strategy's catalog entry declares ([StrategyEntry.model]) on [cores] cores, and builds the engine
 * run that confirms the top picks.
 * Pure apart from [confirmation]'s result; thread-safe.
 */
internal object Recommender {
    /** Candidates with a model, fastest predicted first (ties: lower dispatch overhead, then the given order). */
    fun rank(work: WorkDescription, candidates: List<Resolved<StrategyEntry>>, cores: Int): List<Pick> {
        val cpuNs = work.cpuMicros * 1_000.0
        val waitNs = work.wait.effectiveWaitNanos(work.waitMillis * 1_000_000L).toDouble()
        return candidates.mapNotNull { s ->
            val m = model(s, work.wait, cores, work.items) ?: return@mapNotNull null
            val predicted = Prediction.batchNanos(
                work.items,
                cpuNs,
                waitNs,
                cores,
                m.inFlight,
                m.computing,
                m.overheadNs,
            )
            Pick(s, predicted, m.overheadNs, reason(work, cpuNs, waitNs, cores, m))
        }.sortedWith(compareBy<Pick> { it.predictedNs }.thenBy { it.overheadNs })
    }

    /** The candidates [rank] cannot model, to say so rather than drop them silently. */
    fun unmodelled(candidates: List<Resolved<StrategyEntry>>, wait: WaitForm, cores: Int): List<String> =
        candidates.filter {
            model(it, wait, cores, items = 1) ==
                null
        }.map { it.spec }

    private fun model(strategy: Resolved<StrategyEntry>, wait: WaitForm, cores: Int, items: Int) =
        strategy.entry.model(ModelInput(strategy.params(RunContext(cpus = cores)), wait, cores, items))

    /**
     * A run of the top [top] picks on the `synthetic` workload for [work], plus `direct` as the
     * baseline when it was ranked lower and its predicted batch is short enough to measure cheaply.
     */
    fun confirmation(work: WorkDescription, picks: List<Pick>, top: Int, preset: Preset, out: Path, cpus: Int?) =
        RunOptions(
            strategies = (
                picks.take(top) +
                    picks.drop(top).filter {
                        it.strategy.spec == "direct" && it.predictedNs <= BASELINE_MAX_NANOS
                    }
                ).map { it.strategy },
            workloads = listOf(Workloads.catalog.resolve(work.workloadSpec)),
            items = work.items,
            wait = work.wait,
            preset = preset,
            out = out,
            cpus = cpus,
        )

    private const val BASELINE_MAX_NANOS = 1_000_000_000.0

    private fun reason(work: WorkDescription, cpuNs: Double, waitNs: Double, cores: Int, m: ConcurrencyModel): String {
        val n = work.items
        val p = minOf(m.inFlight, n)
        val flight = if (p >=
            n
        ) {
            "all $n items in flight"
        } else {
            "$p in flight, ${ceil(n.toDouble() / p).toLong()} waves of ${Units.nanos(cpuNs + waitNs)}"
        }
        val computing = minOf(m.computing, cores, p)
        val cpu = if (cpuNs >
            0
        ) {
            "; CPU ${Units.nanos(n * cpuNs)} over $computing thread${if (computing == 1) "" else "s"}"
        } else {
            ""
        }
        val overhead = if (m.overheadNs > 0) "; ~${Units.nanos(m.overheadNs)}/item dispatch (assumed)" else ""
        return "${m.mechanism}: $flight$cpu$overhead"
    }
}
