package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.ProgramResult
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.clikt.parameters.options.flag
import com.github.ajalt.clikt.parameters.options.option
import com.github.ajalt.clikt.parameters.options.split
import com.github.ajalt.clikt.parameters.options.validate
import com.github.ajalt.clikt.parameters.types.enum
import com.github.ajalt.clikt.parameters.types.int
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.selfcheck.AaCheck
import dev.bakeoff.engine.selfcheck.SelfCheck
import dev.bakeoff.engine.session.RunSession
import dev.bakeoff.result.SelfCheckPair
import dev.bakeoff.result.SelfCheckResults
import dev.bakeoff.wording.Units
import kotlinx.serialization.json.Json

/**
 * `bakeoff selfcheck`: a few Bakeoff cells beside plain JMH benchmarks of the same loops, fork by
 * fork, each ratio with its interval over forks and the forks it took, so that a user sees on their
 * own machine what the harness adds; `--aa`, an A/A race of one strategy under two names.
 */
internal class SelfCheckCommand : CliktCommand(name = "selfcheck") {
    override fun help(context: Context) =
        "Measure Bakeoff cells beside plain JMH benchmarks of the same loops, one JVM a side at a time, and " +
            "print each ratio (Bakeoff / plain JMH) with its 95% interval over forks: the cost of the harness " +
            "on this machine. --aa instead races one strategy under two names, as a run decides a group."

    // Not quick: its 2 warm-ups of 100 ms leave a pool's runs still falling, and Bakeoff's fork settles later than a
    // plain one (docs/GUIDE.md has the figures), so quick ratios of the pool cells swing with the warm-up.
    private val presetOption by option(
        "--preset",
        "-p",
        help = "How long and how often to measure each fork (default: standard; quick is too short for a pool " +
            "to settle); not with --aa",
    ).enum<Preset> { it.id }
    private val preset: Preset get() = presetOption ?: Preset.STANDARD
    private val maxForksOption by option(
        "--max-forks",
        help = "Forks a side at most; each pair stops earlier once its interval is within ±10% " +
            "(default: ${SelfCheck.DEFAULT_MAX_FORKS}); not with --aa",
    ).int().validate {
        if (it !in SelfCheck.MIN_FORKS..MAX_FORKS) {
            throw UsageError(
                "invalid --max-forks '$it'; valid: a whole number from ${SelfCheck.MIN_FORKS} to $MAX_FORKS",
                statusCode = 2,
            )
        }
    }
    private val maxForks: Int get() = maxForksOption ?: SelfCheck.DEFAULT_MAX_FORKS
    private val aa by option(
        "--aa",
        help = "A/A test: race one strategy under two names (executor-fixed-cpu, executor-fixed:size=<cores>) " +
            "on arithmetic as a run races a group, and print the decision; it must never tell them apart",
    ).flag()
    private val strategies by option(
        "--strategy",
        "-s",
        "--strategies",
        help = "Only the pairs of these strategies (comma-separated; default: every pair); not with --aa",
    ).split(",")
    private val workloads by option(
        "--workload",
        "-w",
        "--workloads",
        help = "Only the pairs of these workloads (comma-separated; default: every pair); not with --aa",
    ).split(",")
    private val out by option("--out", "-o", help = "Output directory (default: results/selfcheck-<timestamp>)")
    private val force by forceOption()

    override fun run() {
        refuseWithAa()
        val twins = chosenTwins()
        // Only --aa writes results.json (its race's cells); the pairs are written once, as selfcheck.json, at the end.
        val kept = { s: RunSession -> if (aa) ResultFiles.cellsKept(s) else "$SELFCHECK_JSON was not written" }
        ResultFiles.session(out?.let(ResultFiles::outPath), "selfcheck-", force, kept = kept) { measure(it, twins) }
    }

    private fun measure(session: RunSession, twins: List<SelfCheck.Twin>) {
        val dir = session.dir
        val options = RunOptions(emptyList(), emptyList(), preset = preset, out = dir)
        if (aa) return aaTest(session, options)
        val pairs = if (twins.size == 1) "1 pair" else "${twins.size} pairs"
        echo(
            "Bakeoff selfcheck: $pairs, preset ${preset.id}, up to $maxForks forks a side; " +
                "results in ${ResultFiles.shown(dir)}",
            err = true,
        )
        val results = SelfCheck(options, maxForks, twins).run { twin, side, fork ->
            echo("  ${side.label} ${twin.strategy} x ${twin.workload}, fork $fork", err = true)
        }
        session.write(SELFCHECK_JSON) {
            it.write(JSON.encodeToString(SelfCheckResults.serializer(), results).toByteArray())
        }
        val m = results.machine
        echo("machine: ${m.cores} cores, ${m.os} ${m.arch}, ${m.jdkVendor} ${m.jdkVersion}")
        echo("preset: ${results.preset.id} (each fork)")
        echo(terminal.render(compactTable(HEADER, results.pairs.map(::row))))
        results.pairs.forEach { echo("  ${reading(it)}") }
        echo("results: ${ResultFiles.shown(dir.resolve(SELFCHECK_JSON))}")
    }

    /**
     * `--aa` races its own two names on its own workload with the race's plan: the options that choose
     * twins or a fixed plan would be ignored, so each one given is refused in one line instead.
     */
    private fun refuseWithAa() {
        if (!aa) return
        val given = listOfNotNull(
            strategies?.let { "--strategy" },
            workloads?.let { "--workload" },
            presetOption?.let { "--preset" },
            maxForksOption?.let { "--max-forks" },
        )
        if (given.isEmpty()) return
        throw UsageError(
            "--aa races its own two strategies as a run races a group; drop ${given.joinToString()}",
            statusCode = 2,
        )
    }

