package dev.bakeoff.cli

import com.github.ajalt.clikt.core.BadParameterValue
import com.github.ajalt.clikt.core.ParameterHolder
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.parameters.groups.OptionGroup
import com.github.ajalt.clikt.parameters.options.convert
import com.github.ajalt.clikt.parameters.options.flag
import com.github.ajalt.clikt.parameters.options.multiple
import com.github.ajalt.clikt.parameters.options.option
import com.github.ajalt.clikt.parameters.options.validate
import com.github.ajalt.clikt.parameters.types.choice
import com.github.ajalt.clikt.parameters.types.enum
import com.github.ajalt.clikt.parameters.types.int
import com.github.ajalt.clikt.parameters.types.long
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.cli.LibOptions.libCacheOption
import dev.bakeoff.cli.LibOptions.libOption
import dev.bakeoff.cli.LibOptions.libRepositoryOption
import dev.bakeoff.engine.fanout.Shard
import dev.bakeoff.engine.fork.CellChecks
import dev.bakeoff.engine.fork.CpuAffinity
import dev.bakeoff.engine.plan.DurationText
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.plan.ProfileMode
import dev.bakeoff.engine.plan.RaceOptions
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.session.RunSession
import dev.bakeoff.metrics.DecisionReasons
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.model.WaitForm
import dev.bakeoff.report.ConsoleReport
import dev.bakeoff.report.ResultsFolderWriter
import java.nio.file.Path

/**
 * The options of every measuring command (`run`, `scenario`), and only them (the run itself and its
 * report are [measure]'s, in RunEnd.kt; the checks [RunChecks]', the dry run's listing [DryRun]'s): which
 * strategies, how many items, how to wait, how to measure, where results go.
 */
internal class MeasureOptions(defaultWait: String) : OptionGroup() {
    private val strategy by option(
        "--strategy",
        "-s",
        help = "Comma-separated strategy specs (id:key=value), or 'all' (default: the default suite's 11, one or " +
            "two of each family; a scenario's own)",
    )
    private val items by option(
        "--items",
        "-n",
        help = "Items per batch (default: 100 for run, the published scale for a scenario)",
    ).int()
    private val wait by option("--wait", help = "How items wait (default: $defaultWait)").choice(WAITS)
    private val preset by option(
        "--preset",
        "-p",
        help = "Measure every cell with this preset's fixed plan instead of racing (default: race)",
    ).enum<Preset> { it.id }
    private val budget by option(
        "--budget",
        help = "Racing: wall time for the whole run, as 90s, 4m or 1h (default: 4m); a cell gets up to 6 forks, " +
            "one more for every 40 s beyond 4m, at most 11",
    ).convert { parseBudget(it) }
    private val margin by option(
        "--margin",
        help = "A difference below this share of a group's winner is a tie, as 5% or 0.05 " +
            "(default: ${DecisionReasons.percent(GroupDecision.DEFAULT_MARGIN)})",
    ).convert { parseMargin(it) }
    private val out by option(
        "--out",
        "-o",
        help = "Output directory (default: results/<timestamp>, linked as results/latest)",
    )
    private val force by forceOption()
    private val cpus by cpusOption("Run the measured JVMs on N cores (taskset) with -XX:ActiveProcessorCount=N")
    private val jdk by option(
        "--jdk",
        help = "JDKs (>= 21) for the measured JVMs, comma-separated versions or homes, e.g. 21,25: every cell " +
            "runs on each (default: the one running Bakeoff; bakeoff jdk lists them)",
    )
    private val lib by libOption()
    private val libRepository by libRepositoryOption()
    private val libCache by libCacheOption()
    private val cellTimeout by option(
        "--cell-timeout",
        help = "Seconds after which a cell is killed and recorded as timeout (default: from its plan)",
    ).long()
    private val deadline by option(
        "--deadline",
        help = "A deadline for every batch, as 20ms, 500us or 2s, honoured each strategy's way (withTimeout, " +
            "invokeAll with a timeout, Future.get(timeout), Mono.timeout...): how late each returns, what runs on; " +
            "${DurationText.DEADLINE.range}",
    ).convert { parseDeadline(it) }
    private val jvmArgs by option(
        "--jvm-arg",
        help = "An extra option for the measured JVMs, repeatable (e.g. --jvm-arg=-Xmx2g)",
    ).multiple()
    private val maxThreads by option(
        "--max-threads",
        help = "Stop a measured JVM above this many live platform threads (default: 3/4 of the free process ids)",
    ).int()
    private val profile by option(
        "--profile",
        help = "Sample each cell's measured iterations with async-profiler and write a flame graph per cell: " +
            ProfileMode.entries.joinToString { "${it.id} (${it.summary})" },
    ).choice(ProfileMode.entries.associateBy { it.id })
    private val shard by option(
        "--shard",
        help = "Run only part K of N (K/N): disjoint parts of about equal estimated time, the same on every machine",
    ).convert {
        Shard.parse(it)
            ?: throw BadParameterValue("'$it'; valid: K/N with 1 <= K <= N <= ${Shard.MAX_COUNT}, such as 2/3")
    }

