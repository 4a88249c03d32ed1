package dev.bakeoff.report

/**
 * The one sanitiser of text that comes from a results file (strategy and workload specs, exception
 * messages, machine names, paths) on its way to a terminal, an XML or HTML file or Markdown: such text
 * is data, never instructions to the reader. A control character (C0 but tab and newline, DEL, C1)
 * or a bidirectional override is shown as its visible escape (`\u001b`), so no ANSI code styles or
 * clears a terminal and no character XML 1.0 forbids reaches a document; a lone surrogate (which no
 * encoder can write) becomes U+FFFD. Markdown also gets its metacharacters escaped, so data never
 * renders as a link, an image, HTML, emphasis, code, a table cell or an emoji. Stateless; safe from any
 * thread.
 */
internal object SafeText {
    /** [text] with every control character but tab and newline shown as `\uXXXX`: text for a file or a page. */
    fun plain(text: String): String = clean(text, keepLines = true)

    /** [text] as one line: every control character shown, tab and newline too. */
    fun line(text: String): String = clean(text, keepLines = false)

    /**
     * [text] as inline Markdown that renders as the same characters: [plain] on one line (a newline or tab
     * is a space), then every character that could open markup escaped with a backslash (`:` too, so no
     * `http://` or `:emoji:` comes alive, and the dot of `www.`).
     */
    fun markdown(text: String): String = buildString(text.length + 16) {
        val clean = plain(text).replace('\n', ' ').replace('\t', ' ')
        for ((i, c) in clean.withIndex()) {
            if (c in MARKDOWN || (c == '.' && clean.regionMatches(i - 3, "www", 0, 3, ignoreCase = true))) {
                append('\\')
            }
            append(c)
        }
    }

    /**
     * [out] passing every character through [plain]'s rule, for a writer that appends data piece by
     * piece (a surrogate pair may arrive in two pieces, so a text ends with a character that is not
     * one, such as a newline). Not thread-safe: one writer's.
     */
    fun plain(out: Appendable): Appendable = PlainAppendable(out)

    private fun clean(text: String, keepLines: Boolean): String {
        if (text.none { shown(it, keepLines) || it.isSurrogate() }) return text
        val out = StringBuilder(text.length + 16)
        PlainAppendable(out, keepLines).apply { append(text) }.end()
        return out.toString()
    }

    /** Appends each character to [out] as [clean] shows it; a lone surrogate becomes U+FFFD. */
    private class PlainAppendable(private val out: Appendable, private val keepLines: Boolean = true) : Appendable {
        /** A high surrogate waiting for its low one. */
        private var high: Char? = null

        override fun append(csq: CharSequence?): Appendable = append(csq, 0, csq?.length ?: 4)

        override fun append(csq: CharSequence?, start: Int, end: Int): Appendable = apply {
            val text = csq ?: "null"
            for (i in start until end) put(text[i])
        }

        override fun append(c: Char): Appendable = apply { put(c) }

        /** The text ended: a high surrogate still waiting was a lone one. */
        fun end() {
            high?.let { out.append(REPLACEMENT) }
            high = null
        }

        private fun put(c: Char) {
            high?.let { h ->
                high = null
                if (c.isLowSurrogate()) {
                    out.append(h).append(c)
                    return
                }
                out.append(REPLACEMENT)
            }
            when {
                c.isHighSurrogate() -> high = c
                c.isLowSurrogate() -> out.append(REPLACEMENT)
                shown(c, keepLines) -> out.append("\\u").append(c.code.toString(16).padStart(4, '0'))
                else -> out.append(c)
            }
        }
    }

    private fun shown(c: Char, keepLines: Boolean): Boolean = when {
        c == '\t' || c == '\n' -> !keepLines

        c < ' ' -> true

        c in '\u007f'..'\u009f' -> true

        // Bidirectional embeddings, overrides and isolates reorder what a reader sees ("Trojan source").
        c in '\u202a'..'\u202e' || c in '\u2066'..'\u2069' -> true

        // XML 1.0 forbids these two non-characters.
        c == '\ufffe' || c == '\uffff' -> true

        else -> false
    }

    private const val REPLACEMENT = '\ufffd'

    /** What may open Markdown (GitHub's: links, images, HTML, entities, emphasis, code, tables, math, emoji). */
    private const val MARKDOWN = "\\`*_[]()<>!|#&~$:@{}"
}
