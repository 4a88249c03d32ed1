package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.parameters.options.OptionDelegate
import com.github.ajalt.clikt.parameters.options.option
import dev.bakeoff.catalog.Scenarios
import dev.bakeoff.engine.link.Credentials
import dev.bakeoff.model.ScenarioEntry
import dev.bakeoff.model.Setting
import java.io.IOException
import java.nio.file.Files
import java.sql.DriverManager
import java.sql.SQLException

/**
 * `scenario`'s options for the settings the scenarios declare ([Setting], on each [ScenarioEntry]),
 * derived from the catalog, so a scenario's new setting is an option with no line here: `--<key>` for
 * each, and for a secret one (a password) also `--<key>-file`, and `$BAKEOFF_JDBC_PASSWORD` or the
 * launcher's pipe ([LauncherSecret]) when neither is given. Registered on [command] when made; read by
 * the command's thread after parsing.
 */
internal class ScenarioSettings(private val command: CliktCommand) {
    private val declared: List<Setting> = Scenarios.catalog.entries.flatMap { it.settings }.distinctBy { it.key }
    private val options = declared.associateWith { s ->
        register("--${s.key}", "${users(s)}: ${s.summary}${secret(s)}")
    }
    private val files = declared.filter { it.secret }.associateWith { s ->
        register("--${s.key}-file", "${users(s)}: a file whose first line is the ${s.summary}")
    }

    /**
     * The settings given for scenario [entry] (its secret one also from the environment, when it reads
     * one); one line and exit code 2 for an option the scenario does not read, a password given twice, an
     * unreadable password file, or a JDBC URL no driver here takes or that holds a password.
     */
    fun of(entry: ScenarioEntry): Map<String, String> {
        val values = declared.mapNotNull { s ->
            val value = if (s.secret) password(s) ?: ambientPassword(entry.settings.any { it.secret }) else given(s)
            value?.let { s.key to it }
        }.toMap()
        val unused = values.keys - entry.settings.map { it.key }.toSet()
        if (unused.isNotEmpty()) {
            val users = Scenarios.catalog.entries.filter { e -> e.settings.any { it.key in unused } }
                .joinToString { it.id }
            val options = unused.joinToString { "--$it" }
            throw UsageError("$options do(es) not apply to scenario '${entry.id}' (only to: $users)", statusCode = 2)
        }
        values[Scenarios.JDBC_URL]?.let(::checkJdbcUrl)
        return values
    }

    private fun register(name: String, help: String): OptionDelegate<String?> =
        command.option(name, help = help).also(command::registerOption)

    private fun given(s: Setting): String? = options.getValue(s).value

    /** The scenarios that read [s], as its help names them. */
    private fun users(s: Setting) =
        Scenarios.catalog.entries.filter { e -> e.settings.any { it.key == s.key } }.joinToString { it.id }

    private fun secret(s: Setting) = if (!s.secret) {
        ""
    } else {
        " (default: \$$PASSWORD_VARIABLE). ./bakeoff moves either off the command line and out of the " +
            "environment before Java starts: no JVM it starts sees it"
    }

    /**
     * The password given on purpose: `--jdbc-password` (which the launcher moves off the command line,
     * [LauncherSecret]) or `--jdbc-password-file`; null when neither.
     */
    private fun password(s: Setting): String? {
        val given = given(s) ?: LauncherSecret.jdbcPassword(LauncherSecret.From.OPTION)
        val file = files.getValue(s).value ?: return given
        if (given != null) {
            throw UsageError(
                "give the password once: --${s.key}-file, or --${s.key} / \$$PASSWORD_VARIABLE",
                statusCode = 2,
            )
        }
        val path = ResultFiles.userPath(file, "--${s.key}-file")
        return try {
            Files.newBufferedReader(path).use { it.readLine() }
                ?: throw UsageError("--${s.key}-file $path is empty", statusCode = 2)
        } catch (e: IOException) {
            throw UsageError("cannot read --${s.key}-file $path (${e.javaClass.simpleName})", statusCode = 2)
        }
    }

    /** \$$PASSWORD_VARIABLE for a scenario that [uses] a password: this JVM's own, or the launcher's. */
    private fun ambientPassword(uses: Boolean): String? =
        if (!uses) {
            null
        } else {
            command.currentContext.readEnvvar(PASSWORD_VARIABLE) ?: LauncherSecret.jdbcPassword(LauncherSecret.From.ENV)
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
}

/** Where a password is read from when neither option gives it, as PostgreSQL's tools read PGPASSWORD. */
private const val PASSWORD_VARIABLE = "BAKEOFF_JDBC_PASSWORD"
