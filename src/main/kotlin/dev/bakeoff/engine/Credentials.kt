package dev.bakeoff.engine

/**
 * Masks credentials inside a setting's value before it goes into a results file: a JDBC URL may
 * carry a password as a parameter (`?password=...`, `;PASSWORD=...`) or as user info
 * (`//user:password@host`). Pure; thread-safe.
 */
internal object Credentials {
    private val PARAMETER = Regex("""(?i)(password|pwd|secret|token)=[^&;]*""")
    private val USER_INFO = Regex("""(//[^/:@]*):[^/@]*@""")

    /** [value] with every password-like parameter and user-info password replaced by `***`. */
    fun masked(value: String): String = value
        .replace(PARAMETER) { "${it.groupValues[1]}=***" }
        .replace(USER_INFO) { "${it.groupValues[1]}:***@" }
}
