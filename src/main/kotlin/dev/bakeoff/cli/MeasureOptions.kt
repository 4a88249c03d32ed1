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
import dev.bakeoff.engine.fanout.CellCost
import dev.bakeoff.engine.fanout.Shard
import dev.bakeoff.engine.fanout.ShardPlan
import dev.bakeoff.engine.fork.AsyncProfilerLibrary
import dev.bakeoff.engine.fork.CellChecks
import dev.bakeoff.engine.fork.CpuAffinity
import dev.bakeoff.engine.fork.JavaCheck
import dev.bakeoff.engine.jdk.Jdk
import dev.bakeoff.engine.jdk.JdkFinder
import dev.bakeoff.engine.plan.DurationText
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.plan.Profile
import dev.bakeoff.engine.plan.ProfileMode
import dev.bakeoff.engine.plan.RaceOptions
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.engine.session.RunSession
import dev.bakeoff.metrics.DecisionReasons
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.model.WaitForm
import dev.bakeoff.report.ConsoleReport
import dev.bakeoff.report.ResultsFolderWriter
import dev.bakeoff.wording.Units
import java.nio.file.Path
import java.nio.file.Paths

/**
 * The options of every measuring command (`run`, `scenario`), and only them (the run itself and its
 * report are [measure]'s, in RunEnd.kt): which strategies, how many items,
 * how to wait, how to measure, where results go.
 */
internal class MeasureOptions(defaultWait: String) : OptionGroup() {
    private val strategy by option("--strategy", "-s", help = "Comma-separated strategy specs (id:key=value), or 'all'")
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
        val jdks = jdk?.let(::checkJdks).orEmpty()
        if (jvmArgs.isNotEmpty()) jdks.map { it.home }.ifEmpty { listOf(null) }.forEach(::checkJvmArgs)
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
            profile = profile?.let { checkProfiler(it, jdks.firstOrNull()?.home) },
            margin = margin ?: GroupDecision.DEFAULT_MARGIN,
            deadlineNanos = deadline,
        )
        // What only the expanded cells show, refused as the library refuses it.
        CellChecks.problem(all, cpus, wait)?.let { throw UsageError(it, statusCode = 2) }
        whole = all
        val part = shard ?: return all
        return all.copy(cellList = part.of(all.cells(), cost(all)))
    }

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

    /**
     * True when the command measures nothing: with `--dry-run` it prints [options]' cells with
     * their plans and estimated times and the estimated time of every shard that has cells (the
     * others in one line), on [echo]; a `--shard` with no cells (more shards than groups) says so.
     */
    fun measuresNothing(options: RunOptions, echo: (String) -> Unit): Boolean {
        if (!dryRun) {
            if (options.cells().isNotEmpty()) return false
            echo("shard $shard has no cells (the run has fewer groups than shards); nothing to measure")
            return true
        }
        val cost = cost(options)
        options.cells().forEachIndexed { i, spec ->
            val mode = cost.plan(spec).mode
            echo("[%3d] %s (%s) ~%s".format(i + 1, spec, mode, Units.nanos(cost.nanos(spec).toDouble())))
        }
        val total = options.cells().sumOf { cost.nanos(it).toDouble() }
        echo("${options.cells().size} cells, estimated ${Units.nanos(total)} (${CellCost.HOW})")
        val part = shard ?: return true
        val plan = ShardPlan.of(checkNotNull(whole).cells(), part.count, cost(checkNotNull(whole)))
        // A line per shard that has cells; the empty ones (more shards than groups) in one line.
        val empty = plan.parts.count { it.isEmpty() }
        plan.nanos.forEachIndexed { i, nanos ->
            if (plan.parts[i].isEmpty()) return@forEachIndexed
            val estimate = Units.nanos(nanos.toDouble())
            echo("shard ${i + 1}/${part.count}: ${plan.parts[i].size} cells, estimated $estimate")
        }
        if (empty > 0) echo("$empty of ${part.count} shards have no cells (the run has fewer groups than shards)")
        echo("shard spread: %.0f%% ((longest - shortest) / longest)".format(plan.spread * 100))
        return true
    }

    private fun cost(options: RunOptions) =
        CellCost(options.race?.let { Preset.QUICK } ?: options.preset, options.context(), options.cellTimeoutSeconds)

    /**
     * Checks before anything runs that async-profiler can sample [mode] in the forks' JVM ([jdkHome]'s,
     * else this one's): where the kernel refuses perf events, `cpu` falls back to `itimer` and says so
     * in one line; a machine without the library, or refusing the mode outright, is one line and exit 2.
     */
    private fun checkProfiler(mode: ProfileMode, jdkHome: Path?): Profile {
        val java = (jdkHome ?: Paths.get(System.getProperty("java.home"))).resolve("bin").resolve("java")
        val refused = try {
            AsyncProfilerLibrary.refusal(java, mode.event)
        } catch (e: IllegalStateException) {
            throw UsageError("${e.message} (--profile ${mode.id})", statusCode = 2)
        } ?: return Profile(mode)
        val fallback = mode.fallback?.takeIf { AsyncProfilerLibrary.refusal(java, it) == null }
            ?: throw UsageError("--profile ${mode.id}: async-profiler cannot sample here: $refused", statusCode = 2)
        return Profile(mode, fallback, "async-profiler cannot use perf events here ($refused); sampling with $fallback")
    }

    private fun checkJdks(spec: String): List<Jdk> {
        val jdks = try {
            JdkFinder().resolve(spec) { ResultFiles.userPath(it, "--jdk") }
        } catch (e: IllegalArgumentException) {
            throw UsageError(e.message, statusCode = 2)
        }
        // A folder can look like a JDK (a release file, an executable bin/java) and still not start one.
        jdks.firstNotNullOfOrNull(JavaCheck::problem)?.let { throw UsageError("--jdk: $it", statusCode = 2) }
        return jdks
    }

    /**
     * Starts the measured JVMs' `java` once with the `--jvm-arg`s (and `-version`), so an option it
     * rejects, or one that holds the JVM (a debugger's `suspend=y`), is one line now rather than a
     * failed or hung JVM per cell.
     */
    private fun checkJvmArgs(jdkHome: Path?) {
        val java = (jdkHome ?: Paths.get(System.getProperty("java.home"))).resolve("bin").resolve("java")
        JavaCheck.refusal(java, jvmArgs)?.let {
            throw UsageError("--jvm-arg ${jvmArgs.joinToString(" ")}: the JVM $it", statusCode = 2)
        }
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
