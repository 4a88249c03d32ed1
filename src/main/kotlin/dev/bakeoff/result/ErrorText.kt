package dev.bakeoff.result

/**
 * The one cap on an error text that Bakeoff shows or stores (a cell's `error`, a planning probe's
 * reason): a task's exception message is the task's to choose, and one of megabytes would otherwise
 * fill the console and every results file, where the task's own output is capped at 1 MiB. The first
 * [MAX_CHARS] characters are kept, then a note of how many were left out (the cell's log has the
 * whole exception). Stateless; thread-safe.
 */
internal object ErrorText {
    /** The most characters of an error text kept: a few lines, enough for any message meant to be read. */
    const val MAX_CHARS = 2_000

    /** [text] when it is at most [MAX_CHARS] long, else its first [MAX_CHARS] characters and the note. */
    fun cap(text: String): String {
        if (text.length <= MAX_CHARS) return text
        // Not inside a surrogate pair: half a character would be an invalid string in the JSON files.
        val end = if (Character.isHighSurrogate(text[MAX_CHARS - 1])) MAX_CHARS - 1 else MAX_CHARS
        return text.substring(0, end) + " … (${text.length - end} more characters; the cell's log has them all)"
    }

    /** [e] as an error text: its class's simple name and its message, [cap]ped. */
    fun of(e: Throwable): String = cap("${e.javaClass.simpleName}: ${e.message}")
}
