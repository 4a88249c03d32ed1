package dev.bakeoff.cli

import java.io.IOException
import java.nio.file.Files
import java.nio.file.Path

/**
 * The database password as the launcher hands it over. A password in an environment variable reaches
 * every JVM Bakeoff starts, and the user's task in it, which may log it; one on the command line shows
 * in `ps` for the whole run. So `./bakeoff` takes `$BAKEOFF_JDBC_PASSWORD` out of the environment and
 * `--jdbc-password VALUE` off the command line, and passes the value on a pipe (descriptor 3), naming
 * it in [FILE] and where it came from in [FROM]. Java closes that descriptor in every process it
 * starts, so only this JVM can read it. Read at most once, on first use; thread-safe.
 */
internal object LauncherSecret {
    /** Where the launcher found the password: the option counts as given, the variable as ambient. */
    enum class From { OPTION, ENV }

    private const val FILE = "bakeoff.secret.jdbcPassword"
    private const val FROM = "bakeoff.secret.jdbcPasswordFrom"

    private val handed: Pair<From, String>? by lazy {
        val file = System.getProperty(FILE) ?: return@lazy null
        val from = From.entries.firstOrNull { it.name.equals(System.getProperty(FROM), ignoreCase = true) }
            ?: return@lazy null
        try {
            Files.newBufferedReader(Path.of(file)).use { it.readLine() }?.let { from to it }
        } catch (_: IOException) {
            null
        }
    }

    /** The password the launcher found as [from], or null. */
    fun jdbcPassword(from: From): String? = handed?.takeIf { it.first == from }?.second
}
