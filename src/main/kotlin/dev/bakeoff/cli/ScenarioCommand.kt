package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.parameters.arguments.argument
import com.github.ajalt.clikt.parameters.groups.provideDelegate
import com.github.ajalt.clikt.parameters.options.multiple
import com.github.ajalt.clikt.parameters.options.option
import dev.bakeoff.catalog.Scenarios
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.engine.link.Credentials
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.metrics.Units
import dev.bakeoff.model.PhysicalLimit
import dev.bakeoff.report.LimitWording
import dev.bakeoff.report.RunView
import dev.bakeoff.result.Results
import java.io.IOException
import java.nio.file.Files
import java.sql.DriverManager
import java.sql.SQLException

/**
 * `bakeoff scenario NAME`: runs one whole scenario (file-sender, api-fanout, order-status) with
 * its real components, every strategy verified after every batch, and states how far the best
 * one is from its cell's physical limit (the scenario's critical path with its components' CPU,
 * measured in the cell's JVM), and that limit's parts. Same result files and console table as `run`.
 */
internal class ScenarioCommand : CliktCommand(name = "scenario") {
    override fun help(context: Context) =
        "Run a whole scenario (E2 file-sender, E3 api-fanout, E4 order-status) with real components, " +
            "verified after every batch, against its physical limit. With no options: its published scale and " +
            "variants, both wait forms, racing within --budget 4m."

    private val name by argument("NAME", help = "The scenario: ${Scenarios.catalog.ids.joinToString()}")
    private val param by option(
        "--param",
        help = "A scenario parameter as key=value (repeatable), e.g. --param latency-ms=100",
    ).multiple()
    private val api by option("--api", help = "http or simulated (same as --param api=...)")
    private val jdbcUrl by option(
        "--jdbc-url",
        help = "order-status: the database to use (e.g. jdbc:postgresql://localhost/bakeoff) " +
            "instead of an in-memory H2",
    )
    private val jdbcUser by option("--jdbc-user", help = "order-status: the database user")
    private val jdbcPassword by option(
        "--jdbc-password",
        help = "order-status: the database password (default: \$$PASSWORD_VARIABLE). ./bakeoff moves either off " +
            "the command line and out of the environment before Java starts: no JVM it starts sees it",
    )
    private val jdbcPasswordFile by option(
        "--jdbc-password-file",
        help = "order-status: a file whose first line is the database password",
    )
    private val measureOptions by MeasureOptions(defaultWait = "both")

    override fun run() {
        val options = userInput { options() }
        if (measureOptions.measuresNothing(options) { echo(it) }) return
        val scenario = checkNotNull(options.scenario)
        val path = checkNotNull(options.cells().first().createScenario(options.context())).limit()
        val cells = options.cells().size
        val heading = "Bakeoff: scenario ${scenario.spec}, ${options.items} items, $cells cells; " +
            "critical path ${critical(path)}; each cell's physical limit adds its components' CPU"
        measureOptions.measuring(options) { session, o ->
            measure(session, o, heading, measureOptions.verbose) { results -> footer(results, path) }
        }
    }

    private fun options(): RunOptions {
        val entry = Scenarios.catalog[name]
        val specs = listOf(name) + param + listOfNotNull(api?.let { "api=$it" })
        val scenario = Scenarios.catalog.resolve(specs.joinToString(":"))
        val settings = mapOf(
            Scenarios.JDBC_URL to jdbcUrl,
            Scenarios.JDBC_USER to jdbcUser,
            // \$$PASSWORD_VARIABLE is ambient, as PGPASSWORD is: a scenario without a database ignores it.
            Scenarios.JDBC_PASSWORD to (password() ?: ambientPassword(entry.settings.any { it.secret })),
        )
            .filterValues { it != null }
            .mapValues { checkNotNull(it.value) }
        val unused = settings.keys - entry.settings.map { it.key }.toSet()
        if (unused.isNotEmpty()) {
            val users = Scenarios.catalog.entries.filter { e -> e.settings.any { it.key in unused } }
                .joinToString { it.id }
            val options = unused.joinToString { "--$it" }
            throw UsageError("$options do(es) not apply to scenario '$name' (only to: $users)", statusCode = 2)
        }
        jdbcUrl?.let(::checkJdbcUrl)
        val options = measureOptions.resolve(entry.defaultItems) { out ->
            RunOptions(
                strategies = Strategies.catalog.resolveList(entry.strategies),
                workloads = emptyList(),
                out = out,
                scenario = scenario,
                settings = settings,
            )
        }
        if (options.deadlineNanos != null) {
            throw UsageError(
                "--deadline applies to run's workloads: a scenario verifies every item of each batch, " +
                    "which a deadline leaves unfinished",
                statusCode = 2,
            )
        }
        return options
    }

