package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.clikt.parameters.options.default
import com.github.ajalt.clikt.parameters.options.option
import com.github.ajalt.clikt.parameters.types.enum
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.selfcheck.SelfCheck
import dev.bakeoff.engine.suite.MachineLock
import dev.bakeoff.metrics.TimeSummary
import dev.bakeoff.metrics.Units
import dev.bakeoff.result.SelfCheckPair
import dev.bakeoff.result.SelfCheckResults
import dev.bakeoff.result.replaceAtomically
import kotlinx.serialization.json.Json
import java.nio.file.Paths

/**
 * `bakeoff selfcheck`: a few Bakeoff cells beside plain JMH benchmarks of the same loops, one run,
 * each ratio with its interval, so that a user sees on their own machine what the harness adds.
 */
internal class SelfCheckCommand : CliktCommand(name = "selfcheck") {
    override fun help(context: Context) =
        "Measure Bakeoff cells beside plain JMH benchmarks of the same loops and print each ratio " +
            "(Bakeoff / plain JMH) with its 95% interval: the cost of the harness on this machine."

    private val preset by option("--preset", "-p", help = "How long and how often to measure each side")
        .enum<Preset> { it.id }
        .default(Preset.QUICK)
    private val out by option("--out", "-o", help = "Output directory (default: results/selfcheck-<timestamp>)")
    private val force by forceOption()

    override fun run() = MachineLock.hold {
        val dir = ResultFiles.prepareOut(out?.let(ResultFiles::outPath), "selfcheck-", force)
        val options = RunOptions(emptyList(), emptyList(), preset = preset, out = dir)
        val pairs = SelfCheck.Twin.entries.size
        echo("Bakeoff selfcheck: $pairs pairs, preset ${preset.id}; results in $dir", err = true)
        val results = SelfCheck(options).run { twin, plain ->
            val side = if (plain) "plain JMH" else "Bakeoff  "
            echo("  $side ${twin.strategy} x ${twin.workload}", err = true)
        }
        replaceAtomically(dir.resolve("selfcheck.json")) {
            it.write(JSON.encodeToString(SelfCheckResults.serializer(), results).toByteArray())
        }
        val m = results.machine
        echo("machine: ${m.cores} cores, ${m.os} ${m.arch}, ${m.jdkVendor} ${m.jdkVersion}")
        echo("preset: ${results.preset.id}")
        echo(terminal.render(compactTable(HEADER, results.pairs.map(::row))))
        results.pairs.forEach { echo("  ${reading(it)}") }
        echo("results: ${dir.resolve("selfcheck.json")}")
    }

    private fun row(p: SelfCheckPair): List<String> = listOf(
        "${p.strategy} x ${p.workload} (${p.items})",
        p.bakeoffRuns.median()?.let(Units::nanos) ?: "–",
        p.plainRuns.median()?.let(Units::nanos) ?: "–",
        p.ratio?.let(Units::ratio) ?: "–",
        if (p.ciLow != null && p.ciHigh != null) "${Units.ratio(p.ciLow)}–${Units.ratio(p.ciHigh)}" else "–",
        "${p.bakeoffRuns.size} / ${p.plainRuns.size}",
    )

    private fun reading(p: SelfCheckPair): String {
        val name = "${p.strategy} x ${p.workload}"
        val (low, high) = (p.ciLow ?: return "$name: not compared: ${p.error}") to (p.ciHigh ?: return name)
        return when {
            high < 1 + TOLERANCE && low > 1 - TOLERANCE ->
                "$name: Bakeoff matches plain JMH within ±10% (the whole interval is inside 0.9–1.1)"

            low > 1 -> "$name: Bakeoff is slower than plain JMH (the interval lies above 1)"

            high < 1 -> "$name: Bakeoff is faster than plain JMH (the interval lies below 1)"

            else -> "$name: the interval reaches outside 0.9–1.1; too noisy to tell ($longer)"
        }
    }

    /** What to try when an interval is too wide: the next longer preset, or a quieter machine after the longest. */
    private val longer: String get() = Preset.entries.getOrNull(preset.ordinal + 1)
        ?.let { "try --preset ${it.id}" } ?: "the longest preset already ran: try again when the machine is quieter"

    private fun List<Double>.median(): Double? = if (isEmpty()) null else TimeSummary.of(this, 0.0).median

    private companion object {
        const val TOLERANCE = 0.1
        val HEADER = listOf("cell", "Bakeoff", "plain JMH", "ratio", "95% interval", "runs")
        val JSON = Json { prettyPrint = true }
    }
}
