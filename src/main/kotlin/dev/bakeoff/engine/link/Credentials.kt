package dev.bakeoff.engine.link

/**
 * Masks credentials inside a setting's value before it goes into a results file or a message: a
 * JDBC URL may carry a password as a parameter (`?password=...`, `;PASSWORD=...`) or as user info
 * (`//user:password@host`, Oracle's `jdbc:oracle:thin:user/password@host`). Pure; thread-safe.
 */
internal object Credentials {
    private val PARAMETER = Regex("""(?i)(password|pwd|secret|token)=[^&;]*""")

    /** Up to the last `@` before the parameters, so that a password holding `/` or `@` is masked whole. */
    private val USER_INFO = Regex("""(//[^/:@?;]*):[^?;]*@""")
    private val ORACLE = Regex("""(?i)(jdbc:oracle:[a-z]+:)([^/@:]*)/[^?;]*@""")

    /** [value] with every password-like parameter and user-info password replaced by `***`. */
    fun masked(value: String): String = value
        .replace(PARAMETER) { "${it.groupValues[1]}=***" }
        .replace(USER_INFO) { "${it.groupValues[1]}:***@" }
        .replace(ORACLE) { "${it.groupValues[1]}${it.groupValues[2]}/***@" }

    /**
     * [line], a message that may quote what the user typed (`--param password=...`), with every
     * password-like `key=value` masked up to the next space, quote or separator.
     */
    fun maskedLine(line: String): String = line.replace(IN_TEXT) { "${it.groupValues[1]}=***" }

    private val IN_TEXT = Regex("""(?i)(password|pwd|secret|token)=[^&;\s'",]*""")

    /** Whether [url] holds a password in its user info (before the host), not as a parameter. */
    fun inUserInfo(url: String): Boolean = USER_INFO.containsMatchIn(url) || ORACLE.containsMatchIn(url)
}