    /**
     * The pairs `-s` and `-w` leave. A name no pair has, or no pair left, is a usage error that lists
     * the pairs there are (a typo must not quietly measure fewer pairs).
     */
    private fun chosenTwins(): List<SelfCheck.Twin> {
        val all = SelfCheck.Twin.entries.joinToString { "${it.strategy} x ${it.workload}" }
        val unknown = strategies.orEmpty().filter { s -> SelfCheck.Twin.entries.none { it.strategy == s } } +
            workloads.orEmpty().filter { w -> SelfCheck.Twin.entries.none { it.workload == w } }
        if (unknown.isNotEmpty()) {
            val names = unknown.joinToString()
            throw UsageError("no selfcheck pair has $names; the pairs: $all", statusCode = 2)
        }
        val twins = SelfCheck.Twin.entries.filter { t ->
            strategies?.contains(t.strategy) != false && workloads?.contains(t.workload) != false
        }
        if (twins.isEmpty()) {
            throw UsageError("no selfcheck pair matches -s/-w; the pairs: $all", statusCode = 2)
        }
        return twins
    }

    /** `--aa`: the race of one strategy under two names, and its outcome; exit code 1 when the rule told them apart. */
    private fun aaTest(session: RunSession, options: RunOptions) {
        val check = AaCheck(options)
        echo(
            "Bakeoff selfcheck --aa: ${check.names.joinToString(" and ")} raced on ${AaCheck.WORKLOAD}; " +
                "results in ${ResultFiles.shown(options.out)}",
            err = true,
        )
        val progress = ProgressPrinter(verbose = true) { line, newline ->
            echo(line, trailingNewline = newline, err = true)
        }
        val results = check.run(progress, session)
        val (line, passed) = AaCheck.outcome(results.groups?.singleOrNull(), check.names)
        results.cells.forEach { c ->
            val forks = c.timeNs?.runs?.size?.let { " ($it runs)" }.orEmpty()
            echo("  ${c.strategy}: ${c.timeNs?.median?.let(Units::nanos) ?: c.status.toString()}$forks")
        }
        echo(line)
        if (!passed) throw ProgramResult(1)
    }

    private fun row(p: SelfCheckPair): List<String> = listOf(
        "${p.strategy} x ${p.workload} (${p.items})",
        p.bakeoffForks.forkMedian()?.let(Units::nanos) ?: "–",
        p.plainForks.forkMedian()?.let(Units::nanos) ?: "–",
        p.ratio?.let(Units::ratio) ?: "–",
        if (p.ciLow != null && p.ciHigh != null) "${Units.ratio(p.ciLow)}–${Units.ratio(p.ciHigh)}" else "–",
        "${p.forks}",
        p.bareRuns.takeIf { it.isNotEmpty() }?.let { Units.nanos(SelfCheck.median(it)) } ?: "–",
    )

    private fun reading(p: SelfCheckPair): String {
        val name = "${p.strategy} x ${p.workload}"
        val (low, high) = (p.ciLow ?: return "$name: not compared: ${p.error}") to (p.ciHigh ?: return name)
        val forks = "${p.forks} fork${if (p.forks == 1) "" else "s"} a side"
        val reading = when {
            high < 1 + SelfCheck.TOLERANCE && low > 1 - SelfCheck.TOLERANCE ->
                "Bakeoff matches plain JMH within ±10% (the whole interval is inside 0.9–1.1 after $forks)"

            low > 1 -> "Bakeoff is slower than plain JMH (the interval lies above 1 after $forks)"

            high < 1 -> "Bakeoff is faster than plain JMH (the interval lies below 1 after $forks)"

            else -> "the interval still reaches outside 0.9–1.1 after $forks; too noisy to tell ($longer)"
        }
        return "$name: $reading${bare(p)}"
    }

    /** The bare JVM's figure against the plain twin's forks: what Bakeoff's fork options and host cost the twin. */
    private fun bare(p: SelfCheckPair): String {
        p.bareError?.let { return "; the bare JMH run failed: $it" }
        val plain = p.plainForks.forkMedian() ?: return ""
        val bare = p.bareRuns.takeIf { it.isNotEmpty() }?.let(SelfCheck::median) ?: return ""
        return "; the twin in a bare JVM with JMH's defaults: ${Units.nanos(bare)}, ${Units.ratio(plain / bare)}× " +
            "for it under Bakeoff's fork options (one fork, no interval)"
    }

    /** What to try when an interval is too wide: more forks, the next longer preset, or a quieter machine. */
    private val longer: String get() = Preset.entries.getOrNull(preset.ordinal + 1)
        ?.let { "try --preset ${it.id} or more --max-forks" } ?: "try again when the machine is quieter"

    /** The median of the forks' medians: the fork is the unit. */
    private fun List<List<Double>>.forkMedian(): Double? =
        if (isEmpty()) null else SelfCheck.median(map(SelfCheck::median))

    private companion object {
        const val MAX_FORKS = 50
        const val SELFCHECK_JSON = "selfcheck.json"
        val HEADER = listOf("cell", "Bakeoff", "plain JMH", "ratio", "95% interval", "forks", "bare JMH")
        val JSON = Json { prettyPrint = true }
    }
}