    /**
     * The password given on purpose: `--jdbc-password` (which the launcher moves off the command line,
     * [LauncherSecret]) or `--jdbc-password-file`; null when neither.
     */
    private fun password(): String? {
        val given = jdbcPassword ?: LauncherSecret.jdbcPassword(LauncherSecret.From.OPTION)
        val file = jdbcPasswordFile ?: return given
        if (given != null) {
            throw UsageError(
                "give the password once: --jdbc-password-file, or --jdbc-password / \$$PASSWORD_VARIABLE",
                statusCode = 2,
            )
        }
        val path = ResultFiles.userPath(file, "--jdbc-password-file")
        return try {
            Files.newBufferedReader(path).use { it.readLine() }
                ?: throw UsageError("--jdbc-password-file $path is empty", statusCode = 2)
        } catch (e: IOException) {
            throw UsageError("cannot read --jdbc-password-file $path (${e.javaClass.simpleName})", statusCode = 2)
        }
    }

    /** \$$PASSWORD_VARIABLE for a scenario that [uses] a password: this JVM's own, or the launcher's. */
    private fun ambientPassword(uses: Boolean): String? =
        if (!uses) {
            null
        } else {
            currentContext.readEnvvar(PASSWORD_VARIABLE) ?: LauncherSecret.jdbcPassword(LauncherSecret.From.ENV)
        }

    /**
     * A URL no driver on the classpath accepts is one line now, not a failed JVM per cell; its
     * password stays masked. A password in the URL's user info (`//user:pw@host`, Oracle's
     * `user/pw@host`) is refused: the drivers here read that part as the host name and print it
     * in their errors, into the cell logs.
     */
    private fun checkJdbcUrl(url: String) {
        val shown = Credentials.masked(url)
        if (!url.startsWith("jdbc:")) {
            throw UsageError("--jdbc-url '$shown' is not a JDBC URL (jdbc:...)", statusCode = 2)
        }
        if (Credentials.inUserInfo(url)) {
            throw UsageError(
                "--jdbc-url '$shown' holds a password before its host; give it with \$$PASSWORD_VARIABLE, " +
                    "--jdbc-password-file or --jdbc-password, and the user with --jdbc-user",
                statusCode = 2,
            )
        }
        try {
            DriverManager.getDriver(url)
        } catch (_: SQLException) {
            throw UsageError(
                "--jdbc-url '$shown': no JDBC driver here accepts it (H2: jdbc:h2:..., " +
                    "PostgreSQL: jdbc:postgresql://host/db)",
                statusCode = 2,
            )
        }
    }

    private fun critical(path: PhysicalLimit) = "${Units.nanos(path.nanos.toDouble())} (${path.reason})"

    /**
     * The critical path again, and how close each wait form's winner came to its physical limit, with
     * the limit's parts.
     */
    private fun footer(results: Results, path: PhysicalLimit): List<String> {
        // One group per wait form: the scenario and its item count are the same for every cell.
        val winners = RunView.of(results).groups.mapNotNull { it.winner }
        return listOf("critical path: ${critical(path)}") +
            winners.flatMap { c ->
                val median = checkNotNull(c.timeNs).median
                val closest = "closest (${c.wait.id}): ${c.strategy} at ${Units.nanos(median)}"
                val limit = c.limitNs?.takeIf { it > 0 } ?: return@flatMap listOf(closest)
                val parts = c.limitParts?.let {
                    "  its limit's parts: ${LimitWording.parts(it)}; set by ${LimitWording.binding(it)}"
                }
                listOfNotNull(
                    "$closest, ${Units.ratio(median / limit)}x its physical limit ${Units.nanos(limit)}",
                    parts,
                )
            }
    }
}

/** Where a password is read from when neither option gives it, as PostgreSQL's tools read PGPASSWORD. */
private const val PASSWORD_VARIABLE = "BAKEOFF_JDBC_PASSWORD"