    /** `--dry-run`: list the cells and their estimates ([measuresNothing]) instead of measuring. */
    val dryRun by option(
        "--dry-run",
        help = "List the cells, their plans and estimated times (and every shard's with --shard) without measuring",
    ).flag()
    private val defaultWaits = WAITS.getValue(defaultWait)

    /** `--verbose`: every cell in the console's tables, one line per cell in the verdicts and in the progress. */
    val verbose by option(
        "--verbose",
        help = "Print every cell in the tables, each cell's notes (not steady, pinned) and a progress line per " +
            "cell; by default a table shows the first ${ConsoleReport.TOP} ranks and direct, as report.html shows " +
            "all, and progress shows every fifth of the cells and each cell that did not end ok",
    ).flag()

    /** The run before [shard] took its part: what `--dry-run` deals into shards. */
    private var whole: RunOptions? = null

    /** `--out` resolved against the user's directory; null for a new default directory. */
    private var requestedOut: Path? = null

    /** True when an option that chooses the cells (strategies, items, wait form) was given. */
    val choosesCells: Boolean get() = strategy != null || items != null || wait != null

    /**
     * Checks every option (bad input is a [UsageError] with exit 2, or a catalog error) and applies
     * them to the command's [defaults]; the output directory is only named here ([measuring] makes it).
     */
    fun resolve(defaultItems: Int, defaults: (Path) -> RunOptions): RunOptions {
        val n = items ?: defaultItems
        if (n < 1) throw UsageError("invalid --items '$n'; valid: a whole number >= 1", statusCode = 2)
        cellTimeout?.let {
            if (it <
                1
            ) {
                throw UsageError("invalid --cell-timeout '$it'; valid: a whole number of seconds >= 1", statusCode = 2)
            }
        }
        maxThreads?.let {
            if (it <
                1
            ) {
                throw UsageError("invalid --max-threads '$it'; valid: a whole number >= 1", statusCode = 2)
            }
        }
        if (preset != null && budget != null) {
            throw UsageError(
                "--budget sets how long a race may run; --preset ${preset?.id} measures a fixed plan instead: " +
                    "give one of them",
                statusCode = 2,
            )
        }
        val waits = wait ?: defaultWaits
        val jdks = jdk?.let(RunChecks::jdks).orEmpty()
        if (jvmArgs.isNotEmpty()) {
            jdks.map {
                it.home
            }.ifEmpty { listOf(null) }.forEach { RunChecks.jvmArgs(it, jvmArgs) }
        }
        val strategies = strategy?.let { Strategies.catalog.resolveList(it, Strategies::inAll) }
        requestedOut = out?.let(ResultFiles::outPath)
        // The directory is claimed by [measuring], once the run is sure to go ahead: a dry run, a refused
        // sweep or a busy machine creates, clears or deletes nothing.
        val d = defaults(requestedOut ?: ResultFiles.DEFAULT_ROOT)
        val all = d.copy(
            strategies = strategies ?: d.strategies,
            items = n,
            wait = waits.first(),
            bothWaits = waits.size > 1,
            preset = preset ?: Preset.QUICK,
            race = if (preset == null) RaceOptions(budget ?: RaceOptions.DEFAULT_BUDGET_NANOS) else null,
            cpus = cpus,
            jdk = jdks.firstOrNull()?.home,
            jdks = jdks,
            cellTimeoutSeconds = cellTimeout ?: d.cellTimeoutSeconds,
            jvmArgs = jvmArgs,
            maxThreads = maxThreads,
            profile = profile?.let { RunChecks.profiler(it, jdks.firstOrNull()?.home) },
            margin = margin ?: GroupDecision.DEFAULT_MARGIN,
            deadlineNanos = deadline,
            libs = LibOptions.resolve(lib, libRepository, libCache, d.inProcess),
        )
        // What only the expanded cells show, refused as the library refuses it.
        CellChecks.problem(all, cpus, wait)?.let { throw UsageError(it, statusCode = 2) }
        whole = all
        val part = shard ?: return all
        return all.copy(cellList = part.of(all.cells(), DryRun.cost(all)))
    }

    /**
     * True when the command measures nothing: with `--dry-run` it prints [options]' cells with their plans
     * and estimated times, and every shard's ([DryRun]); a `--shard` with no cells says so, on [echo].
     */
    fun measuresNothing(options: RunOptions, echo: (String) -> Unit): Boolean =
        DryRun.measuresNothing(options, whole, shard, dryRun, echo)

    /**
     * Runs [block] as the run's session ([ResultFiles.session]) with [options] writing to its output
     * directory, made now (new, empty, or an earlier run's cleared with `--force`) while this process
     * holds the machine: a second run refuses before it creates or clears anything. [writer] makes the
     * report files' writer (a test's may fail, as a full disk would).
     */
    fun <T> measuring(
        options: RunOptions,
        writer: (Path) -> ResultsFolderWriter = ResultFiles::writer,
        block: (RunSession, RunOptions) -> T,
    ): T = ResultFiles.session(requestedOut, force = force, writer = writer) { session ->
        block(session, options.copy(out = session.dir))
    }

    internal companion object {
        private val BUDGET = Regex("""(\d+)\s*(s|m|h)?""")

        /** `90s`, `4m`, `1h` or a bare number of seconds, in nanoseconds; anything else is a usage error. */
        fun parseBudget(text: String): Long {
            val m = BUDGET.matchEntire(text.trim())
            val amount = m?.groupValues?.get(1)?.toLongOrNull()
            if (m == null || amount == null || amount < 1) {
                throw BadParameterValue("'$text'; valid: a duration such as 90s, 4m or 1h")
            }
            val secondsPer = when (m.groupValues[2]) {
                "m" -> 60L
                "h" -> 3_600L
                else -> 1L
            }
            // Exact: a budget beyond what nanoseconds in a Long hold (~292 years) would wrap to a negative one.
            return try {
                Math.multiplyExact(Math.multiplyExact(amount, secondsPer), 1_000_000_000L)
            } catch (_: ArithmeticException) {
                throw BadParameterValue("'$text' is too long; valid: a duration such as 90s, 4m or 1h")
            }
        }

        /**
         * `5%`, `2.5%` or `0.05` as a share (0.05); anything outside (0, [MAX_MARGIN]] is a usage error:
         * no margin is no tie at all, and beyond half the winner's time a "tie" would hide a winner.
         */
        fun parseMargin(text: String): Double {
            val t = text.trim()
            val share = if (t.endsWith("%")) t.dropLast(1).trim().toDoubleOrNull()?.div(100) else t.toDoubleOrNull()
            if (share == null || !(share > 0 && share <= MAX_MARGIN)) {
                throw BadParameterValue(
                    "'$text'; valid: a share of the winner's time above 0 and up to 50%, as 5% or 0.05",
                )
            }
            return share
        }

        private const val MAX_MARGIN = 0.5

        /** `500us`, `20ms`, `2s` or `1h` in nanoseconds ([DurationText.DEADLINE]); anything else is a usage error. */
        fun parseDeadline(text: String): Long =
            DurationText.DEADLINE.parse(text) ?: throw BadParameterValue(DurationText.DEADLINE.invalid(text))

        /** `--wait` values: one form each, and `both`, which measures every cell once per form (blocking first). */
        val WAITS: Map<String, List<WaitForm>> =
            WaitForm.entries.associate { it.id to listOf(it) } + ("both" to WaitForm.entries)
    }
}

/** The widest `--cpus` the JVM accepts: ForkJoinPool's largest parallelism (0x7fff). */
private const val MAX_CPUS = 32_767

/**
 * `--cpus`, as `run`, `scenario` and `recommend` take it. When the measured JVMs are [bound] to it
 * (a measuring run), it must be a bound this machine can give ([CpuAffinity.problem]: at most its
 * cores, and `taskset` to enforce it); `recommend --no-confirm` only models it: 1 to [MAX_CPUS].
 */
internal fun ParameterHolder.cpusOption(help: String, bound: Boolean = true) =
    option("--cpus", help = help).int().validate {
        // The JVM's common ForkJoinPool cannot be wider: above it, every measured JVM dies initialising it.
        if (it !in 1..MAX_CPUS) {
            throw UsageError("invalid --cpus '$it'; valid: a whole number from 1 to $MAX_CPUS", statusCode = 2)
        }
        if (bound) CpuAffinity.problem(it)?.let { why -> throw UsageError(why, statusCode = 2) }
    }
